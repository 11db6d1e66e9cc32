/**
 * The e2e ledger's vitest reporter (scripts/ledger.ts says what is measured). It samples the local server's
 * processor time once a second and shares it between the e2e files running then, gathers each file's own
 * figures from its meta (e2e/ledger-setup.ts), prints the ledger after the run, writes it to
 * test-results/e2e-ledger.json, and fails the run when a file is over its budget or the files over their total,
 * or when axe audits the same screen twice in a theme (and language).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { BUDGETS } from "../e2e/budgets.ts";
import { type Budgets, formatLedger, judge, type LedgerEntry, treeCpuMs } from "./ledger.ts";

/** Where e2e/global-setup.ts leaves the local server's process ids (the reporter runs in the same process). */
export const serverPids = globalThis as { nookServerPids?: number[] };

const isE2e = (m: TestModule) => m.project.name.startsWith("e2e");

export default class LedgerReporter implements Reporter {
  private readonly budgets: Budgets;
  private readonly out: string;
  private readonly running = new Set<string>();
  private readonly serverMs = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastServerMs: number | undefined;

  constructor(options: { budgets?: Budgets; out?: string } = {}) {
    this.budgets = options.budgets ?? BUDGETS;
    this.out = options.out ?? "test-results/e2e-ledger.json";
  }

  /** The server's processor time since the last sample, shared evenly between the files running. */
  private sample() {
    const pids = serverPids.nookServerPids;
    if (!pids?.length) return;
    const now = treeCpuMs(pids);
    const spent = this.lastServerMs === undefined ? 0 : Math.max(0, now - this.lastServerMs);
    this.lastServerMs = now;
    if (this.running.size === 0) return;
    for (const id of this.running) this.serverMs.set(id, (this.serverMs.get(id) ?? 0) + spent / this.running.size);
  }

  onTestModuleStart(m: TestModule) {
    if (!isE2e(m)) return;
    this.sample();
    this.running.add(m.moduleId);
    this.timer ??= setInterval(() => this.sample(), 1000);
  }

  onTestModuleEnd(m: TestModule) {
    if (!isE2e(m)) return;
    this.sample();
    this.running.delete(m.moduleId);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    clearInterval(this.timer);
    this.timer = undefined;
    const entries: LedgerEntry[] = [];
    for (const m of modules) {
      if (!isE2e(m)) continue;
      const own = m.meta().ledger;
      if (!own) continue; // it failed to load, or did not run: its failure is reported already
      entries.push({
        file: relative(process.cwd(), m.moduleId),
        ownMs: own.ownMs,
        serverMs: this.serverMs.get(m.moduleId) ?? 0,
        wallMs: own.wallMs,
        tests: [...m.children.allTests()].length,
        pageLoads: own.pageLoads,
        signUps: own.signUps,
        audits: own.audited.length,
        audited: own.audited,
      });
    }
    if (entries.length === 0) return;
    console.log(`\n${formatLedger(entries, this.budgets)}`);
    const broken = judge(entries, this.budgets);
    mkdirSync(dirname(this.out), { recursive: true });
    writeFileSync(this.out, `${JSON.stringify({ budgets: this.budgets, entries, broken }, null, 2)}\n`);
    if (broken.length) {
      console.log(`\n✗ The e2e ledger's rules are broken:\n${broken.map((b) => `  - ${b}`).join("\n")}`);
      process.exitCode = 1;
    } else {
      console.log(
        "✓ Every e2e file within its budget, the files within their total, and each screen audited once a theme.",
      );
    }
  }
}
