/**
 * A vitest reporter that prints, after the run, the ten slowest test files with their times, and names
 * every e2e file over its budget of 20 s: a slow file is seen the day it grows, not when the suite has.
 */
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const E2E_FILE_BUDGET_MS = 20_000;

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
    const over = rows.filter((r) => r.project.startsWith("e2e") && r.ms > E2E_FILE_BUDGET_MS);
    if (over.length)
      console.log(
        `e2e files over their ${E2E_FILE_BUDGET_MS / 1000} s budget (split them, or test at a cheaper layer): ${over
          .map((r) => `${r.file} ${seconds(r.ms).trim()}`)
          .join(", ")}`,
      );
  }
}
