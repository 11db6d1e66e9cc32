/**
 * Stack statistics over a 10-year journal: one user with 100,000 entries
 * (several tags, a few metrics, a down/up pair every night). For every item
 * type, with and without uptime-only:
 *   - POST /api/journal/stack-item-data over HTTP through the gateway (auth
 *     included): median and p95 — the figure a user waits for;
 *   - the SQL work: the statements the engine sends for the item (recorded
 *     from a run of workers/api/src/stacks/engine), each timed in batches of
 *     10 copies so the Node→workerd hop is spread thin, summed, and divided
 *     by a bare indexed scan of the same matching rows timed the same way.
 * Streaks also with a habit goal (3 days a week, 10 a month), without uptime-only.
 * Budgets: HTTP median under 50 ms, SQL work under 3× the bare scan.
 * Then what keeping the sleep columns costs (journal/uptime.ts): recomputing
 * every entry once (the first uptime-only read after rows written straight
 * into D1, as the seed here), writing a down or up entry against a plain one,
 * and the first uptime-only read after a night's down and up.
 *   npm run bench -- stacks
 */
import { STACK_ITEM_TYPES, type StackItemType, type StreakGoal } from "@nook/shared/stacks/schemas";
import { refreshUptime } from "../../workers/api/src/journal/uptime.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";
import { stackItemData } from "../../workers/api/src/stacks/engine/index.ts";
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { metricId, seedStacks, TIME_ZONE, tagId } from "./seed-stacks.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 8799);
const suite = await benchSuite(async (db) => {
  await seedStacks(db, ENTRIES);
  // Rows written straight into D1 (here, or by an import) leave the sleep columns stale from the first one.
  const t = performance.now();
  const recomputed = await refreshUptime(openDb(db), 1);
  console.log(
    `  sleep columns of ${recomputed.toLocaleString("en")} entries recomputed in ${(performance.now() - t).toFixed(0)} ms`,
  );
}, port);
const d1 = suite.db;

/** The item each type is measured with: smokes (40% of the entries), the top entries by mood for max/min. */
function itemFor(type: StackItemType, uptimeOnly: boolean, goal: StreakGoal | null = null) {
  const metric = type === "max" || type === "min" ? metricId("mood") : null;
  return {
    type,
    uptimeOnly,
    tagsSign: "&&" as const,
    config: { filter: [{ name: "smoke", not: false }], timeRange: null, metricId: metric, goal },
  };
}

/** Every type with and without uptime-only, and streaks with a goal a week and a month. */
const CASES: { type: StackItemType; uptimeOnly: boolean; goal: StreakGoal | null }[] = [
  ...STACK_ITEM_TYPES.flatMap((type) => [false, true].map((uptimeOnly) => ({ type, uptimeOnly, goal: null }))),
  { type: "streaks", uptimeOnly: false, goal: { times: 3, per: "week" } },
  { type: "streaks", uptimeOnly: false, goal: { times: 10, per: "month" } },
];

try {
  const origin = suite.origin("journal");
  const token = await suite.signIn();
  const http = async (type: StackItemType, uptimeOnly: boolean, goal: StreakGoal | null = null) => {
    const r = await localFetch(`${origin}/api/journal/stack-item-data`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify(itemFor(type, uptimeOnly, goal)),
    });
    if (r.status !== 200) throw new Error(`stack-item-data ${type}: ${r.status} ${r.text()}`);
    return r.json<unknown>();
  };
  // The engine on a D1 that records what it sends.
  let log: { sql: string; params: unknown[] }[] = [];
  const wrap = <T extends object>(target: T, on: Record<string, (...a: never[]) => unknown>): T =>
    new Proxy(target, {
      get(t, p) {
        if (typeof p === "string" && p in on) return on[p];
        const v = Reflect.get(t, p);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
  const recording = wrap(d1, {
    prepare: (query: string) => {
      const entry = { sql: query, params: [] as unknown[] };
      log.push(entry);
      const statement = d1.prepare(query);
      return wrap(statement, {
        bind: (...params: unknown[]) => {
          entry.params = params;
          return statement.bind(...params);
        },
      });
    },
  });
  const db = openDb(recording);
  const engine = async (type: StackItemType, uptimeOnly: boolean, goal: StreakGoal | null) => {
    log = [];
    await stackItemData(db, 1, itemFor(type, uptimeOnly, goal), { now: Date.now(), timeZone: TIME_ZONE });
    return log;
  };
  /** One statement's own cost: 10 copies a batch (one round trip), the median of 7 batches, per copy. */
  const sqlTime = async (query: string, params: unknown[]) => {
    const batch = Array.from({ length: 10 }, () => d1.prepare(query).bind(...params));
    await d1.batch(batch);
    return (await time(7, () => d1.batch(batch))).median / 10;
  };
  // The same matching rows, bare: the user's smokes up to now, the tag's ids off the (tag_id, entry_id)
  // index and each entry by its key — the fastest plain read of them (an EXISTS per entry is 2–3× slower).
  const bareSql = `SELECT COUNT(*) AS n, MAX(date) AS last FROM entries WHERE user_id = 1 AND date <= ?
    AND id IN (SELECT entry_id FROM entry_tags WHERE tag_id = ?)`;
  const bareParams = () => [Date.now(), tagId("smoke")];
  const matching =
    (
      await d1
        .prepare(bareSql)
        .bind(...bareParams())
        .first<{ n: number }>()
    )?.n ?? 0;

  // Warm up, and check the API counts what the bare scan counts.
  for (const type of STACK_ITEM_TYPES) await http(type, false);
  const check = (await http("sum", false)) as { count: number };
  if (check.count !== matching) throw new Error(`sum counts ${check.count} smokes, the bare scan ${matching}`);
  const bare = await sqlTime(bareSql, bareParams());

  console.log(
    `\nPOST /api/journal/stack-item-data, ${ENTRIES.toLocaleString("en")} entries over 10 years, the item's tag on ${matching.toLocaleString("en")} of them`,
  );
  console.log(`  bare indexed scan of the matching rows: ${bare.toFixed(2)} ms of SQL`);
  const rows: { label: string; http: number; p95: number; sql: number; statements: number }[] = [];
  const only = process.env.BENCH_TYPES?.split(",");
  for (const { type, uptimeOnly, goal } of CASES.filter((c) => !only || only.includes(c.type))) {
    const label = `${type}${uptimeOnly ? ", uptime only" : ""}${goal ? `, ${goal.times} a ${goal.per}` : ""}`;
    const h = await time(RUNS, () => http(type, uptimeOnly, goal));
    report(`${label} — HTTP`, h);
    let sqlMs = 0;
    const statements = await engine(type, uptimeOnly, goal);
    for (const s of statements) sqlMs += await sqlTime(s.sql, s.params);
    rows.push({ label, http: h.median, p95: h.p95, sql: sqlMs, statements: statements.length });
  }
  console.log("\n  type                              HTTP median   HTTP p95    SQL work (statements)   / bare scan");
  let over = 0;
  for (const r of rows) {
    const ratio = r.sql / bare;
    const ok = r.http < 50 && ratio < 3;
    if (!ok) over++;
    console.log(
      `  ${r.label.padEnd(32)} ${r.http.toFixed(1).padStart(8)} ms ${r.p95.toFixed(1).padStart(8)} ms ${r.sql.toFixed(1).padStart(9)} ms (${r.statements}) ${ratio.toFixed(2).padStart(12)}×  ${ok ? "" : "OVER"}`,
    );
  }
  console.log(
    `\n  budgets: HTTP median < 50 ms and SQL work < 3× the bare scan — ${over ? `${over} OVER` : "all within"}`,
  );

  // A night's writes: a plain entry, a down and an up, each over HTTP; then the first uptime-only read.
  const write = (tags: string[], date: number) =>
    localFetch(`${origin}/api/journal/entries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: origin, "Content-Type": "application/json" },
      body: JSON.stringify({ text: "bench", tags, metrics: [], date: new Date(date).toISOString() }),
    });
  const writes = { plain: [] as number[], marker: [] as number[], read: [] as number[], clean: [] as number[] };
  const timed = async (into: number[], fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    into.push(performance.now() - t);
  };
  for (let i = 0; i < 15; i++) {
    const at = Date.now() - 60_000;
    await timed(writes.plain, () => write(["smoke"], at));
    await timed(writes.marker, () => write(["down"], at + 1));
    await timed(writes.marker, () => write(["up"], at + 2));
    await timed(writes.read, () => http("top time between", true));
    await timed(writes.clean, () => http("top time between", true));
  }
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  console.log("\n  keeping the sleep columns:");
  console.log(`    write a plain entry (POST /entries)             median ${median(writes.plain).toFixed(1)} ms`);
  console.log(`    write a down or an up entry                     median ${median(writes.marker).toFixed(1)} ms`);
  console.log(
    `    top time between, uptime only, after a night's down and up: median ${median(writes.read).toFixed(1)} ms (the same read again: ${median(writes.clean).toFixed(1)} ms)`,
  );
} finally {
  await suite.close();
}
