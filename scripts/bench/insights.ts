/**
 * The insights (workers/api/src/journal/insights.ts) on the local suite: GET /api/journal/insights of a
 * journal of ENTRIES entries over ten years ending today, in Europe/Berlin (its clocks change twice a year),
 * with 200 tags and 50 people ('@' tags) — one or two an entry —, a mood on every fourth entry (every day
 * has several), km, duration and seven more metrics; beside it a neighbour of 20,000 entries. The default
 * span (the last 365 days) and the longest (ten years), each beside GET /api/health measured in the same
 * run, with the D1 time and statements the answer's Server-Timing gives. The trips are the route's two (the
 * session's row with the profile's zone, then one batch of three statements: round-trips.test.ts pins them).
 *   npm run bench -- insights      (BENCH_PORT; BENCH_ENTRIES, BENCH_RUNS)
 */
import { readServerTiming } from "../../workers/api/src/platform/d1-timing.ts";
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const NEIGHBOUR = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DAY = 86_400_000;
const DAYS = 3652;
const TAGS = 200;
const PEOPLE = 50;
const METRICS = ["mood", "km", "duration", "m4", "m5", "m6", "m7", "m8", "m9", "m10"];
/** Statements of 10,000 rows each, made by a counter in SQL. */
const CHUNK = 10_000;
const END = Date.now();
const START = END - DAYS * DAY;

const suite = await benchSuite(async (db) => {
  const seedStart = performance.now();
  console.log(`seeding ${ENTRIES.toLocaleString("en")} entries over ten years…`);
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash, time_zone)
       VALUES (1, 'bench@nook.localhost', 'Bench', 'bench', 'x', 'Europe/Berlin'),
              (2, 'other@nook.localhost', 'Other', 'other', 'x', 'UTC')`,
    )
    .run();
  const names = [
    ...Array.from({ length: TAGS }, (_, i) => `tag${i + 1}`),
    ...Array.from({ length: PEOPLE }, (_, i) => `@person${i + 1}`),
  ];
  const statements = [];
  for (const user of [1, 2]) {
    const offset = (user - 1) * 1000;
    statements.push(
      db.prepare(
        `INSERT INTO tags (id, user_id, name) VALUES ${names.map((n, i) => `(${offset + i + 1}, ${user}, '${n}')`).join(", ")}`,
      ),
      db.prepare(
        `INSERT INTO metrics (id, user_id, name) VALUES ${METRICS.map((n, i) => `(${offset + i + 1}, ${user}, '${n}')`).join(", ")}`,
      ),
    );
  }
  await db.batch(statements);
  const seed = async (user: number, count: number, firstId: number) => {
    const offset = (user - 1) * 1000;
    const step = Math.floor((DAYS * DAY) / count);
    for (let from = 0; from < count; from += CHUNK) {
      const n = Math.min(CHUNK, count - from);
      const ids = `WITH RECURSIVE n(i) AS (SELECT ${firstId + from} UNION ALL SELECT i + 1 FROM n WHERE i < ${firstId + from + n - 1})`;
      const at = `${START} + (i - ${firstId}) * ${step}`;
      // One tag each, a second on every third; a mood on every fourth (1–5), km on every fifth, a duration on
      // every third, one of seven more metrics on every eleventh.
      await db.batch([
        db.prepare(
          `${ids} INSERT INTO entries (id, user_id, text, date, modified_at, fingerprint)
           SELECT i, ${user}, 'entry ' || i, ${at}, ${at}, 'fp' || i FROM n`,
        ),
        db.prepare(
          `${ids} INSERT INTO entry_tags (entry_id, tag_id) SELECT i, ${offset} + (i * 7) % 250 + 1 FROM n
           UNION SELECT i, ${offset} + (i * 13) % 250 + 1 FROM n WHERE i % 3 = 0`,
        ),
        db.prepare(
          `${ids} INSERT INTO entry_metrics (entry_id, metric_id, value)
           SELECT i, ${offset} + 1, (i * 7) % 5 + 1 FROM n WHERE i % 4 = 0
           UNION ALL SELECT i, ${offset} + 2, (i % 20) / 2.0 FROM n WHERE i % 5 = 0
           UNION ALL SELECT i, ${offset} + 3, (i * 37) % 5400 FROM n WHERE i % 3 = 0
           UNION ALL SELECT i, ${offset} + 4 + i % 7, i % 100 FROM n WHERE i % 11 = 0`,
        ),
      ]);
    }
  };
  await seed(1, ENTRIES, 1);
  await seed(2, NEIGHBOUR, ENTRIES + 1);
  await db.prepare("ANALYZE").run();
  console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
});

try {
  const token = await suite.signIn();
  const origin = suite.origin("journal");
  /** One call: its wall time is timed by `time`; its D1 figures kept from the header. */
  const d1: Record<string, { total: number; statements: number; longest: number }[]> = {};
  const get = async (path: string, label: string) => {
    const res = await localFetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}`, Origin: origin } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text()}`);
    const timing = readServerTiming(String(res.headers["server-timing"] ?? ""));
    if (timing) d1[label] = [...(d1[label] ?? []), timing];
    return res;
  };
  for (let i = 0; i < 20; i++) await suite.call(null, "GET", "/api/health");
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const spans: [label: string, path: string][] = [
    ["the last 365 days (the default)", "/api/journal/insights"],
    ["ten years (the longest span)", `/api/journal/insights?from=${day(END - 3659 * DAY)}&to=${day(END)}`],
  ];
  // A first call of each, which also shows what it found.
  for (const [label, path] of spans) {
    const body = (await get(path, "warm")).json<{ days: number; tested: number; findings: unknown[] }>();
    console.log(
      `  ${label}: ${body.days} days with a mood, ${body.tested} tests, ${body.findings.length} findings listed`,
    );
  }
  console.log(
    `\ninsights: ${ENTRIES.toLocaleString("en")} entries over ten years, ${TAGS} tags and ${PEOPLE} people, ` +
      `${METRICS.length} metrics (a neighbour of ${NEIGHBOUR.toLocaleString("en")} beside them; HTTP through the gateway)`,
  );
  const health = await time(RUNS * 2, () => suite.call(null, "GET", "/api/health"));
  report("GET /api/health (baseline)", health);
  const results = [];
  for (const [label, path] of spans) {
    const r = await time(RUNS, () => get(path, label));
    report(`GET /api/journal/insights: ${label}`, r);
    const timings = (d1[label] ?? []).map((t) => t.total).sort((a, b) => a - b);
    const statements = d1[label]?.[0]?.statements ?? 0;
    const d1Median = timings[Math.floor(timings.length / 2)] ?? Number.NaN;
    const longest = (d1[label] ?? []).map((t) => t.longest).sort((a, b) => a - b);
    const longestMedian = longest[Math.floor(longest.length / 2)] ?? Number.NaN;
    console.log(
      `    D1 ${d1Median.toFixed(1)} ms (median, SQLite's own time; its longest statement ${longestMedian.toFixed(1)} ms) ` +
        `in ${statements} statements, 2 trips; ` +
        `${(r.median / health.median).toFixed(1)}× /api/health`,
    );
    results.push({ label, median: r.median });
  }
  // The default span within 100 ms; the longest within the limits every route keeps (a second a request).
  const [byDefault, longest] = results;
  if (!byDefault || byDefault.median > 100) {
    console.log(`  FAIL: the default span's median ${byDefault?.median.toFixed(1)} ms, over 100 ms`);
    process.exitCode = 1;
  }
  if (!longest || longest.median > 1000) {
    console.log(`  FAIL: ten years' median ${longest?.median.toFixed(1)} ms, over a second`);
    process.exitCode = 1;
  }
} finally {
  await suite.close();
}
