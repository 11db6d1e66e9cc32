/**
 * A year in pixels (GET /api/journal/pixels) over a full account: 100,000 journal entries over ten years (the
 * stacks' journal: scripts/bench/seed-stacks.ts, a mood on every tenth entry, the profile in Europe/Berlin),
 * and then the same with a mood on every entry of the last 365 days (about 10,000 moods in the year asked) —
 * beside a bare baseline in the same run, GET /api/health. Each answer's time in D1 is its Server-Timing.
 * Bound: median at most 50 ms.
 *   npm run bench -- pixels
 */
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { metricId, seedStacks } from "./seed-stacks.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const BOUND_MS = 50;
const DAY = 86_400_000;

const suite = await benchSuite(async (db) => {
  await seedStacks(db, ENTRIES);
  await db.prepare("ANALYZE").run();
});

/** D1's own time for one answer (platform/d1-timing.ts): the sum of its statements, in ms. */
async function d1Time(token: string, path: string): Promise<string> {
  const res = await localFetch(`${suite.origin("journal")}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return /d1;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""))?.[1] ?? "?";
}

try {
  const token = await suite.signIn();
  const year = new Date().getUTCFullYear();
  const path = `/api/journal/pixels?year=${year}`;
  for (let i = 0; i < 20; i++) await suite.call(null, "GET", "/api/health");
  const days = async () => ((await suite.call(token, "GET", path)) as { days: (number | null)[] }).days;
  const health = await time(200, () => suite.call(null, "GET", "/api/health"));
  report("GET /api/health (baseline: no session)", health);
  const ratio = (a: { median: number }) => `${(a.median / health.median).toFixed(1)}× health`;
  let held = true;
  for (const label of ["a mood on every tenth entry", "a mood on every entry of the last 365 days"]) {
    if (label.startsWith("a mood on every entry")) {
      const since = Date.now() - 365 * DAY;
      await suite.db
        .prepare(
          `INSERT OR IGNORE INTO entry_metrics (entry_id, metric_id, value)
           SELECT id, ?, 1 + id % 5 FROM entries WHERE user_id = 1 AND date >= ?`,
        )
        .bind(metricId("mood"), since)
        .run();
    }
    const moods = await suite.db
      .prepare(
        "SELECT count(*) AS n FROM entries e JOIN entry_metrics m ON m.entry_id = e.id AND m.metric_id = ? WHERE e.user_id = 1 AND e.date >= ?",
      )
      .bind(metricId("mood"), Date.UTC(year, 0, 1))
      .first<{ n: number }>();
    const shown = (await days()).filter((d) => d !== null).length;
    console.log(
      `\n${year} in pixels over ${ENTRIES.toLocaleString("en")} entries, ${label}: ${moods?.n} moods this year, ${shown} days with one`,
    );
    const got = await time(RUNS, () => suite.call(token, "GET", path));
    report(`GET ${path}`, got);
    console.log(`  ${ratio(got)}; D1's time for one answer ${await d1Time(token, path)} ms`);
    held &&= got.median <= BOUND_MS;
  }
  console.log(`\n  ${held ? "✓" : "✗"} every median within ${BOUND_MS} ms`);
  if (!held) process.exitCode = 1;
} finally {
  await suite.close();
}
