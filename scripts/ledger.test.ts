import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { BUDGETS } from "../e2e/budgets.ts";
import { type Budgets, formatLedger, judge, type LedgerEntry, treeCpuMs } from "./ledger.ts";
import { repo } from "./wrangler.ts";

/** A script that spends 300 ms of its own processor time, however long that takes on a busy machine. */
const BURN_300_MS =
  "const s = process.cpuUsage(); while (process.cpuUsage(s).user + process.cpuUsage(s).system < 300_000);";

const entry = (file: string, ownMs: number, serverMs: number): LedgerEntry => ({
  file,
  ownMs,
  serverMs,
  wallMs: 1000,
  tests: 1,
  pageLoads: 2,
  signUps: 1,
  audits: 0,
});

const budgets: Budgets = {
  fileSeconds: 20,
  totalSeconds: 50,
  files: { "e2e/big.test.ts": { seconds: 30, why: "a walk of every screen" } },
};

describe("the e2e ledger's rules", () => {
  it("passes files within their budgets", () => {
    expect(judge([entry("e2e/a.test.ts", 15_000, 4_900), entry("e2e/big.test.ts", 25_000, 4_000)], budgets)).toEqual(
      [],
    );
  });

  it("names a file over the default budget, with its figure and the rule", () => {
    // 15.0 + 5.1 = 20.1 s, over 20.
    const [broken, ...rest] = judge([entry("e2e/a.test.ts", 15_000, 5_100)], budgets);
    expect(rest).toEqual([]);
    expect(broken).toContain("e2e/a.test.ts took 20.1 s of processor time, over its budget of 20 s");
    expect(broken).toContain("the default a file, e2e/budgets.ts");
  });

  it("holds a file to the budget it states, and says why it has it", () => {
    const [broken] = judge([entry("e2e/big.test.ts", 28_000, 2_500)], budgets);
    expect(broken).toContain("e2e/big.test.ts took 30.5 s of processor time, over its budget of 30 s");
    expect(broken).toContain("a walk of every screen");
  });

  it("holds the files together to the total", () => {
    // 3 × 18 = 54 s, over 50; each file within its own.
    const broken = judge(
      [18, 18, 18].map((s, i) => entry(`e2e/${i}.test.ts`, s * 1000, 0)),
      budgets,
    );
    expect(broken).toEqual([
      "The e2e files together took 54.0 s of processor time, over their total of 50 s (e2e/budgets.ts).",
    ]);
  });

  it("prints a row a file, the costliest first, and the total", () => {
    const text = formatLedger([entry("e2e/a.test.ts", 1_000, 500), entry("e2e/b.test.ts", 3_000, 0)], budgets);
    const rows = text.split("\n").slice(2);
    expect(rows.map((r) => r.split(/\s+/).slice(0, 3))).toEqual([
      ["e2e/b.test.ts", "3.0", "20"],
      ["e2e/a.test.ts", "1.5", "20"],
      ["all", "e2e", "files"],
    ]);
    expect(rows[2]).toMatch(/4\.5\s+50\s+4\.0\s+0\.5/);
  });

  it("fails a screen audited twice in a theme and language, naming it and the files", () => {
    const a = {
      ...entry("e2e/a.test.ts", 1_000, 0),
      audited: ["people: the list (dark, en)", "people: the list (light, en)"],
    };
    const b = { ...entry("e2e/b.test.ts", 1_000, 0), audited: ["people: the list (dark, en)"] };
    expect(judge([a, b], budgets)).toEqual([
      "axe ran twice on people: the list (dark, en): e2e/a.test.ts, e2e/b.test.ts — audit a screen once per theme (README, The e2e ledger)",
    ]);
  });

  it("fails a screen audited twice in one file", () => {
    const a = { ...entry("e2e/a.test.ts", 1_000, 0), audited: ["kids: home (light, en)", "kids: home (light, en)"] };
    expect(judge([a], budgets)).toEqual([
      "axe ran twice on kids: home (light, en): e2e/a.test.ts, e2e/a.test.ts — audit a screen once per theme (README, The e2e ledger)",
    ]);
  });

  it("passes distinct screens, and one screen in each theme and language", () => {
    const a = {
      ...entry("e2e/a.test.ts", 1_000, 0),
      audited: ["people: the list (dark, en)", "people: the list (light, en)", "people: the list (light, ru)"],
    };
    const b = { ...entry("e2e/b.test.ts", 1_000, 0), audited: ["people: the add modal (dark, en)"] };
    expect(judge([a, b], budgets)).toEqual([]);
  });

  it("states a reason beside every budget above the default", () => {
    for (const [file, { seconds, why }] of Object.entries(BUDGETS.files)) {
      expect(seconds, file).toBeGreaterThan(BUDGETS.fileSeconds);
      expect(why.length, file).toBeGreaterThan(20);
      expect(readFileSync(`${repo}${file}`, "utf8").length, file).toBeGreaterThan(0);
    }
  });
});

describe("the e2e ledger's measure", () => {
  it("counts a child's processor time as its parent's, alive or ended", () => {
    const before = treeCpuMs([process.pid]);
    // 300 ms of processor time in a child (counted by the child, however busy the machine), waited for.
    const r = spawnSync(process.execPath, ["-e", BURN_300_MS]);
    expect(r.status).toBe(0);
    expect(treeCpuMs([process.pid]) - before).toBeGreaterThanOrEqual(250);
  });

  it("counts a running child of a child", async () => {
    // A shell whose child burns the processor until it is killed: alive, two levels down.
    const shell = spawn("sh", ["-c", `${JSON.stringify(process.execPath)} -e "while (true);"`]);
    try {
      const before = treeCpuMs([shell.pid!]);
      await expect.poll(() => treeCpuMs([shell.pid!]) - before, { timeout: 5_000 }).toBeGreaterThanOrEqual(200);
    } finally {
      spawnSync("pkill", ["-P", String(shell.pid)]);
      shell.kill();
    }
  });
});

/** The fixture's run (scripts/ledger-fixture) with a budget a file: its exit code, output and ledger. */
function runFixture(budgetSeconds: number) {
  const out = `${mkdtempSync(`${tmpdir()}/nook-ledger-`)}/ledger.json`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LEDGER_FIXTURE_BUDGET: String(budgetSeconds),
    LEDGER_FIXTURE_OUT: out,
  };
  for (const k of Object.keys(env)) if (k.startsWith("VITEST") || k === "TEST") delete env[k];
  return new Promise<{ code: number | null; output: string; ledger: { entries: LedgerEntry[]; broken: string[] } }>(
    (resolve) => {
      const child = spawn(
        process.execPath,
        [`${repo}node_modules/vitest/vitest.mjs`, "run", "--config", "scripts/ledger-fixture/vitest.config.ts"],
        { cwd: repo, env },
      );
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("close", (code) =>
        resolve({
          code,
          output,
          ledger: JSON.parse(readFileSync(out, "utf8")) as { entries: LedgerEntry[]; broken: string[] },
        }),
      );
    },
  );
}

describe("a run under the ledger", () => {
  it("fails when a file is over its budget, with the figure and the rule, and passes within it", async () => {
    // The fixture spends about 400 ms: over a budget of 0.1 s, within one of 20 s.
    const [over, within] = await Promise.all([runFixture(0.1), runFixture(20)]);
    expect(over.output).toContain("The e2e ledger");
    expect(over.output).toMatch(
      /scripts\/ledger-fixture\/burn\.fixture\.ts took \d+\.\d s of processor time, over its budget of 0\.1 s/,
    );
    expect(over.code).toBe(1);
    const [file] = over.ledger.entries;
    expect(file?.ownMs).toBeGreaterThanOrEqual(300);
    expect(over.ledger.broken).toHaveLength(1);

    expect(within.output).toContain("Every e2e file within its budget");
    expect(within.ledger.broken).toEqual([]);
    expect(within.code).toBe(0);
  }, 60_000);
});
