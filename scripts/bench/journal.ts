/**
 * A journal of 100,000 entries: latency of the first page and of a deep page
 * of GET /api/journal/entries on the local suite (wrangler dev, workerd,
 * local D1), and how the page query compares with a bare indexed SELECT of
 * the same rows.
 *   npm run bench -- journal
 */
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { entryPageQuery } from "../../workers/api/src/journal/entry-list.ts";
import { localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { seedJournal } from "./seed-journal.ts";
import { report, time } from "./stats.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
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
} finally {
  await suite.close();
}
