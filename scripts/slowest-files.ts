/**
 * A vitest reporter that prints, after the run, the ten slowest test files with their wall times. The e2e
 * files' processor time is held to its budgets by the ledger (scripts/ledger-reporter.ts).
 */
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** A file's own time: importing it, its hooks and its tests (vitest's module diagnostic). */
const fileTime = (m: TestModule) => {
  const d = m.diagnostic();
  return d.collectDuration + d.setupDuration + d.duration;
};

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    if (modules.length === 0) return;
    const rows = modules
      .map((m) => ({ project: m.project.name, file: relative(process.cwd(), m.moduleId), ms: fileTime(m) }))
      .sort((a, b) => b.ms - a.ms);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    console.log("\nThe ten slowest test files:");
    for (const r of rows.slice(0, 10)) console.log(`  ${seconds(r.ms)}  ${r.project.padEnd(8)} ${r.file}`);
  }
}
