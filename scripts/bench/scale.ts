/**
 * A plan for a million users, its figures measured here:
 *   1. storage: the bytes a row takes, table and indexes together, read from SQLite's own page map
 *      (the dbstat table) of the bench's local D1 file — the stacks' 10-year journal of 100,000
 *      entries, plus 200 people and 30 checklists — as seeded (one user, rows written in order),
 *      and copied into a database of 1,000 users, the rows dealt round 100 of them, interleaved as
 *      they would arrive in life, with entry texts of TEXT_BYTES and real 32-character fingerprints;
 *   2. a typical user (scripts/scale-plan.ts) in bytes, and how many one 10 GB database holds;
 *   3. CPU per request of the heaviest routes — stack statistics at 100,000 entries and the
 *      birth-date sky: over HTTP, the wall time and the CPU time the suite's workerd processes
 *      spent (all their threads, /proc/<pid>/task/<tid>/schedstat), each next to GET /api/health's
 *      in the same run; the D1 side alone (the route's statements again on getPlatformProxy's
 *      D1, its workerd's CPU); and the handler's own JavaScript, run in this process over D1's
 *      recorded answers (Node's CPU time) — the nearest local figure to the Worker CPU time
 *      Cloudflare counts;
 *   4. D1's limits, and the first one a growing Nook reaches.
 * Local workerd on this machine is not Cloudflare's; compare the ratios more than the milliseconds.
 *   npm run bench -- scale     (BENCH_ENTRIES, BENCH_RUNS, BENCH_PORT, SCALE_TEXT_BYTES to change it; Linux only)
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types/index.ts";
import { STACK_ITEM_TYPES, type StackItemType } from "@nook/shared/stacks/schemas";
import { hashPassword } from "../../workers/api/src/auth/password.ts";
import { refreshUptime } from "../../workers/api/src/journal/uptime.ts";
import { celestialAt, moonAt, solarAt } from "../../workers/api/src/lupileon/astro.ts";
import { signsOf } from "../../workers/api/src/lupileon/signs-of.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";
import { stackItemData } from "../../workers/api/src/stacks/engine/index.ts";
import { localFetch } from "../local-fetch.ts";
import { bytesPerUser, databasesFor, firstLimit, LIMITS, TYPICAL_USER, usersPerDatabase } from "../scale-plan.ts";
import { repo } from "../wrangler.ts";
import { benchSuite } from "./bench-suite.ts";
import { metricId, seedStacks, TIME_ZONE, tagId } from "./seed-stacks.ts";
import { processes } from "./workerd-memory.ts";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const port = Number(process.env.BENCH_PORT ?? 8796);
/** An entry's text in the many-users copy: a line of a journal (the seed's are 7–12 bytes). */
const TEXT_BYTES = Number(process.env.SCALE_TEXT_BYTES ?? 80);
/** Users the seed's rows are dealt to in the many-users copy, and users in it with no entries. */
const SPREAD = 100;
const USERS = 1000;
/** Copies of the first user's people and checklists in the many-users copy. */
const REPEAT = 20;
const PEOPLE = 200;
const LISTS = 30;
/** The tables a user's rows live in (the ones sized here). */
const TABLES = Object.keys(TYPICAL_USER.rows);

const work = `${repo}.bench/scale`;
/** One moment for every statistic, so the engine sends the same statements each time. */
const NOW = Date.now();
const date = new Date().toISOString().slice(0, 10);

const suite = await benchSuite(async (db) => {
  await seedStacks(db, ENTRIES);
  await refreshUptime(openDb(db), 1);
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const birth = new Date(Date.UTC(1960, 0, 1) + ((i * 7919) % 15_000) * 86_400_000).toISOString().slice(0, 10);
    return `(${i + 1}, 1, 'Person ${i}', 'person${i}@example.org', '${birth}', '${birth.slice(5)}', 0, 0)`;
  });
  const personTags = Array.from({ length: PEOPLE }, (_, i) => `(${i + 1}, ${(i % 5) + 1}), (${i + 1}, 8)`);
  const lines = Array.from({ length: 10 }, (_, k) => `- [${k % 3 ? " " : "x"}] step number ${k} of the list`);
  const lists = Array.from(
    { length: LISTS },
    (_, i) => `(1, 'List ${i}', '${lines.join("\n")}', 10, 4, ${Date.UTC(2026, 3, 1 + i)}, 0, ${i})`,
  );
  await db.batch([
    db.prepare(
      `INSERT INTO people (id, user_id, name, email, birth_date, birth_month_day, created_at, modified_at) VALUES ${people.join(", ")}`,
    ),
    db.prepare(`INSERT INTO person_tags (person_id, tag_id) VALUES ${personTags.join(", ")}`),
    db.prepare(
      `INSERT INTO steps (user_id, name, content, total_items, completed_items, deadline, created_at, modified_at) VALUES ${lists.join(", ")}`,
    ),
    db.prepare("ANALYZE"),
  ]);
}, port);
const d1 = suite.db;

// ---------------------------------------------------------------- 1. storage

/** The local D1's SQLite file: miniflare keeps it under <persist>/v3/d1/miniflare-D1DatabaseObject/. */
function d1File(): string {
  const dir = `${repo}.bench/state/v3/d1/miniflare-D1DatabaseObject`;
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite"));
  for (const f of files) {
    const db = new DatabaseSync(`${dir}/${f}`, { readOnly: true });
    const has = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entries'").get();
    db.close();
    if (has) return `${dir}/${f}`;
  }
  throw new Error(`no D1 file with an entries table in ${dir}`);
}

/** A copy of the file (with its write-ahead log), so that nothing here touches the suite's. */
function copyOf(file: string, to: string): string {
  for (const ext of ["", "-wal", "-shm"]) if (existsSync(file + ext)) copyFileSync(file + ext, to + ext);
  return to;
}

interface TableSize {
  rows: number;
  tableBytes: number;
  indexBytes: number;
  perRow: number;
}

/** Each table's pages and its indexes' pages (dbstat: every b-tree's pages, whole), and its rows. */
function sizes(db: DatabaseSync): Map<string, TableSize> {
  const owner = new Map<string, string>();
  for (const r of db.prepare("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all())
    owner.set(String(r.name), String(r.tbl_name));
  const out = new Map<string, TableSize>();
  for (const table of TABLES) out.set(table, { rows: 0, tableBytes: 0, indexBytes: 0, perRow: Number.NaN });
  for (const r of db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all()) {
    const name = String(r.name);
    const table = owner.get(name) ?? name;
    const s = out.get(table);
    if (!s) continue;
    if (name === table) s.tableBytes += Number(r.bytes);
    else s.indexBytes += Number(r.bytes);
  }
  for (const [table, s] of out) {
    s.rows = Number(db.prepare(`SELECT count(*) AS n FROM "${table}"`).get()?.n);
    s.perRow = s.rows ? (s.tableBytes + s.indexBytes) / s.rows : Number.NaN;
  }
  return out;
}

/** A table's columns, in order. */
const columnsOf = (db: DatabaseSync, table: string) =>
  db
    .prepare(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((r) => String(r.name));

/**
 * The many-users copy: the schema of `source` (tables and indexes; its triggers and views after
 * the copy), USERS users with the first user's tags, metrics and two sessions each, and the
 * first user's entries, tag links and metric values (and REPEAT copies of its people and checklists)
 * dealt round SPREAD users in id order, so each table and index takes them as a busy database would: every user's rows
 * arriving day after day among the others'.
 */
async function manyUsers(sourceFile: string, file: string) {
  rmSync(file, { force: true });
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF");
  db.exec(`ATTACH '${sourceFile}' AS src`);
  const schema = (type: string) =>
    db
      .prepare(
        // A virtual table's shadow tables are made by its own CREATE: left out.
        `SELECT sql FROM src.sqlite_master m WHERE type = ? AND sql IS NOT NULL
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
         AND NOT EXISTS (SELECT 1 FROM src.sqlite_master v WHERE v.type = 'table'
           AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.name LIKE v.name || '!_%' ESCAPE '!')
         ORDER BY rowid`,
      )
      .all(type)
      .map((r) => String(r.sql));
  for (const sql of [...schema("table"), ...schema("index")]) db.exec(sql);

  const T = Number(db.prepare("SELECT max(id) AS n FROM src.tags").get()?.n);
  const M = Number(db.prepare("SELECT max(id) AS n FROM src.metrics").get()?.n);
  const hash = await hashPassword("a password of someone");
  const copy = (table: string, set: Record<string, string>, from: string) => {
    const cols = columnsOf(db, table);
    db.exec(
      `INSERT INTO main."${table}" (${cols.map((c) => `"${c}"`).join(", ")})
       SELECT ${cols.map((c) => set[c] ?? `"${c}"`).join(", ")} FROM ${from}`,
    );
  };
  db.exec("BEGIN");
  const user = db.prepare(
    `INSERT INTO users (id, email, name, username, password_hash, date_of_birth, time_zone)
     VALUES (?, ?, ?, ?, ?, '1990-04-24', 'Europe/Berlin')`,
  );
  const session = db.prepare(
    "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  for (let u = 1; u <= USERS; u++) {
    user.run(u, `someone.${u}@example.org`, `Someone ${u}`, `someone${u}`, hash);
    for (let k = 0; k < 2; k++) {
      const sid = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      session.run(sid, u, Date.now(), Date.now(), Date.now() + 30 * 86_400_000);
    }
  }
  // Every user's own tags and metrics, named as the first user's; ids (u − 1)·T + the first user's id.
  for (let u = 1; u <= USERS; u++) {
    copy("tags", { id: `${(u - 1) * T} + id`, user_id: String(u) }, "src.tags");
    copy("metrics", { id: `${(u - 1) * M} + id`, user_id: String(u) }, "src.metrics");
  }
  const userOf = (id: string) => `(${id} % ${SPREAD}) + 1`;
  const text = `substr(id || ' ' || replace(printf('%${TEXT_BYTES}s', ''), ' ', 'word '), 1, ${TEXT_BYTES})`;
  copy(
    "entries",
    { user_id: userOf("id"), text, fingerprint: "lower(hex(randomblob(16)))" },
    "src.entries ORDER BY id",
  );
  copy("entry_tags", { tag_id: `(entry_id % ${SPREAD}) * ${T} + tag_id` }, "src.entry_tags ORDER BY entry_id");
  copy(
    "entry_metrics",
    { metric_id: `(entry_id % ${SPREAD}) * ${M} + metric_id` },
    "src.entry_metrics ORDER BY entry_id",
  );
  // People and checklists are few a user: the first user's, REPEAT times over, so pages are not what is counted.
  const P = Number(db.prepare("SELECT max(id) AS n FROM src.people").get()?.n);
  const L = Number(db.prepare("SELECT max(id) AS n FROM src.steps").get()?.n);
  for (let k = 0; k < REPEAT; k++) {
    const person = `(${k * P} + person_id)`;
    copy("people", { id: `${k * P} + id`, user_id: userOf(`(${k * P} + id)`) }, "src.people ORDER BY id");
    copy(
      "person_tags",
      { person_id: person, tag_id: `(${person} % ${SPREAD}) * ${T} + tag_id` },
      "src.person_tags ORDER BY person_id, tag_id",
    );
    copy("steps", { id: `${k * L} + id`, user_id: userOf(`(${k * L} + id)`) }, "src.steps ORDER BY id");
  }
  db.exec("COMMIT");
  for (const sql of [...schema("view"), ...schema("trigger")]) db.exec(sql);
  // The search index of the entries copied in (its triggers came after them).
  db.exec("INSERT INTO entries_search(entries_search) VALUES ('rebuild')");
  db.exec("DETACH src");
  return db;
}

// ---------------------------------------------------------------- 3. CPU per request

/** The suite's workerd processes (below wrangler dev: one a Worker; getPlatformProxy's is this process's own child). */
function suiteWorkerds(): number[] {
  const all = processes();
  const below = (pid: number) => {
    for (let p = all.get(pid)?.ppid; p; p = all.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  const pids = [...all].filter(([pid, p]) => p.name === "workerd" && below(pid) && p.ppid !== process.pid);
  if (!pids.length) throw new Error("the suite's workerd processes were not found");
  return pids.map(([pid]) => pid);
}
/** Processes' CPU time so far, all their threads, in ms (schedstat: nanoseconds on the CPU). */
function cpuMs(pids: number[]): number {
  let ns = 0;
  for (const pid of pids)
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // A thread ended while read.
      }
    }
  return ns / 1e6;
}
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** One item of the stacks bench's: smokes (37% of the entries); max and min by mood. */
function itemFor(type: StackItemType, uptimeOnly = false) {
  const metric = type === "max" || type === "min" ? metricId("mood") : null;
  return {
    type,
    uptimeOnly,
    tagsSign: "&&" as const,
    config: { filter: [{ name: "smoke", not: false }], timeRange: null, metricId: metric },
  };
}

type Statement = { sql: string; params: unknown[] };

/** What names an answer: the call, and the statements it ran with their parameters. */
const keyOf = (call: string, statements: Statement[]) => JSON.stringify([call, statements]);

/**
 * The statements the stacks engine sends for an item, and D1's answers by the call that got them,
 * recorded off a D1 that passes them on.
 */
async function recordItem(type: StackItemType, uptimeOnly: boolean) {
  const statements: Statement[] = [];
  const answers = new Map<string, string>();
  const real = new WeakMap<object, { st: D1PreparedStatement; s: Statement }>();
  const answer = <T>(key: string, p: Promise<T>) =>
    p.then((r) => {
      answers.set(key, JSON.stringify(r));
      return r;
    });
  const bound = (st: D1PreparedStatement, s: Statement): D1PreparedStatement => {
    const wrapped = {
      bind: (...params: unknown[]) => {
        const next = { sql: s.sql, params };
        statements.push(next);
        return bound(st.bind(...params), next);
      },
      all: () => answer(keyOf("all", [s]), st.all()),
      raw: (o?: { columnNames?: boolean }) =>
        answer(
          keyOf(`raw${o?.columnNames ? "+" : ""}`, [s]),
          o?.columnNames ? st.raw({ columnNames: true }) : st.raw(),
        ),
      run: () => answer(keyOf("run", [s]), st.run()),
      first: (column?: string) =>
        answer(keyOf(`first:${column ?? ""}`, [s]), column === undefined ? st.first() : st.first(column)),
    } as unknown as D1PreparedStatement;
    real.set(wrapped, { st, s });
    return wrapped;
  };
  const recording = {
    prepare: (query: string) => bound(d1.prepare(query), { sql: query, params: [] }),
    batch: (list: D1PreparedStatement[]) => {
      const parts = list.map((w) => real.get(w) as { st: D1PreparedStatement; s: Statement });
      return answer(
        keyOf(
          "batch",
          parts.map((p) => p.s),
        ),
        d1.batch(parts.map((p) => p.st)),
      );
    },
  } as unknown as D1Database;
  await stackItemData(openDb(recording), 1, itemFor(type, uptimeOnly), { now: NOW, timeZone: TIME_ZONE });
  return { statements, answers };
}

/**
 * A D1 that gives back the recorded answers, each parsed from its JSON as the Worker decodes D1's:
 * the engine over it costs its own JavaScript and nothing of the database's.
 */
function replaying(answers: Map<string, string>): D1Database {
  const answer = (key: string) => {
    const text = answers.get(key);
    if (text === undefined) throw new Error(`no recorded answer for ${key.slice(0, 200)}`);
    return Promise.resolve(JSON.parse(text));
  };
  const statement = (s: Statement) => {
    const st = {
      s,
      bind: (...params: unknown[]) => statement({ sql: s.sql, params }),
      all: () => answer(keyOf("all", [s])),
      raw: (o?: { columnNames?: boolean }) => answer(keyOf(`raw${o?.columnNames ? "+" : ""}`, [s])),
      run: () => answer(keyOf("run", [s])),
      first: (column?: string) => answer(keyOf(`first:${column ?? ""}`, [s])),
    };
    return st;
  };
  return {
    prepare: (query: string) => statement({ sql: query, params: [] }),
    batch: (list: { s: Statement }[]) =>
      answer(
        keyOf(
          "batch",
          list.map((st) => st.s),
        ),
      ),
  } as unknown as D1Database;
}

/** The workerd that serves this script's D1 binding (getPlatformProxy's): this process's own child. */
function proxyWorkerd(): number[] {
  const pids = [...processes()].filter(([, p]) => p.name === "workerd" && p.ppid === process.pid);
  if (pids.length !== 1) throw new Error("getPlatformProxy's workerd process was not found");
  return pids.map(([pid]) => pid);
}

/** This process's CPU time so far (all its threads), ms. */
const nodeCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * The CPU time `run` costs, read off `clock` around it: the median of `runs`, after `warm` not
 * counted (the JIT optimises code after enough calls, as in an isolate that has served a while).
 */
async function cpuOf(runs: number, clock: () => number, run: (i: number) => unknown, warm = 10) {
  for (let i = 0; i < warm; i++) await run(-1 - i);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = clock();
    await run(i);
    ms.push(clock() - before);
  }
  return median(ms);
}

let seeded: DatabaseSync | undefined;
let many: DatabaseSync | undefined;
try {
  mkdirSync(work, { recursive: true });
  const seededFile = copyOf(d1File(), `${work}/oneUser.sqlite`);
  const oneUser = new DatabaseSync(seededFile);
  seeded = oneUser;
  const asSeeded = sizes(oneUser);
  const textBytes = Number(oneUser.prepare("SELECT avg(length(text)) AS n FROM entries").get()?.n);
  const manyDb = await manyUsers(seededFile, `${work}/manyDb.sqlite`);
  many = manyDb;
  const manySizes = sizes(manyDb);
  const pageSize = Number(manyDb.prepare("PRAGMA page_size").get()?.page_size);

  const kb = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
  console.log(
    `\n1. Storage: bytes a row, the table's pages and its indexes' pages (SQLite dbstat, ${pageSize}-byte pages) over its rows`,
  );
  console.log(
    `   A: the bench's local D1 file as seeded — one user, rows written in key order, entry texts ${textBytes.toFixed(0)} bytes`,
  );
  console.log(
    `   B: the same rows dealt round ${SPREAD} users as they would arrive (${USERS} users in all; people and checklists ${REPEAT} times over), texts ${TEXT_BYTES} bytes, 32-character fingerprints`,
  );
  console.log(
    `\n   ${"table".padEnd(14)} ${"rows A".padStart(9)} ${"bytes/row A".padStart(12)}   ${"rows B".padStart(9)} ${"table B".padStart(10)} ${"indexes B".padStart(10)} ${"bytes/row B".padStart(12)}`,
  );
  const bytesPerRow: Record<string, number> = {};
  for (const table of TABLES) {
    const a = asSeeded.get(table) as TableSize;
    const b = manySizes.get(table) as TableSize;
    bytesPerRow[table] = b.perRow;
    console.log(
      `   ${table.padEnd(14)} ${a.rows.toLocaleString("en").padStart(9)} ${(a.rows ? a.perRow.toFixed(1) : "–").padStart(12)}   ${b.rows.toLocaleString("en").padStart(9)} ${kb(b.tableBytes).padStart(10)} ${kb(b.indexBytes).padStart(10)} ${b.perRow.toFixed(1).padStart(12)}`,
    );
  }
  const entryRow =
    (bytesPerRow.entries as number) + 3 * (bytesPerRow.entry_tags as number) + (bytesPerRow.entry_metrics as number);
  console.log(
    `   an entry with 3 tags and 1 metric value (B): ${entryRow.toFixed(0)} bytes; the first ${ENTRIES.toLocaleString("en")}-entry user's file: ${((Number(oneUser.prepare("PRAGMA page_count").get()?.page_count) * pageSize) / 1e6).toFixed(1)} MB`,
  );

  // ---------------------------------------------------------------- 2. a typical user

  const userBytes = bytesPerUser(TYPICAL_USER.rows, bytesPerRow);
  const perDatabase = usersPerDatabase(userBytes);
  console.log(`\n2. A typical user: ${TYPICAL_USER.describe}`);
  console.log(
    `   ${(userBytes / 1e6).toFixed(2)} MB a user (B's bytes a row); one 10 GB D1 database holds ${perDatabase.toLocaleString("en")} such users (${(perDatabase * TYPICAL_USER.rows.entries).toLocaleString("en")} entries)`,
  );
  const million = 1_000_000;
  const millionBytes = million * userBytes;
  console.log(
    `   a million such users: ${(millionBytes / 1e12).toFixed(2)} TB — ${databasesFor(million, userBytes).toLocaleString("en")} full D1 databases (${databasesFor(million, userBytes, LIMITS.d1DatabaseBytes.value * 0.7).toLocaleString("en")} kept 70% full); D1's account storage (1 TB) holds ${usersPerDatabase(userBytes, LIMITS.d1AccountBytes.value).toLocaleString("en")} users`,
  );

  // One writer: a tagged entry's rows written (an entry, 3 tag links, a metric value, 3 tag counters; one transaction).
  const write = (() => {
    const entry = manyDb.prepare(
      "INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, ?, ?, ?, lower(hex(randomblob(16)))) RETURNING id",
    );
    const link = manyDb.prepare("INSERT INTO entry_tags (entry_id, tag_id) VALUES (?, ?)");
    const value = manyDb.prepare("INSERT INTO entry_metrics (entry_id, metric_id, value) VALUES (?, ?, ?)");
    const count = manyDb.prepare("UPDATE tags SET use_count = use_count + 1, last_used_at = ? WHERE id = ?");
    const T = Number(manyDb.prepare("SELECT max(id) AS n FROM tags WHERE user_id = 1").get()?.n);
    const M = Number(manyDb.prepare("SELECT max(id) AS n FROM metrics WHERE user_id = 1").get()?.n);
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const u = (i * 37) % SPREAD;
      const at = Date.now() + i;
      const t = performance.now();
      manyDb.exec("BEGIN");
      const id = Number(entry.get(u + 1, "x".repeat(TEXT_BYTES), at, at)?.id);
      for (const k of [1, 2, 3]) {
        link.run(id, u * T + k);
        count.run(at, u * T + k);
      }
      value.run(id, u * M + 1, 5);
      manyDb.exec("COMMIT");
      times.push(performance.now() - t);
    }
    return times.sort((a, b) => a - b)[1000] as number;
  })();
  const writesPerSecond = 1000 / write;
  console.log(
    `   one writer: a tagged entry's write is ${write.toFixed(3)} ms of SQLite here (8 statements, one transaction, no disk sync) — at most ${Math.round(writesPerSecond).toLocaleString("en")} such writes a second a database`,
  );

  const token = await suite.signIn();
  const pids = suiteWorkerds();
  const journal = suite.origin("journal");
  const lupileon = suite.origin("lupileon");

  /** RUNS requests one after another: wall time and the workerd's CPU time of each (until the next starts), medians. */
  const measure = async (request: (i: number) => Promise<{ status: number }>) => {
    for (let i = 0; i < 3; i++) await request(-1 - i); // warm up
    const wall: number[] = [];
    const cpu: number[] = [];
    let before = cpuMs(pids);
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const r = await request(i);
      wall.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`status ${r.status}`);
      const after = cpuMs(pids);
      cpu.push(after - before);
      before = after;
    }
    return { wall: median(wall), cpu: median(cpu) };
  };
  const stat =
    (type: StackItemType, uptimeOnly = false) =>
    () =>
      localFetch(`${journal}/api/journal/stack-item-data`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, Origin: journal, "Content-Type": "application/json" },
        body: JSON.stringify(itemFor(type, uptimeOnly)),
      });
  // A date not asked before in this run, so the isolate's per-year memory does not answer for it.
  let year = 1100;
  const sky = (kind: string) => () =>
    localFetch(`${lupileon}/api/lupileon/${kind}/${year++}-06-${String(1 + (year % 28)).padStart(2, "0")}`);

  const proxy = proxyWorkerd();
  /**
   * The D1 side of statements: the CPU of the workerd serving this script's D1 (SQLite, the answer's
   * encoding) for ten copies of them in one batch, a tenth of it, less the same for ten `SELECT 1`
   * (the trip's own share): the median of 7.
   */
  const d1Cpu = async (statements: Statement[]) => {
    const tenth = (list: Statement[]) => {
      const batch = Array.from({ length: 10 }, () => list.map((s) => d1.prepare(s.sql).bind(...s.params))).flat();
      return cpuOf(
        7,
        () => cpuMs(proxy),
        () => d1.batch(batch),
      ).then((ms) => ms / 10);
    };
    return Math.max(0, (await tenth(statements)) - (await tenth([{ sql: "SELECT 1", params: [] }])));
  };
  const health = await measure(() => localFetch(`http://nook.localhost:${port}/api/health`));
  const checkAuth = await measure(() =>
    localFetch(`${journal}/api/auth/checkAuth`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  const rows: { label: string; wall: number; cpu: number; d1: number; js: number | null; trips: number }[] = [
    { label: "GET /api/health (the baseline: one SELECT 1)", ...health, d1: 0, js: null, trips: 1 },
    { label: "GET /api/auth/checkAuth (JWT + session row)", ...checkAuth, d1: Number.NaN, js: null, trips: 1 },
  ];
  const matching = Number(
    (
      await d1
        .prepare("SELECT count(*) AS n FROM entry_tags WHERE tag_id = ?")
        .bind(tagId("smoke"))
        .first<{ n: number }>()
    )?.n,
  );
  for (const [type, uptimeOnly] of [
    ...STACK_ITEM_TYPES.map((t) => [t, false] as const),
    ["top time between", true] as const,
  ]) {
    const { statements, answers } = await recordItem(type, uptimeOnly);
    const js = await cpuOf(
      RUNS,
      nodeCpuMs,
      () => stackItemData(openDb(replaying(answers)), 1, itemFor(type, uptimeOnly), { now: NOW, timeZone: TIME_ZONE }),
      50,
    );
    rows.push({
      label: `stack-item-data: ${type}${uptimeOnly ? ", uptime only" : ""}`,
      ...(await measure(stat(type, uptimeOnly))),
      d1: await d1Cpu(statements),
      js,
      trips: statements.length,
    });
  }
  // The sky's dates: another year each call, as the HTTP requests' (this process remembers its own years).
  let jsYear = 1100;
  const at = () => new Date(Date.UTC(jsYear++, 5, 1 + (jsYear % 28), 12));
  for (const [kind, label, run] of [
    ["moon", "GET lupileon/moon/{date}", () => moonAt(at())],
    ["celestial", "GET lupileon/celestial/{date}", () => celestialAt(at())],
    ["solar", "GET lupileon/solar/{date}, a year not yet asked", () => solarAt(at())],
    ["signs", "GET lupileon/signs/{date}, a year not yet asked", () => signsOf(at().toISOString().slice(0, 10))],
  ] as const)
    rows.push({ label, ...(await measure(sky(kind))), d1: 0, js: await cpuOf(RUNS, nodeCpuMs, run, 200), trips: 0 });

  console.log(
    `\n3. CPU a request: ${ENTRIES.toLocaleString("en")} entries, the stack item's tag on ${matching.toLocaleString("en")}; medians of ${RUNS} runs one at a time`,
  );
  console.log("   wall: the request over HTTP through the gateway, wall-clock time on this machine;");
  console.log(
    "   workerd CPU: the CPU time the suite's two workerd processes (the gateway; the API Worker with its local D1) spent on it, all threads;",
  );
  console.log(
    "   D1 CPU: the route's statements again on this script's D1 binding, the CPU its workerd spent on them (SQLite, encoding the answer);",
  );
  console.log(
    "   handler JS: the route's own code in this process (the stacks engine over D1's recorded answers, parsed from JSON; the sky's\n   calculations), Node's CPU time: the nearest local figure to the Worker's CPU time Cloudflare counts, which leaves D1's out",
  );
  console.log(
    `\n   ${"request".padEnd(50)} ${"wall".padStart(9)} ${"×health".padStart(8)} ${"workerd CPU".padStart(12)} ${"×health".padStart(8)} ${"D1 CPU".padStart(9)} ${"handler JS".padStart(11)} statements`,
  );
  const ms = (x: number | null) => (x === null || Number.isNaN(x) ? "–" : `${x.toFixed(2)} ms`);
  let heaviest = { label: "", js: 0 };
  for (const r of rows) {
    if (r.js !== null && r.js > heaviest.js) heaviest = { label: r.label, js: r.js };
    console.log(
      `   ${r.label.padEnd(50)} ${ms(r.wall).padStart(9)} ${`${(r.wall / health.wall).toFixed(2)}×`.padStart(8)} ${ms(r.cpu).padStart(12)} ${`${(r.cpu / health.cpu).toFixed(2)}×`.padStart(8)} ${ms(r.d1).padStart(9)} ${ms(r.js).padStart(11)} ${String(r.trips).padStart(10)}`,
    );
  }
  console.log(
    `   heaviest handler JS: ${heaviest.label}, ${heaviest.js.toFixed(1)} ms — ${((heaviest.js / LIMITS.workerCpuMs.value) * 100).toFixed(2)}% of the default 30 s a request (Workers Paid), ${(heaviest.js / LIMITS.workerCpuMsFree.value).toFixed(2)}× Workers Free's 10 ms`,
  );
  const dearest = rows.reduce((a, b) => (b.d1 > a.d1 ? b : a));
  console.log(
    `   heaviest D1 CPU: ${dearest.label}, ${dearest.d1.toFixed(1)} ms — a database runs its queries one at a time: about ${Math.floor(1000 / dearest.d1)} such a second`,
  );

  // ---------------------------------------------------------------- 4. limits

  console.log("\n4. Limits (Workers Paid unless said)");
  for (const l of Object.values(LIMITS)) console.log(`   ${l.what}\n      ${l.source}`);
  // Writes at the busiest hour: 3 entries a user a day, all in one hour's tenth of the day's traffic
  // (10× the day's average rate) — the load a full database's primary must take one at a time.
  const busyWritesPerUser = (3 / 86_400) * 10;
  const limits = [
    { name: "10 GB a D1 database (storage)", users: perDatabase },
    {
      name: "one writer a database (a tagged entry's write, busiest hour 10× the day's average)",
      users: Math.floor(writesPerSecond / busyWritesPerUser),
    },
    { name: "1 TB of D1 storage an account", users: usersPerDatabase(userBytes, LIMITS.d1AccountBytes.value) },
  ];
  console.log("\n   users of one database (or account) before each limit, for the typical user:");
  for (const l of limits) console.log(`     ${l.users.toLocaleString("en").padStart(12)}  ${l.name}`);
  const first = firstLimit(limits);
  console.log(
    `   first limit: ${first.name} — at ${first.users.toLocaleString("en")} typical users, ${(first.users * TYPICAL_USER.rows.entries).toLocaleString("en")} entries (${(first.users * TYPICAL_USER.rows.entry_tags).toLocaleString("en")} tag links)`,
  );
  console.log(
    `   its ${first.users.toLocaleString("en")} users' entries at the busiest hour: ${(first.users * busyWritesPerUser).toFixed(1)} writes a second, ${((first.users * busyWritesPerUser * 100) / writesPerSecond).toFixed(2)}% of the one writer's ${Math.round(writesPerSecond).toLocaleString("en")}`,
  );
  console.log(
    `   on Workers Free (500 MB a D1 database): ${usersPerDatabase(userBytes, 500e6).toLocaleString("en")} typical users a database`,
  );
  console.log(
    `\n   measured ${date} on this machine (${process.platform}, Node ${process.version}); npm run bench -- scale`,
  );
} finally {
  seeded?.close();
  many?.close();
  await suite.close();
}
