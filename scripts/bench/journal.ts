/**
 * A journal of 100,000 entries: latency of the first page and of a deep page
 * of GET /api/journal/entries on the local suite (wrangler dev, workerd,
 * local D1), and how the page query compares with a bare indexed SELECT of
 * the same rows. Then search (GET /api/journal/entries?q=…, journal/entry-search.ts):
 * each entry's text given three words of fifty (English and Russian, each in about
 * 6% of the entries) and "dentist" on one in a thousand; a first page of each kind of
 * search, its median against the 50 ms budget and its ratio to the bare indexed
 * SELECT of a first page (both through HTTP or a round trip).
 *   npm run bench -- journal
 */
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { entryPageQuery } from "../../workers/api/src/journal/entry-list.ts";
import { searchCondition } from "../../workers/api/src/journal/entry-search.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { seedJournal } from "./seed-journal.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
/** Fifty words, each given to about 6% of the entries, three an entry (both scripts, so both are searched). */
const WORDS = [
  ..."run running walk coffee tea read book work meeting park rain sun friend family cook dinner music sleep tired happy gym code write call garden".split(
    " ",
  ),
  ..."бегал утро кофе чай читал книга работа встреча парк дождь солнце друг семья ужин музыка сон устал рад зал код писал звонок прогулка гулял вечер".split(
    " ",
  ),
];

const suite = await benchSuite((db) => seedJournal(db, ENTRIES));
const { db } = suite;

try {
  const origin = suite.origin("journal");
  const token = await suite.signIn();
  const page = async (query: string) => {
    const r = await localFetch(`${origin}/api/journal/entries${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (r.status !== 200) throw new Error(`entries: ${r.status} ${r.text()}`);
    return r.json<{ id: number; cursor: string }[]>();
  };
  const first = await page("?limit=30");
  if (first.length !== 30 || first[0]!.id !== ENTRIES) throw new Error("the first page is not the newest 30 entries");
  const deepRow = await db
    .prepare("SELECT date, id FROM entries WHERE user_id = 1 ORDER BY date DESC, id DESC LIMIT 1 OFFSET ?")
    .bind(Math.floor(ENTRIES * 0.9))
    .first<{ date: number; id: number }>();
  const deep = `?limit=30&before=${encodeURIComponent(`${new Date(deepRow!.date).toISOString()}~${deepRow!.id}`)}`;
  if ((await page(deep)).length !== 30) throw new Error("the deep page is short");
  for (let i = 0; i < 20; i++) await page("?limit=30");

  console.log(
    `\nGET /api/journal/entries, ${ENTRIES.toLocaleString("en")} entries, 30 a page (HTTP through the gateway, auth included)`,
  );
  const firstPage = await time(200, () => page("?limit=30"));
  report("first page", firstPage);
  report(`deep page (after ${Math.floor(ENTRIES * 0.9).toLocaleString("en")} rows)`, await time(200, () => page(deep)));

  // The same rows straight from D1, bare and with the page's tags and metrics.
  const bareSql =
    "SELECT id, text, date, modified_at, fingerprint FROM entries WHERE user_id = ? ORDER BY date DESC, id DESC LIMIT 31";
  // The page query exactly as the API builds it (workers/api/src/journal/entry-list.ts).
  const pageQuery = new SQLiteAsyncDialect().sqlToQuery(entryPageQuery(1, { limit: 31 }));
  // One batch of 100 copies runs in one round trip, so batch time / 100 is the query's own cost.
  const sqlTime = async (query: string, params: unknown[]) => {
    const batch = Array.from({ length: 100 }, () => db.prepare(query).bind(...params));
    await db.batch(batch);
    const r = await time(30, () => db.batch(batch));
    return { runs: r.runs * 100, median: r.median / 100, p95: r.p95 / 100 };
  };
  const bare = await sqlTime(bareSql, [1]);
  const full = await sqlTime(pageQuery.sql, pageQuery.params);
  const viaProxy = await time(200, () => db.prepare(bareSql).bind(1).all());
  console.log("\nthe first page's rows straight from D1, per query (100 a batch, so transport is spread thin)");
  report("bare indexed SELECT (31 rows)", bare);
  report("page SELECT with tags and metrics", full);
  report("bare SELECT incl. a Node→workerd round trip", viaProxy);
  console.log(
    `\n  page SQL / bare SQL: ${(full.median / bare.median).toFixed(2)}×` +
      `   HTTP first page / bare SELECT round trip: ${(firstPage.median / viaProxy.median).toFixed(2)}×`,
  );
  console.log(
    `  first page median ${firstPage.median.toFixed(2)} ms — budget 50 ms: ${firstPage.median < 50 ? "within" : "OVER"}`,
  );
  await searchBench(page, bare, viaProxy);
} finally {
  await suite.close();
}

/**
 * Search at ENTRIES entries: the seeded texts given words, then a first page of each kind of search through
 * HTTP beside the bare indexed SELECT of a first page (a round trip), and the search's SQL beside the bare SQL.
 */
async function searchBench(
  page: (query: string) => Promise<{ id: number }[]>,
  bare: { median: number },
  viaProxy: { median: number },
) {
  const values = WORDS.map((w, i) => `(${i}, '${w}')`).join(", ");
  const pick = (expr: string) => `(SELECT w FROM v WHERE i = (${expr}) % ${WORDS.length})`;
  const t0 = performance.now();
  // One UPDATE: the index's triggers (migration 0017) take each new text, as an edit's would.
  await db
    .prepare(
      `WITH v(i, w) AS (VALUES ${values})
       UPDATE entries SET text = text || ' ' || ${pick("id")} || ' ' || ${pick("id * 7 + 3")} || ' ' || ${pick("id * 13 + 5")}
         || CASE WHEN id % 1000 = 0 THEN ' dentist' ELSE '' END
       WHERE user_id = 1`,
    )
    .run();
  console.log(`
search: the entries' texts given their words (the index kept by its triggers) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const searches: [label: string, query: string, rows: number][] = [
    ["a word in 6% (coffee)", "q=coffee", 30],
    ["part of a Cyrillic word (бега → бегал)", `q=${encodeURIComponent("бега")}`, 30],
    ["two words (coffee garden)", "q=coffee%20garden", 30],
    ["a word and a tag (coffee, #walk)", "q=coffee&tag=walk", 30],
    ["a word, not a tag (coffee, !walk)", "q=coffee&tag=!walk", 30],
    ["a rare word, in 0.1% (dentist: every entry walked)", "q=dentist", 30],
    ["a word in no entry (every entry walked)", "q=zqxj", 0],
    ["a two-letter word (no trigram: LIKE)", `q=${encodeURIComponent("ра")}`, 30],
    ["a word, mood 2 or lower", "q=coffee&moodMax=2", 30],
  ];
  console.log(
    `GET /api/journal/entries?q=…, ${ENTRIES.toLocaleString("en")} entries, a first page of 30 (HTTP, auth included)`,
  );
  let worst = 0;
  for (const [label, query, rows] of searches) {
    const got = (await page(`?limit=30&${query}`)).length;
    if (got !== rows) throw new Error(`${label}: ${got} rows, not ${rows}`);
    for (let i = 0; i < 5; i++) await page(`?limit=30&${query}`);
    const r = await time(50, () => page(`?limit=30&${query}`));
    worst = Math.max(worst, r.median);
    report(label, r);
    console.log(`${"".padEnd(48)}${(r.median / viaProxy.median).toFixed(1)}× the bare indexed SELECT's round trip`);
  }
  // The search's own SQL, as the API builds it, beside the bare SELECT of a first page (per query, 100 a batch).
  const dialect = new SQLiteAsyncDialect();
  const where = await searchCondition(openDb(db as never), 1, { q: "coffee", limit: 30 }, "UTC");
  const query = dialect.sqlToQuery(entryPageQuery(1, { limit: 31, where: where ?? undefined }));
  const batch = Array.from({ length: 100 }, () => db.prepare(query.sql).bind(...query.params));
  await db.batch(batch);
  const sql = await time(10, () => db.batch(batch));
  console.log(
    `  the search's SQL (coffee, 31 rows) median ${(sql.median / 100).toFixed(2)} ms a query, ` +
      `${(sql.median / 100 / bare.median).toFixed(1)}× the bare indexed SELECT's`,
  );
  console.log(`  slowest search's median ${worst.toFixed(2)} ms — budget 50 ms: ${worst <= 50 ? "within" : "OVER"}`);
}
