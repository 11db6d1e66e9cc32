/**
 * The e2e ledger: what each e2e file cost in processor time, with its page loads, sign-ups and audits, held to
 * the budgets in e2e/budgets.ts, and no screen audited by axe twice in a theme. Processor time wanders far less
 * than wall time on a shared machine: a file that waits on a busy neighbour costs the same processor seconds,
 * only later.
 *
 * A file's figure is the sum of
 * - `own`: its test process and everything that process starts (each vitest worker launches its own
 *   Chromium, so the browser's work for a file is measured exactly: e2e/ledger-setup.ts), and
 * - `server`: its share of the local server (wrangler dev and its workerd, started once for every file):
 *   sampled once a second and split evenly between the e2e files running in that second.
 */
import { readdirSync, readFileSync } from "node:fs";

/** What one e2e file cost. */
export interface LedgerEntry {
  file: string;
  /** Processor ms of the file's test process and its children (its Chromium). */
  ownMs: number;
  /** Processor ms of the local server, its share. */
  serverMs: number;
  wallMs: number;
  tests: number;
  pageLoads: number;
  signUps: number;
  audits: number;
  /** The screens axe audited, each "screen (theme, lang)" (e2e/axe.ts), once an audit. */
  audited?: string[];
}

export interface Budgets {
  fileSeconds: number;
  totalSeconds: number;
  files: Record<string, { seconds: number; why: string }>;
}

/** Linux counts processor time in clock ticks of 1/100 s (`getconf CLK_TCK` is 100 on every kernel Nook runs on). */
const TICK_MS = 10;

interface Proc {
  ppid: number;
  /** The process's own user + system time, and that of its children it has waited for, in ms. */
  ms: number;
}

function readProcs(): Map<number, Proc> {
  const procs = new Map<number, Proc>();
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return procs; // not Linux: nothing to measure
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // it ended while the list was read
    }
    // The command's name is in parentheses and may hold spaces: the fields start after the last ")".
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // state ppid … utime(11) stime(12) cutime(13) cstime(14), counted from state.
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    procs.set(Number(name), { ppid: Number(f[1]), ms: ticks * TICK_MS });
  }
  return procs;
}

/**
 * Processor ms used so far by the processes `roots` and all their descendants, alive or ended (an ended
 * child's time is in its parent's once the parent has waited for it). 0 where /proc is not there.
 */
export function treeCpuMs(roots: number[]): number {
  const procs = readProcs();
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  let ms = 0;
  const seen = new Set<number>();
  const stack = roots.filter((pid) => procs.has(pid));
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    ms += procs.get(pid)!.ms;
    stack.push(...(children.get(pid) ?? []));
  }
  return ms;
}

export const budgetOf = (budgets: Budgets, file: string) => budgets.files[file]?.seconds ?? budgets.fileSeconds;

/**
 * Each screen (with its theme and language) axe audited more than once in the run, in one file or across
 * files, in words, with the files: axe runs once a screen and theme, in the accessibility walk or in the one
 * flow that stands on the screen.
 */
export function auditedTwice(entries: LedgerEntry[]): string[] {
  const files = new Map<string, string[]>();
  for (const e of entries)
    for (const screen of e.audited ?? []) files.set(screen, [...(files.get(screen) ?? []), e.file]);
  return [...files]
    .filter(([, where]) => where.length > 1)
    .map(
      ([screen, where]) =>
        `axe ran ${where.length === 2 ? "twice" : `${where.length} times`} on ${screen}: ${where.join(", ")} — audit a screen once per theme (README, The e2e ledger)`,
    );
}

/**
 * Each broken rule in words, with the figure: empty when every file and the total are within budget and no
 * screen is audited twice in a theme.
 */
export function judge(entries: LedgerEntry[], budgets: Budgets): string[] {
  const broken: string[] = [];
  for (const e of entries) {
    const seconds = (e.ownMs + e.serverMs) / 1000;
    const budget = budgetOf(budgets, e.file);
    if (seconds > budget)
      broken.push(
        `${e.file} took ${seconds.toFixed(1)} s of processor time, over its budget of ${budget} s ` +
          `(${budgets.files[e.file] ? `stated in e2e/budgets.ts: ${budgets.files[e.file]!.why}` : "the default a file, e2e/budgets.ts"}). ` +
          "Split it, or test at a cheaper layer (README, Which layer a test belongs in).",
      );
  }
  const total = entries.reduce((s, e) => s + e.ownMs + e.serverMs, 0) / 1000;
  if (total > budgets.totalSeconds)
    broken.push(
      `The e2e files together took ${total.toFixed(1)} s of processor time, over their total of ${budgets.totalSeconds} s (e2e/budgets.ts).`,
    );
  broken.push(...auditedTwice(entries));
  return broken;
}

const s = (ms: number) => (ms / 1000).toFixed(1);

/** The ledger as a table, the costliest file first, with the total and the budgets. */
export function formatLedger(entries: LedgerEntry[], budgets: Budgets): string {
  const rows = [...entries].sort((a, b) => b.ownMs + b.serverMs - (a.ownMs + a.serverMs));
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const head = `${"file".padEnd(width)}  ${["cpu s", "budget", "own", "server", "wall s", "tests", "loads", "sign-ups", "audits"].map((h) => h.padStart(9)).join("")}`;
  const line = (r: LedgerEntry, budget: string) =>
    `${r.file.padEnd(width)}  ${[
      s(r.ownMs + r.serverMs),
      budget,
      s(r.ownMs),
      s(r.serverMs),
      s(r.wallMs),
      r.tests,
      r.pageLoads,
      r.signUps,
      r.audits,
    ]
      .map((v) => String(v).padStart(9))
      .join("")}`;
  const sum = (k: keyof Omit<LedgerEntry, "file" | "audited">) => rows.reduce((t, r) => t + r[k], 0);
  const total: LedgerEntry = {
    file: "all e2e files",
    ownMs: sum("ownMs"),
    serverMs: sum("serverMs"),
    wallMs: sum("wallMs"),
    tests: sum("tests"),
    pageLoads: sum("pageLoads"),
    signUps: sum("signUps"),
    audits: sum("audits"),
  };
  return [
    "The e2e ledger (processor seconds: own = the test process and its Chromium, server = its share of the local server):",
    head,
    ...rows.map((r) => line(r, String(budgetOf(budgets, r.file)))),
    line(total, String(budgets.totalSeconds)),
  ].join("\n");
}
