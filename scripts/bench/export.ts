/**
 * Your data: 100,000 entries exported, as the JSON document and as CSV, through the local
 * suite (wrangler dev, workerd, local D1), against a bare SELECT of the same rows; time and the workerd
 * process's peak memory.
 *   npm run bench -- export          (BENCH_ENTRIES, BENCH_RUNS, BENCH_PORT to change it)
 *
 * Memory is the kernel's own figure for the workerd process that runs the suite's Workers (the one below
 * wrangler dev; the other workerd, getPlatformProxy's, serves this script's D1 binding): its resident set's
 * high-water mark (VmHWM in /proc/<pid>/status), reset just before each measured run by writing 5 to
 * /proc/<pid>/clear_refs, so the peak is that run's own. It counts everything the process holds — the
 * isolate's heap, local D1's SQLite pages and caches, buffers — not the Worker's JavaScript heap alone,
 * which is what Cloudflare limits (128 MB an isolate); the run's rise over the idle process is the
 * honest upper bound for it. Linux only.
 */
import { request } from "node:http";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { exportEntriesQuery } from "../../workers/api/src/user/export-queries.ts";
import { benchSuite } from "./bench-suite.ts";
import { seedJournal } from "./seed-journal.ts";
import { time } from "./stats.ts";
import { mb, resetPeak, statusKb, workerdPids } from "./workerd-memory.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const suite = await benchSuite((db) => seedJournal(db, ENTRIES));
const { db } = suite;

/** A download read to its end and dropped as it comes (the client keeps nothing): bytes and time. */
function download(path: string, token: string) {
  const url = new URL(`${suite.origin("auth")}${path}`);
  return new Promise<{ status: number; bytes: number; ms: number; firstByteMs: number; tail: string; head: string }>(
    (resolve, reject) => {
      const start = performance.now();
      let firstByteMs = 0;
      let bytes = 0;
      let head = "";
      let tail = "";
      const req = request(
        {
          host: "127.0.0.1",
          port: url.port,
          path: url.pathname,
          headers: { Host: url.host, Authorization: `Bearer ${token}` },
        },
        (res) => {
          res.on("data", (chunk: Buffer) => {
            if (!bytes) firstByteMs = performance.now() - start;
            bytes += chunk.length;
            if (head.length < 200) head += chunk.toString("utf8", 0, 200);
            tail = (tail + chunk.toString("utf8")).slice(-200);
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - start, firstByteMs, tail, head }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

/** The whole body, for checking it once. */
async function wholeBody(path: string, token: string) {
  const url = new URL(`${suite.origin("auth")}${path}`);
  return new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        headers: { Host: url.host, Authorization: `Bearer ${token}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

try {
  const token = await suite.signIn();
  const pids = workerdPids();

  // Once whole, to check what the bench measures is the real thing.
  const json = JSON.parse(await wholeBody("/api/user/export", token)) as { format: string; entries: unknown[] };
  if (json.format !== "nook" || json.entries.length !== ENTRIES) throw new Error("the export is not whole");
  const csv = await wholeBody("/api/user/export/entries.csv", token);
  const csvRows = csv.split("\r\n").length - 2;
  if (csvRows !== ENTRIES) throw new Error(`the CSV has ${csvRows} rows`);

  const measure = async (path: string) => {
    const runs: { ms: number; firstByteMs: number; bytes: number; peakKb: number; idleKb: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const idleKb = statusKb(pids.suite, "VmRSS");
      resetPeak(pids.suite);
      const r = await download(path, token);
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
      runs.push({ ...r, peakKb: statusKb(pids.suite, "VmHWM"), idleKb });
    }
    return {
      ms: median(runs.map((r) => r.ms)),
      firstByteMs: median(runs.map((r) => r.firstByteMs)),
      bytes: runs[0]?.bytes ?? 0,
      peakKb: Math.max(...runs.map((r) => r.peakKb)),
      riseKb: Math.max(...runs.map((r) => r.peakKb - r.idleKb)),
      idleKb: median(runs.map((r) => r.idleKb)),
    };
  };

  const jsonRun = await measure("/api/user/export");
  const csvRun = await measure("/api/user/export/entries.csv");

  // The same rows straight from D1 (the proxy's workerd): one bare SELECT of all of them, and the export's
  // own page query a page at a time (100 pages of 1,000), without HTTP, the session or the JSON writing.
  const bareSql = "SELECT id, date, modified_at, text FROM entries WHERE user_id = 1 ORDER BY date, id";
  if (pids.proxy) resetPeak(pids.proxy);
  const proxyIdleKb = pids.proxy ? statusKb(pids.proxy, "VmRSS") : Number.NaN;
  const bare = await time(RUNS, async () => {
    const { results } = await db.prepare(bareSql).all();
    if (results.length !== ENTRIES) throw new Error("the bare SELECT is short");
  });
  const proxyPeakKb = pids.proxy ? statusKb(pids.proxy, "VmHWM") : Number.NaN;
  // SQLite's own cost of the same reads, without carrying 100,000 rows to Node: each query wrapped so it
  // reads (and orders) every row but answers one.
  const dialect = new SQLiteAsyncDialect();
  const pageAll = dialect.sqlToQuery(exportEntriesQuery(1, undefined, ENTRIES));
  // Every column is summed, so SQLite cannot leave one (the tags' and metrics' subqueries) unread; a run
  // first, so the page cache is warm for both.
  const inSqlite = async (query: string, params: unknown[], columns: string) => {
    const once = async () => {
      const row = await db
        .prepare(`SELECT count(*) AS n, sum(${columns}) AS s FROM (${query}) x`)
        .bind(...params)
        .first<{ n: number }>();
      if (row?.n !== ENTRIES) throw new Error("the wrapped SELECT is short");
    };
    await once();
    return time(RUNS, once);
  };
  const bareSqlite = await inSqlite(bareSql, [], "length(x.text) + x.date % 7 + x.modified_at % 7 + x.id % 7");
  const pageSqlite = await inSqlite(
    pageAll.sql,
    pageAll.params,
    "length(x.text) + length(x.tags) + length(x.metrics) + x.date % 7 + x.modifiedAt % 7 + x.id % 7",
  );
  const paged = await time(RUNS, async () => {
    let after: { date: number; id: number } | undefined;
    for (;;) {
      const q = dialect.sqlToQuery(exportEntriesQuery(1, after, 1000));
      const { results } = await db
        .prepare(q.sql)
        .bind(...q.params)
        .all<{ date: number; id: number }>();
      if (results.length < 1000) break;
      const last = results[results.length - 1]!;
      after = { date: last.date, id: last.id };
    }
  });

  const n = ENTRIES.toLocaleString("en");
  console.log(
    `\nYour data: ${n} entries (seed-journal: one or two tags each, a metric on every third), ${RUNS} runs each`,
  );
  console.log(`  the suite's workerd idle: ${mb(jsonRun.idleKb)} resident`);
  for (const [label, r] of [
    ["GET /api/user/export (JSON)", jsonRun],
    ["GET /api/user/export/entries.csv", csvRun],
  ] as const)
    console.log(
      `  ${label.padEnd(34)} ${(r.bytes / 1024 / 1024).toFixed(1).padStart(5)} MB in ${r.ms.toFixed(0).padStart(6)} ms ` +
        `(first byte ${r.firstByteMs.toFixed(0)} ms); workerd peak ${mb(r.peakKb)}, +${mb(r.riseKb)} over idle; ` +
        `${(r.ms / bareSqlite.median).toFixed(1)}× the bare SELECT in SQLite, ${(r.ms / bare.median).toFixed(1)}× it carried to Node`,
    );
  console.log(
    `  bare SELECT of the ${n} rows (id, date, modified_at, text), read in SQLite, one row back  ${bareSqlite.median.toFixed(0).padStart(6)} ms`,
  );
  console.log(
    `  the export's entry query over all ${n} rows (tags and metrics as JSON), in SQLite  ${pageSqlite.median.toFixed(0).padStart(6)} ms ` +
      `(${(pageSqlite.median / bareSqlite.median).toFixed(1)}× the bare SELECT)`,
  );
  console.log(
    `  bare SELECT of the ${n} rows carried to Node in one answer (D1 from Node)  ${bare.median.toFixed(0).padStart(6)} ms; ` +
      `its workerd peak ${mb(proxyPeakKb)}, +${mb(proxyPeakKb - proxyIdleKb)} over idle (what holding them all costs)`,
  );
  console.log(
    `  the export's page query, 100 pages of 1,000 (D1 from Node)  ${paged.median.toFixed(0).padStart(6)} ms ` +
      `(${(paged.median / bare.median).toFixed(1)}× the one-answer SELECT carried to Node)`,
  );

  // Bringing it back is `npm run bench -- import`'s: the page cuts the file into chunks of 256 KB and
  // imports them one request each (no request holds a file, so this file, whole, would be refused 413).

  // Leaving, last (it ends the account): DELETE /api/user/account removes the 100,000 entries, their
  // tags and metrics and the rest in one batch; bench-suite's signIn gave user 1 this password.
  const before = (await db.prepare("SELECT count(*) AS n FROM entries").first<{ n: number }>())?.n ?? 0;
  const t = performance.now();
  await suite.call(token, "DELETE", "/api/user/account", { password: "bench-password-1" });
  const deleteMs = performance.now() - t;
  const left = (await db.prepare("SELECT count(*) AS n FROM entries WHERE user_id = 1").first<{ n: number }>())?.n;
  if (left !== 0) throw new Error(`${left} entries left after the deletion`);
  console.log(
    `  DELETE /api/user/account with ${before.toLocaleString("en")} entries (one batch)  ${deleteMs.toFixed(0).padStart(6)} ms`,
  );
} finally {
  await suite.close();
}
