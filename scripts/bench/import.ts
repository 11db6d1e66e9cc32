/**
 * Imports: a Nook export brought back a chunk at a time through the local suite (wrangler dev, workerd,
 * local D1), as the page sends it — cut by the page's own cutter (packages/shared/src/import/chunks.ts),
 * then POST /api/user/imports, every chunk PUT in order, POST …/finish (workers/api/src/import/run-routes.ts)
 * — and hostile files sent whole, as a hostile client would. Each figure beside a bare baseline of the
 * same run.
 *   npm run bench -- import     (BENCH_MB, BENCH_ENTRIES, BENCH_SPEED_MB, BENCH_PORT to change it; Linux only)
 *
 *   1. memory, a real export: BENCH_ENTRIES entries seeded (seed-journal.ts; by default as many as make
 *      about BENCH_MB = 24 MB of export), exported by GET /api/user/export and imported into a fresh account;
 *   2. memory, hostile files of BENCH_MB: to the API whole (streamed without a length, and with one), each
 *      must be refused (413) within the bound; through the page's cutter in this process (no request then);
 *   3. speed, an export of BENCH_SPEED_MB (default 100 MB, about 400,000 entries) built in this process in
 *      the export's exact shape (seeding and exporting as many rows would take most of the run): entries a
 *      second, the time, and each PUT's time early and late in the run.
 * An import's baselines, in the same run: the same chunks previewed (dryRun: read and planned, nothing
 * written), and the same chunk bodies PUT to a run of another account (404 once the run is looked up:
 * HTTP, the session, one SELECT, the body never read).
 *
 * Memory, the bound (BOUND_MB, half of Cloudflare's 128 MB an isolate): the API Worker's isolate, as V8
 * counts it through wrangler's inspector (isolate-heap.ts), its peak in a run over its size just before. Beside it, the whole suite's workerd's peak resident set over its idle one
 * (workerd-memory.ts): everything the process holds — the gateway's isolate, local D1 (its Durable Object
 * and SQLite, which on Cloudflare is another machine's), buffers — an upper bound that a cold process
 * overshoots, because it keeps what it grows by (the import goes first of its three).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { csvChunks, type ImportChunk, nookChunks } from "../../packages/shared/src/import/chunks.ts";
import { IMPORT_CHUNK_BYTES } from "../../packages/shared/src/import/limits.ts";
import { type LocalResponse, localFetch } from "../local-fetch.ts";
import { benchSuite } from "./bench-suite.ts";
import { type ApiIsolate, apiIsolate } from "./isolate-heap.ts";
import { seedJournal } from "./seed-journal.ts";
import { mb, resetPeak, statusKb, workerdPids } from "./workerd-memory.ts";

/** The real export's and each hostile file's size; the speed file's. */
const MB = Number(process.env.BENCH_MB ?? 24);
const SPEED_MB = Number(process.env.BENCH_SPEED_MB ?? (MB * 100) / 24);
/** seed-journal's entries export at about 148 bytes each: 170,000 make about 24 MB. */
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? Math.round((MB * 170_000) / 24));
/** The most the suite's workerd may grow by for any one import or refusal, in MB. */
const BOUND_MB = 64;

const suite = await benchSuite((db) => seedJournal(db, ENTRIES));
const { db } = suite;
/** The page's origin: the API refuses an unsafe method from another site (platform/origin-check.ts). */
const ORIGIN = suite.origin("journal");
const MiB = 1024 * 1024;

// ---- Calls ----------------------------------------------------------------------------------------------

/** The suite's workerd now; none while wrangler dev reloads it (a new one opens D1 on its first request). */
function suiteWorkerd() {
  try {
    return workerdPids().suite;
  } catch {
    return undefined;
  }
}

/** Until the suite answers again after a reload, its workerd holding D1 open (GET /api/health reads it). */
async function settled() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const health = await localFetch(`${ORIGIN}/api/health`).catch(() => null);
    if (health?.status === 200 && suiteWorkerd()) return;
  }
  throw new Error("the suite did not answer again within 120 s");
}

/**
 * A request through wrangler dev's reloads: wrangler dev replaces the Workers' workerd when a file it
 * watches changes (the sites' build, rebuilt by others' tests in this tree), cutting off a request under
 * way (the connection dropped, or 503 for a write). Such a request is sent again once the suite answers;
 * the API's import calls may be (a chunk written already is answered again, "Idempotent-Replayed").
 */
async function throughReloads(url: string, init: Parameters<typeof localFetch>[1]) {
  for (let attempt = 1; ; attempt += 1) {
    const res = await localFetch(url, init).catch((err: unknown) => {
      if (attempt === 5) throw err;
      return null;
    });
    if (res && !(res.status === 503 && res.text().includes("restarted mid-request"))) return res;
    if (attempt === 5) throw new Error(`${url}: ${res?.status} ${res?.text()}`);
    await settled();
  }
}

/** An API call as the token's user, the body sent with its length; anything but `expect` throws. */
async function call(
  token: string,
  method: string,
  path: string,
  body?: { text: string; type: string },
  expect: number[] = [200, 201],
): Promise<LocalResponse> {
  const res = await throughReloads(`${ORIGIN}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Origin: ORIGIN,
      ...(body ? { "Content-Type": body.type } : {}),
    },
    body: body?.text,
  });
  if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${res.text().slice(0, 300)}`);
  return res;
}

let accounts = 0;
/** A fresh account through the API (`name` and a number, so a step run again takes another): its token and email. */
async function register(name: string) {
  accounts += 1;
  const username = `${name}${accounts}`;
  const email = `${username}@nook.localhost`;
  const res = await throughReloads(`${suite.origin("auth")}/api/auth/register`, {
    method: "POST",
    headers: {
      Origin: suite.origin("auth"),
      "Content-Type": "application/json",
      // A client address of its own (198.18.0.0/15, the benchmarking range), as e2e/browser.ts does: the
      // sign-up throttle counts a client's accounts.
      "CF-Connecting-IP": `198.18.7.${accounts}`,
    },
    body: JSON.stringify({ email, name, username, password: `bench-password-${accounts}` }),
  });
  // 409: a sign-up sent again after a reload had landed the first time; another name then.
  if (res.status === 409) return register(name);
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${res.text()}`);
  return { token: res.json<{ token: string }>().token, email };
}

/** A chunk's place in its file, as the page sends it in the query. */
const place = (chunk: ImportChunk) =>
  `offset=${chunk.offset}&line=${chunk.line}${chunk.stackPart ? `&stackPart=${chunk.stackPart}` : ""}`;
const JSON_TYPE = "application/json";

/**
 * The file's chunks imported as the page does: a run begun, each chunk written in order, finished. With the
 * entries added, each PUT's time and the suite's workerd's peak after it (NaN once the process is gone: a
 * reload, and the run is measured again), to tell one chunk's cost from what piles up over the run.
 */
async function importChunks(token: string, text: string, chunks: ImportChunk[]) {
  const pid = workerdPids().suite;
  const fileHash = createHash("sha256").update(text).digest("hex");
  const begun = await call(token, "POST", "/api/user/imports", {
    text: JSON.stringify({ format: "nook", fileHash, chunks: chunks.length }),
    type: JSON_TYPE,
  });
  const { id } = begun.json<{ id: number }>();
  let added = 0;
  const chunkMs: number[] = [];
  const chunkPeakKb: number[] = [];
  for (const [n, chunk] of chunks.entries()) {
    const t0 = performance.now();
    const res = await call(token, "PUT", `/api/user/imports/${id}/chunks/${n}?${place(chunk)}`, {
      text: chunk.body,
      type: JSON_TYPE,
    });
    chunkMs.push(performance.now() - t0);
    chunkPeakKb.push(existsSync(`/proc/${pid}`) ? statusKb(pid, "VmHWM") : Number.NaN);
    added += res.json<{ kinds: { entries: { added: number } } }>().kinds.entries.added;
  }
  await call(token, "POST", `/api/user/imports/${id}/finish`);
  return { added, chunkMs, chunkPeakKb };
}

/** The baseline of transport: each chunk PUT to another account's run, which answers 404 unread. */
async function refuseChunks(token: string, foreignRun: number, chunks: ImportChunk[]) {
  for (const [n, chunk] of chunks.entries())
    await call(
      token,
      "PUT",
      `/api/user/imports/${foreignRun}/chunks/${n}?${place(chunk)}`,
      { text: chunk.body, type: JSON_TYPE },
      [404],
    );
}

/** The baseline of reading and planning: each chunk previewed (dryRun), as the page does first; nothing written. */
async function previewChunks(token: string, chunks: ImportChunk[]) {
  for (const chunk of chunks)
    await call(token, "POST", `/api/user/import?format=nook&dryRun=1&${place(chunk)}`, {
      text: chunk.body,
      type: JSON_TYPE,
    });
}

/**
 * A whole file POSTed to the import as a hostile client would: streamed without a length (chunked), or with
 * its Content-Length. Over a bare socket, not node:http: the API answers 413 before the body is all sent
 * and the server may then close the connection under the upload, where node:http reports the write's
 * EPIPE and loses the answer already received. The client stops sending once an answer comes; a
 * connection closed with no answer is status 0 and the socket's error.
 */
function sendWhole(token: string, query: string, type: string, body: Buffer, streamed: boolean) {
  const url = new URL(`${ORIGIN}/api/user/import?${query}`);
  const head = [
    `POST ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    `Authorization: Bearer ${token}`,
    `Origin: ${ORIGIN}`,
    `Content-Type: ${type}`,
    streamed ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  return new Promise<{ status: number; sentMb: number; said: string; error?: string }>((resolve) => {
    let answer = "";
    let sent = 0;
    let error: string | undefined;
    const status = () => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    const socket = connect(Number(url.port), "127.0.0.1");
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      error = err.code ?? String(err);
    });
    // The answer's body, its first words (a refusal names its reason; a 500 of wrangler's own says so).
    const said = () => answer.slice(answer.indexOf("\r\n\r\n") + 4, answer.indexOf("\r\n\r\n") + 124);
    socket.on("close", () =>
      resolve({
        status: status(),
        sentMb: sent / MiB,
        said: said(),
        ...(status() ? {} : { error: error ?? "closed" }),
      }),
    );
    // A piece at a time (64 KB, framed as a chunk when streamed), the next once it is written and any answer
    // read: the client stops at the answer, as curl does, before the server's close resets the connection.
    const write = () => {
      if (answer || socket.destroyed) return;
      if (sent >= body.length) {
        if (streamed) socket.write("0\r\n\r\n");
        return;
      }
      const piece = body.subarray(sent, sent + 64 * 1024);
      sent += piece.length;
      const framed = streamed
        ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
        : piece;
      socket.write(framed, () => setImmediate(write));
    };
    socket.once("connect", () => {
      socket.write(head);
      write();
    });
  });
}

// ---- Measuring ----------------------------------------------------------------------------------------

/** The parts of a resident set sampled while a run goes (statusKb): which one the peak is made of. */
const PARTS = ["RssAnon", "RssFile", "RssShmem"] as const;

/**
 * A run's time and the suite's workerd's peak over its resident set just before (the peak reset then), and
 * each part's highest rise, sampled every 50 ms (each at its own moment: they need not add up to the peak).
 */
async function measured<T>(run: () => Promise<T>) {
  const pid = workerdPids().suite;
  const idle = PARTS.map((part) => statusKb(pid, part));
  const top = [...idle];
  const sample = setInterval(() => {
    try {
      for (const [i, part] of PARTS.entries()) top[i] = Math.max(top[i] ?? 0, statusKb(pid, part));
    } catch {
      // The process is gone (a reload): the run is measured again.
    }
  }, 50);
  const idleKb = statusKb(pid, "VmRSS");
  resetPeak(pid);
  const t0 = performance.now();
  const { value, isolate } = await (await apiInspector()).measure(run).finally(() => clearInterval(sample));
  const ms = performance.now() - t0;
  const peakKb = existsSync(`/proc/${pid}`) ? statusKb(pid, "VmHWM") : Number.NaN;
  if (Number.isNaN(peakKb) || suiteWorkerd() !== pid)
    throw new Error("the suite's workerd was replaced during the run");
  const partsKb = PARTS.map((_, i) => (top[i] ?? 0) - (idle[i] ?? 0)) as [number, number, number];
  const isolateRiseKb = (isolate.peak - isolate.idle) / 1024;
  return { value, ms, idleKb, peakKb, riseKb: peakKb - idleKb, partsKb, isolate, isolateRiseKb };
}

/**
 * The one connection to the API isolate's inspector, opened again only when it closed (a reload): wrangler's
 * inspector proxy does not answer a second client once a first has come and gone.
 */
let inspector: ApiIsolate | undefined;
async function apiInspector() {
  if (!inspector?.open()) inspector = await apiIsolate(suite.inspectorPort);
  return inspector;
}

/**
 * A measured step, run again (at most 5 times) when wrangler dev reloads the suite under it: it replaces
 * the workerd when a source file of the Workers changes, as it does in a tree others work in, and a run
 * across a reload measures two processes (or fails: a write cut off is answered 503). `prepare` gives each
 * attempt its own run (a fresh account, when it writes).
 */
async function steady<T>(prepare: () => Promise<() => Promise<T>>) {
  for (let attempt = 1; ; attempt += 1) {
    const run = await prepare();
    if (!suiteWorkerd()) await settled();
    const pid = suiteWorkerd();
    try {
      return await measured(run);
    } catch (err) {
      if (attempt === 5 || suiteWorkerd() === pid) throw err;
      console.log("  (wrangler dev reloaded the suite during a run: a source file changed; the run again)");
      await settled();
    }
  }
}
type Measured = Awaited<ReturnType<typeof measured>>;

const within = (riseKb: number) =>
  riseKb <= BOUND_MB * 1024 ? `≤ ${BOUND_MB} MB: yes` : `≤ ${BOUND_MB} MB: NO, over by ${mb(riseKb - BOUND_MB * 1024)}`;
const growth = (r: Measured) => `+${mb(r.riseKb)} over idle ${mb(r.idleKb)} (peak ${mb(r.peakKb)})`;
/** The API isolate's rise, its peak against Cloudflare's 128 MB, and what V8 reserved. */
const isolateGrowth = ({ isolate: i, isolateRiseKb }: Measured) =>
  `API isolate +${mb(isolateRiseKb)} over idle ${mb(i.idle / 1024)} (peak ${mb(i.peak / 1024)} of 128 MB, ` +
  `reserved ${mb(i.reservedPeak / 1024)}; ${i.samples} samples)`;
/** Which part of the resident set rose: anonymous (heaps), mapped files, shared memory. */
const parts = ({ partsKb: [anon, file, shm] }: Measured) =>
  `(at most +${mb(anon)} anonymous, +${mb(file)} file pages, +${mb(shm)} shared)`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
const count = (n: number) => n.toLocaleString("en");

/** Entries of an account, counted in D1. */
async function entriesOf(email: string) {
  const row = await db
    .prepare("SELECT count(*) AS n FROM entries WHERE user_id = (SELECT id FROM users WHERE email = ?)")
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

// ---- Files --------------------------------------------------------------------------------------------

/** A file's chunks, or the bench stops: an export must always cut. */
function cut(text: string) {
  const cutFile = nookChunks(text);
  if (!cutFile.ok) throw new Error(`the export cannot be cut: ${JSON.stringify(cutFile)}`);
  return cutFile.chunks;
}

/** A small deterministic generator (mulberry32), so every run imports the same file. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = [
  ...["coffee", "walk", "work", "read", "sleep", "run", "tea", "music", "cook", "call", "@ann", "@bob"],
  ...["down", "up", "focus", "gym", "code", "write", "shop", "clean", "garden", "bike", "swim", "yoga"],
  ...["family", "friends", "movie", "travel", "doctor", "meditate"],
];
const WORDS = (
  "the a and of to in it was that we with for on at this my day slept well long walk park rain sun " +
  "coffee morning evening meeting call wrote read book cooked dinner lunch friend tired happy calm busy " +
  "quiet train home office late early garden news email plan fixed bug ran km felt better worse good"
).split(" ");

/** A line of a journal, 60–200 characters. */
function entryText(rand: () => number) {
  const length = 60 + Math.floor(rand() * 141);
  let text = "";
  while (text.length < length) text += `${text ? " " : ""}${WORDS[Math.floor(rand() * WORDS.length)]}`;
  return `${text.slice(0, length - 1).trimEnd()}.`;
}

/**
 * An export in GET /api/user/export's exact shape (packages/shared/src/user/export.ts: its keys in its
 * order, entries oldest first) of at least `bytes`: entries a few minutes apart from 2015, each 60–200
 * characters, 0–3 of 30 tags, a mood on half of them.
 */
function buildExport(bytes: number) {
  const rand = random(2026);
  const entries: unknown[] = [];
  let size = 0;
  let at = Date.UTC(2015, 0, 1, 7);
  while (size < bytes) {
    at += (60 + Math.floor(rand() * 1380)) * 1000;
    const date = new Date(at).toISOString();
    const tags = [...new Set(Array.from({ length: Math.floor(rand() * 4) }, () => TAGS[Math.floor(rand() * 30)]))];
    const metrics = rand() < 0.5 ? [{ name: "mood", value: 1 + Math.floor(rand() * 5) }] : [];
    const entry = { date, modifiedAt: date, text: entryText(rand), tags, metrics };
    size += JSON.stringify(entry).length + 1;
    entries.push(entry);
  }
  const exportedAt = new Date(at + 86_400_000).toISOString();
  const text = JSON.stringify({
    format: "nook",
    version: 1,
    exportedAt,
    profile: {
      email: "speed@nook.localhost",
      name: "Speed",
      username: "speed",
      dateOfBirth: null,
      accentColor: "orange",
      timeZone: "Europe/Berlin",
      createdAt: "2015-01-01T00:00:00.000Z",
    },
    tags: TAGS,
    metrics: ["mood"],
    stacks: [],
    timers: [],
    people: [],
    checklists: [],
    donateInfo: null,
    donations: [],
    entries,
  });
  return { text, entries: entries.length };
}

/** The hostile files, each of `bytes`: what a client sends to make a Worker hold or parse too much. */
function hostileFiles(bytes: number) {
  const row = '2026-01-01,January 1,Thursday,12:00,good,,,"';
  const csv = "full_date,date,weekday,time,mood,activities,note_title,note\n";
  return [
    { label: "(a) `[` never closed", format: "nook", body: Buffer.alloc(bytes, "[") },
    {
      label: "(b) nested arrays [[[…]]]",
      format: "nook",
      body: Buffer.concat([Buffer.alloc(bytes / 2, "["), Buffer.alloc(bytes / 2, "]")]),
    },
    {
      label: "(c) one CSV line (Daylio)",
      format: "daylio",
      body: Buffer.concat([
        Buffer.from(csv + row),
        Buffer.alloc(bytes - csv.length - row.length - 2, "x"),
        Buffer.from('"\n'),
      ]),
    },
    {
      label: "(d) one JSON string",
      format: "nook",
      body: Buffer.concat([Buffer.from('"'), Buffer.alloc(bytes - 2, "x"), Buffer.from('"')]),
    },
  ] as const;
}

/** What the page's cutter answers to a file (it refuses before any request). */
function cutterAnswer(format: string, text: string) {
  const t0 = performance.now();
  let answer: string;
  try {
    const cutFile = format === "nook" ? nookChunks(text) : csvChunks(text);
    if (cutFile.ok) answer = `cut into ${cutFile.chunks.length} chunks`;
    else {
      const { ok: _, ...problem } = cutFile;
      answer = `refused: ${JSON.stringify(problem)}`;
    }
  } catch (err) {
    answer = `threw ${String(err).slice(0, 80)}`;
  }
  return `${answer} in ${(performance.now() - t0).toFixed(0)} ms`;
}

// ---- The bench ----------------------------------------------------------------------------------------

/**
 * A file imported into a fresh account, beside its baselines, each sent by another fresh, empty account:
 * each chunk previewed (dryRun: read and planned against an empty account as the import's, nothing
 * written) and the same chunk bodies PUT to a run of user 1's (404, the body unread). The import first: the
 * workerd keeps what a run grows it by (V8's heaps, SQLite's caches), so a later run rises less over its
 * idle, and the import's figure, checked against the bound, is the one taken nearest a fresh process.
 */
async function importFigures(name: string, text: string, chunks: ImportChunk[], foreignRun: number) {
  let email = "";
  const imported = await steady(async () => {
    const fresh = await register(name);
    email = fresh.email;
    return () => importChunks(fresh.token, text, chunks);
  });
  const landed = await entriesOf(email);
  // The same file again into another fresh account, the process now warm: what one import costs once the
  // workerd's one-time growth (V8's heap sizing, local D1's SQLite caches for the new tables) is behind it.
  const again = await steady(async () => {
    const fresh = await register(`${name}again`);
    return () => importChunks(fresh.token, text, chunks);
  });
  const { token } = await register(`${name}base`);
  const previewed = await steady(async () => () => previewChunks(token, chunks));
  const refused = await steady(async () => () => refuseChunks(token, foreignRun, chunks));
  return { imported, again, landed, previewed, refused };
}

/** An import's figures, each baseline's as the import's ratio to it. */
function printImport(f: Awaited<ReturnType<typeof importFigures>>, entries: number, chunks: number) {
  const { added, chunkMs, chunkPeakKb } = f.imported.value;
  if (added !== entries || f.landed !== entries)
    throw new Error(`the import is not whole: ${added} added, ${f.landed} in the account`);
  const perSecond = (ms: number) => `${count(Math.round(entries / (ms / 1000)))} entries/s`;
  console.log(
    `  imported into a fresh account (begin, ${chunks} PUTs, finish)  ${secs(f.imported.ms).padStart(7)}, ` +
      `${perSecond(f.imported.ms)}; ${isolateGrowth(f.imported)}; ${within(f.imported.isolateRiseKb)}\n` +
      `    the whole workerd (with local D1's SQLite and the gateway) ${growth(f.imported)} ${parts(f.imported)}`,
  );
  // One chunk's cost, or what piles up: the PUTs' times and the peak early in the run and at its end.
  const tenth = Math.max(1, Math.round(chunks / 10));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const riseAt = (n: number) => mb((chunkPeakKb[n - 1] ?? Number.NaN) - f.imported.idleKb);
  console.log(
    `    a chunk's PUT: median ${median(chunkMs.slice(0, tenth)).toFixed(0)} ms in the first tenth of the chunks, ` +
      `${median(chunkMs.slice(-tenth)).toFixed(0)} ms in the last; the peak's rise +${riseAt(tenth)} after the ` +
      `first tenth (${tenth} chunks), +${riseAt(Math.ceil(chunks / 2))} after half, +${riseAt(chunks)} after all`,
  );
  console.log(
    `  the same file into a second fresh account (the workerd warm)  ${secs(f.again.ms).padStart(7)}, ` +
      `${perSecond(f.again.ms)}; ${isolateGrowth(f.again)}; ${within(f.again.isolateRiseKb)}\n` +
      `    the whole workerd ${growth(f.again)} ${parts(f.again)}`,
  );
  for (const [label, b] of [
    ["baseline: the same chunks previewed (dryRun: read, planned, not written)", f.previewed],
    ["baseline: the same chunk bodies PUT to another account's run (404, unread)", f.refused],
  ] as const)
    console.log(
      `  ${label}  ${secs(b.ms).padStart(7)}; ${isolateGrowth(b)}; the import ${ratio(f.imported.ms, b.ms)} ` +
        `its time, ${ratio(f.imported.isolateRiseKb, Math.max(b.isolateRiseKb, 1))} its isolate's growth\n` +
        `    the whole workerd ${growth(b)} ${parts(b)}`,
    );
}

/** 1. A real export (GET /api/user/export of the seeded journal) imported into a fresh account. */
async function realExport(owner: string, foreignRun: number) {
  const exported = (await call(owner, "GET", "/api/user/export")).text();
  const entries = (JSON.parse(exported) as { entries: unknown[] }).entries.length;
  if (entries !== ENTRIES) throw new Error(`the export holds ${entries} entries, not ${ENTRIES}`);
  const chunks = cut(exported);
  console.log(
    `\n1. Memory, a real export: GET /api/user/export of ${count(ENTRIES)} seeded entries (seed-journal), ` +
      `${(exported.length / MiB).toFixed(1)} MB, cut by nookChunks into ${chunks.length} chunks ` +
      `(whole, in one request, it is refused: 413 over ${IMPORT_CHUNK_BYTES / 1024} KB, as in 2)`,
  );
  printImport(await importFigures("memory", exported, chunks, foreignRun), entries, chunks.length);
}

/** wrangler's dev proxy's own 500 when the Workers' workerd closes the connection under an upload it answered. */
const LOST = "Network connection lost";

/**
 * What the client got: the status (and a word of the body when not 413), or no answer and why. Locally a
 * request goes through wrangler's ProxyWorker (another workerd) to the Workers: when the API answers before
 * the body is all read and closes the connection, the proxy may lose the answer and say 500 itself.
 */
function answered(r: Awaited<ReturnType<typeof sendWhole>>) {
  const sent = `after ${r.sentMb.toFixed(1)} MB sent`;
  if (!r.status) return `no answer (${r.error}) ${sent}`;
  if (r.status === 500 && r.said.includes(LOST)) return `500 of wrangler's dev proxy ("${LOST}") ${sent}`;
  return r.status === 413 ? `413 ${sent}` : `${r.status} ${JSON.stringify(r.said.slice(0, 60))} ${sent}`;
}

/** ok: refused (413) within the bound; "answer lost": within the bound, but the API's answer is not seen. */
function verdict(r: Measured & { value: Awaited<ReturnType<typeof sendWhole>> }) {
  if (r.isolateRiseKb > BOUND_MB * 1024) return "NOT OK (over the bound)";
  if (r.value.status === 413) return "ok";
  if (!r.value.status) return "answer lost (the connection closed under the upload)";
  return r.value.status === 500 && r.value.said.includes(LOST) ? "answer lost (dev proxy)" : "NOT OK";
}

/** 2. Hostile files, to the API whole (streamed, then with a length) and through the page's cutter. */
async function hostile() {
  console.log(
    `\n2. Memory, hostile files of ${MB} MB: POST /api/user/import whole, streamed without a length (chunked) and ` +
      "with Content-Length; each must be 413 within the bound. Then what the page's cutter answers (in this process, no request)",
  );
  const { token } = await register("hostile");
  for (const file of hostileFiles(MB * MiB)) {
    const type = file.format === "nook" ? JSON_TYPE : "text/csv";
    for (const streamed of [true, false]) {
      const r = await steady(async () => () => sendWhole(token, `format=${file.format}`, type, file.body, streamed));
      console.log(
        `  ${file.label.padEnd(28)} ${streamed ? "chunked       " : "Content-Length"}  ${answered(r.value)}, ` +
          `${(r.ms / 1000).toFixed(2)} s; ${isolateGrowth(r)}; workerd ${growth(r)}  ${verdict(r)}`,
      );
    }
    console.log(`  ${"".padEnd(28)} the page's cutter: ${cutterAnswer(file.format, file.body.toString("utf8"))}`);
  }
}

/** 3. Speed: an export built here in the export's shape, imported into a fresh account. */
async function speed(foreignRun: number) {
  const built = buildExport(SPEED_MB * MiB);
  const chunks = cut(built.text);
  console.log(
    `\n3. Speed, an export built in this process in GET /api/user/export's shape: ${count(built.entries)} entries ` +
      `(60–200 characters, 0–3 of 30 tags, a mood on half), ${(built.text.length / MiB).toFixed(1)} MB, ${chunks.length} chunks`,
  );
  printImport(await importFigures("speed", built.text, chunks, foreignRun), built.entries, chunks.length);
}

try {
  const owner = await suite.signIn();
  // A run of user 1's that no chunk will reach: the baselines' chunks are PUT to it by other accounts.
  const foreignRun = (
    await call(owner, "POST", "/api/user/imports", {
      text: JSON.stringify({ format: "nook", fileHash: "0".repeat(64), chunks: 8000 }),
      type: JSON_TYPE,
    })
  ).json<{ id: number }>().id;
  const workerd = workerdPids().suite;
  console.log(
    `\nImports through the local suite, a file cut by the page's cutter (chunks of at most ${IMPORT_CHUNK_BYTES / 1024} KB). ` +
      `Time: the whole run, begin to finish. Memory: the API Worker's isolate (V8's heap and ArrayBuffers, through ` +
      `wrangler's inspector), its peak over its size just before the run (the bound: ` +
      `${BOUND_MB} MB); and the whole suite's workerd (the one running the Workers, pid ${workerd}, idle at ` +
      `${mb(statusKb(workerd, "VmRSS"))}), its peak resident set over its resident set just before the run. ` +
      "Baselines: the same requests that do less, ratios the import's to them",
  );
  await realExport(owner, foreignRun);
  await hostile();
  await speed(foreignRun);
} finally {
  inspector?.close();
  await suite.close();
}
