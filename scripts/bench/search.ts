/**
 * Search follows the reader (journal/entry-search.ts, migration 0023): the first page of
 * GET /api/journal/entries?q=… of a reader with 100,000 entries among neighbours — 100 other users of
 * 10,000 entries each, the reader's entries among theirs in id order, every one with the same words — and of
 * the same reader alone in a database of its own, for a common word (in a third of everyone's entries) and a
 * rare one (in 0.1%). The page's SQL, as the API builds it, runs on both databases turn about (so the load of
 * the machine falls on both alike), from Node a round trip each and alone (20 a batch); the route through
 * HTTP among the neighbours, beside the plain first page's. Then the same with 0017's global index, swapped in
 * by the migrations' own statements, and with 0023's as its migration fills it.
 *   npm run bench -- search      (BENCH_PORT; BENCH_NEIGHBOURS users of BENCH_EACH entries; BENCH_RUNS)
 */
import { readFileSync } from "node:fs";
import type { D1Database } from "@cloudflare/workers-types/index.ts";
import { sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { getPlatformProxy } from "wrangler";
import { entryPageQuery } from "../../workers/api/src/journal/entry-list.ts";
import { searchCondition } from "../../workers/api/src/journal/entry-search.ts";
import { entries } from "../../workers/api/src/journal/schema.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";
import { localFetch } from "../local-fetch.ts";
import { applyMigrations } from "../suite.ts";
import { repo } from "../wrangler.ts";
import { benchSuite } from "./bench-suite.ts";

const READER = 100_000;
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 100);
const EACH = Number(process.env.BENCH_EACH ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** Entries numbered a statement while seeding (each written through the index's triggers). */
const CHUNK = 100_000;
/** Fifty words, three an entry, in both scripts; "coffee" and "dentist" are given apart. */
const WORDS = [
  ..."run running walk tea read book work meeting park rain sun friend family cook dinner music sleep tired happy gym code write call garden evening".split(
    " ",
  ),
  ..."бегал утро кофе чай читал книга работа встреча парк дождь солнце друг семья ужин музыка сон устал рад зал код писал звонок прогулка гулял вечер".split(
    " ",
  ),
];
const SEARCHES: [label: string, word: string][] = [
  ["a common word (coffee, in 1/3)", "coffee"],
  ["a rare word (dentist, in 0.1%)", "dentist"],
];

/** A migration's statements, as wrangler applies them. */
const migration = (file: string) =>
  readFileSync(`${repo}migrations/${file}`, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
/** From 0023's index to 0017's: the global one, rebuilt from the entries there are. */
const to0017 = [
  "DROP TRIGGER entries_search_insert",
  "DROP TRIGGER entries_search_delete",
  "DROP TRIGGER entries_search_update",
  "DROP TABLE entries_search",
  "DROP VIEW entries_keyed_by_user",
  ...migration("0017_entries_search.sql"),
];
const to0023 = migration("0023_search_by_user.sql");

/**
 * The reader (user 1, bench@nook.localhost) and the neighbours, then entries numbered 1 to 1,100,000 in id
 * order as they arrive in life: every 11th the reader's, the others dealt round the neighbours; `alone`, the
 * reader's only. Each text three of WORDS, "coffee" on every third and "dentist" on every thousandth, a year of
 * dates in number order: the reader's entries are the same in both.
 */
async function seed(db: D1Database, alone: boolean) {
  const users = alone ? [] : Array.from({ length: NEIGHBOURS }, (_, k) => k + 2);
  await db
    .prepare(
      `INSERT INTO users (id, email, name, username, password_hash)
       VALUES ${["(1, 'bench@nook.localhost', 'Bench', 'bench', 'x')", ...users.map((id) => `(${id}, 'n${id}@nook.localhost', 'N${id}', 'n${id}', 'x')`)].join(", ")}`,
    )
    .run();
  const last = READER + NEIGHBOURS * EACH;
  const step = Math.floor((365 * 86_400_000) / last);
  const start = Date.UTC(2025, 10, 22);
  const words = `json('${JSON.stringify(WORDS)}')`;
  const word = (expr: string) => `(${words} ->> ((${expr}) % ${WORDS.length}))`;
  const t0 = performance.now();
  for (let from = 1; from <= last; from += CHUNK) {
    await db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.min(last, from + CHUNK - 1)})
         INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
         SELECT CASE WHEN i % 11 = 0 THEN 1 ELSE 2 + i % ${NEIGHBOURS} END,
           'entry ' || i || ' ' || ${word("i")} || ' ' || ${word("i * 7 + 3")} || ' ' || ${word("i * 13 + 5")}
             || CASE WHEN i % 3 = 0 THEN ' coffee' ELSE '' END || CASE WHEN i % 1000 = 0 THEN ' dentist' ELSE '' END,
           ${start} + i * ${step}, ${start} + i * ${step}, 'fp' || i
         FROM n${alone ? " WHERE i % 11 = 0" : ""}`,
      )
      .run();
  }
  await db.prepare("ANALYZE").run();
  const counts = await db
    .prepare("SELECT (SELECT count(*) FROM entries WHERE user_id = 1) AS reader, count(*) AS total FROM entries")
    .first<{ reader: number; total: number }>();
  console.log(
    `  ${alone ? "alone" : "among the neighbours"}: ${counts!.total.toLocaleString("en")} entries (the reader's ` +
      `${counts!.reader.toLocaleString("en")}) written through the index's triggers in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

console.log(
  `seeding: the reader's ${READER.toLocaleString("en")} entries, ${NEIGHBOURS} neighbours × ${EACH.toLocaleString("en")}`,
);
const suite = await benchSuite((db) => seed(db, false));
const among = suite.db;
// The reader alone: a database of its own (the suite's folder is made afresh above), the same migrations.
const aloneDir = `${repo}.bench/alone`;
applyMigrations({ port: 0, persistTo: aloneDir });
const aloneProxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: `${repo}wrangler.toml`,
  persist: { path: `${aloneDir}/v3` },
  remoteBindings: false,
});
const alone = aloneProxy.env.DB;
await seed(alone, true);

/** Medians of each piece of work, run turn about (so the load of the machine falls on each alike). */
async function turnAbout<K extends string>(runs: number, work: Record<K, () => Promise<unknown>>) {
  const ms = Object.fromEntries(Object.keys(work).map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++)
    for (const k of Object.keys(work) as K[]) {
      const t = performance.now();
      await work[k]();
      ms[k].push(performance.now() - t);
    }
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return Object.fromEntries(Object.entries<number[]>(ms).map(([k, xs]) => [k, median(xs)])) as Record<K, number>;
}
/** The same work on both databases, turn about. */
const onBoth = (runs: number, work: (db: D1Database) => Promise<unknown>) =>
  turnAbout(runs, { among: () => work(among), alone: () => work(alone) });

const ratio = (r: { among: number; alone: number }) =>
  `${r.among.toFixed(2).padStart(7)} / ${r.alone.toFixed(2).padStart(6)} ms = ${(r.among / r.alone).toFixed(2)}×`;

try {
  const origin = suite.origin("journal");
  const token = await suite.signIn();
  const page = async (query: string) => {
    const r = await localFetch(`${origin}/api/journal/entries${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (r.status !== 200) throw new Error(`entries: ${r.status} ${r.text()}`);
    return r.json<{ id: number }[]>();
  };
  const dialect = new SQLiteAsyncDialect();
  const bare =
    "SELECT id, text, date, modified_at, fingerprint FROM entries WHERE user_id = 1 ORDER BY date DESC, id DESC LIMIT 31";
  await onBoth(20, (db) => db.prepare(bare).all());
  const bareTrip = await onBoth(200, (db) => db.prepare(bare).all());
  console.log(`\nthe bare indexed SELECT of the first page's 31 rows, a round trip: ${ratio(bareTrip)}`);
  for (let i = 0; i < 20; i++) await page("?limit=30");

  /**
   * Each search's first page: its SQL on both databases, a round trip each and alone (20 a batch, so transport
   * is spread thin), and with 0023's index the route through HTTP among the neighbours (the route's code is
   * 0023's). 0023's condition is the API's own (searchCondition); 0017's as its code read, the index's matches
   * by the entry's id.
   */
  async function searches(index: "0023" | "0017", how: string) {
    console.log(`\n${index === "0023" ? "the index keyed by user (0023)" : "the global index (0017)"}, ${how}`);
    console.log("  the page's SQL, among the neighbours / alone");
    const out: Record<string, { trip: number; sql: number; http?: number }> = {};
    for (const [name, word] of SEARCHES) {
      const where =
        index === "0023"
          ? await searchCondition(openDb(among as never), 1, { q: word, limit: 30 }, "UTC")
          : sql`+${entries.id} IN (SELECT rowid FROM entries_search WHERE entries_search MATCH ${`"${word}"`})`;
      const query = dialect.sqlToQuery(entryPageQuery(1, { limit: 31, where: where ?? undefined }));
      const statement = (db: D1Database) => db.prepare(query.sql).bind(...query.params);
      // The same page in both: the same texts (the ids differ, the neighbours' entries taking theirs among them).
      const texts = async (db: D1Database) => (await statement(db).all<{ text: string }>()).results.map((r) => r.text);
      const [a, b] = [await texts(among), await texts(alone)];
      if (a.length !== 31 || a.join("\n") !== b.join("\n")) throw new Error(`${name}: the pages differ`);
      await onBoth(5, (db) => statement(db).all());
      const trip = await onBoth(RUNS, (db) => statement(db).all());
      const batch = (db: D1Database) => db.batch(Array.from({ length: 20 }, () => statement(db)));
      await onBoth(1, batch);
      const batched = await onBoth(10, batch);
      const sqlAlone = { among: batched.among / 20, alone: batched.alone / 20 };
      console.log(`  ${name.padEnd(32)} a round trip ${ratio(trip)}; alone ${ratio(sqlAlone)}`);
      out[word] = { trip: trip.among / trip.alone, sql: sqlAlone.among };
      if (index === "0023") {
        const got = await page(`?limit=30&q=${word}`);
        if (got.length !== 30) throw new Error(`${name}: ${got.length} rows, not 30`);
        for (let i = 0; i < 5; i++) await page(`?limit=30&q=${word}`);
        const http = await turnAbout(RUNS, {
          search: () => page(`?limit=30&q=${word}`),
          plain: () => page("?limit=30"),
        });
        console.log(
          `  ${"".padEnd(32)} HTTP among them ${http.search.toFixed(2)} ms, ` +
            `${(http.search / http.plain).toFixed(2)}× the plain first page's (${http.plain.toFixed(2)} ms)`,
        );
        out[word]!.http = http.search;
      }
    }
    return out;
  }

  const timed = async (label: string, statements: string[]) => {
    const t0 = performance.now();
    await among.batch(statements.map((q) => among.prepare(q)));
    console.log(`\n${label}, among the neighbours: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await alone.batch(statements.map((q) => alone.prepare(q)));
  };
  const byUser = await searches("0023", "as its triggers wrote it");
  await timed("0017's global index rebuilt from the entries", to0017);
  const global = await searches("0017", "rebuilt");
  await timed("migration 0023 run over them", to0023);
  const migrated = await searches("0023", "as migration 0023 filled it");
  const t0 = performance.now();
  await among.prepare("INSERT INTO entries_search(entries_search) VALUES ('rebuild')").run();
  console.log(
    `\n0023's index filled by FTS5's 'rebuild' instead (the entries' order), among the neighbours: ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  console.log("\nsummary, among the neighbours");
  let worst = 0;
  let worstRatio = 0;
  for (const [name, word] of SEARCHES) {
    const [n, m, g] = [byUser[word]!, migrated[word]!, global[word]!];
    console.log(
      `  ${name}: HTTP ${n.http!.toFixed(1)} ms (${m.http!.toFixed(1)} as migrated); its SQL ` +
        `${n.trip.toFixed(2)}× alone's (${m.trip.toFixed(2)}×), 0017's ${g.trip.toFixed(2)}×; ` +
        `the SQL alone 0017 / 0023 ${(g.sql / n.sql).toFixed(1)}×`,
    );
    worst = Math.max(worst, n.http!, m.http!);
    worstRatio = Math.max(worstRatio, n.trip, m.trip);
  }
  console.log(
    `  0023: slowest HTTP median ${worst.toFixed(1)} ms — budget 50 ms: ${worst <= 50 ? "within" : "OVER"}; ` +
      `its SQL at most ${worstRatio.toFixed(2)}× alone's — bound 2×: ${worstRatio <= 2 ? "within" : "OVER"}`,
  );
} finally {
  await aloneProxy.dispose();
  await suite.close();
}
