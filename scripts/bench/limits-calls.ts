/**
 * The limits bench's calls (limits.ts): each request sent, timed and checked against the bounds, its line
 * printed; the routes' schemas asked of each request (a child process, limits-schemas.ts); the streamed
 * exports read whole; the neighbour's page asked while heavy work runs.
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import { createInterface } from "node:readline";
import { EXPORT_PAGE_ROWS } from "../../packages/shared/src/user/limits.ts";
import { openDb } from "../../workers/api/src/platform/db.ts";
import { entriesCsv } from "../../workers/api/src/user/export-csv.ts";
import * as exportQueries from "../../workers/api/src/user/export-queries.ts";
import { localFetch } from "../local-fetch.ts";
import { repo } from "../wrangler.ts";
import type { BenchSuite } from "./bench-suite.ts";

/** What a request's statements cost in D1 (platform/d1-timing.ts). */
export interface D1Time {
  statements: number;
  total: number;
  longest: number;
}
/**
 * platform/d1-timing.ts, loaded when the bench runs: it names the Workers' ambient D1 types, which the
 * scripts' typecheck does not have (a computed specifier keeps tsc from following it).
 */
const { readServerTiming, newD1Time, timedD1 } = (await import(
  new URL("../../workers/api/src/platform/d1-timing.ts", import.meta.url).href
)) as {
  readServerTiming(value: string | null): D1Time | null;
  newD1Time(): D1Time;
  timedD1<T>(d1: T, time: D1Time): T;
};

/** The bounds (DESIGN §3). */
export const STATEMENT_MS = 250;
export const REQUEST_D1_MS = 1_000;
export const WALL_MS = 1_000;
export const NEIGHBOUR_RATIO = 2;
/** A call unanswered this long is failed, and the suite restarted (BENCH_DEADLINE_S). */
export const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 30) * 1000;

export interface Call {
  method: string;
  /** The route as registered (`/api/journal/entries/:id`). */
  route: string;
  /** The path sent, with its query; the route's by default. */
  url?: string;
  token?: string | null;
  json?: unknown;
  /** A body sent as it is (the imports' files), of `type`. */
  body?: string;
  type?: string;
  headers?: Record<string, string>;
  /** What this call is, when a route has several (or what it needs saying). */
  label?: string;
  /** Why it is short of a maximum where the schema's figure cannot be met (printed beside `under`). */
  why?: string;
  /** A call of the heavy part, sized by the data rather than the schema: its shortfalls go unsaid. */
  heavy?: boolean;
}

export interface Row {
  route: string;
  label: string;
  status: number;
  wall: number;
  d1: D1Time | null;
  failures: string[];
  flags: string[];
}

export interface Answer {
  status: number;
  wall: number;
  d1: D1Time | null;
  text: string;
  headers: Record<string, string | string[] | undefined>;
  json<T = unknown>(): T;
}

export const fmt = (n: number | undefined, digits = 1) => (n === undefined ? "—" : n.toFixed(digits));

/** The table's head. */
export function header() {
  console.log(
    `  ${"route".padEnd(50)} ${"status".padStart(6)} ${"wall ms".padStart(9)} ${"D1 ms".padStart(8)} ${"stmts".padStart(6)} ${"longest".padStart(8)}  verdict`,
  );
}

/** The path parameters of `url` by the route's `:names`. */
function paramsOf(route: string, url: string) {
  const names = route.split("/");
  const values = url.split("?")[0]?.split("/") ?? [];
  return Object.fromEntries(
    names.flatMap((n, i) => (n.startsWith(":") ? [[n.slice(1), decodeURIComponent(values[i] ?? "")]] : [])),
  );
}

/** The query as Hono's validator reads it: a repeated key a list, any other its one value. */
function queryOf(url: string) {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(url.split("?")[1] ?? "")) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** The `name=value` of a Set-Cookie answered, for sending back. */
export function cookieOf(a: Answer, name: string) {
  const set = a.headers["set-cookie"];
  const all = Array.isArray(set) ? set : set ? [set] : [];
  const found = all.find((s) => s.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(";")[0] as string;
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The calls of a run on `suite`: what each route answered and how long it held D1, and what failed. */
export async function benchCalls(suite: BenchSuite) {
  const ORIGIN = suite.origin("journal");
  const child = spawn(
    process.execPath,
    ["--experimental-transform-types", "--no-warnings", `${repo}scripts/bench/limits-schemas.ts`],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await answers.next();
    if (line.done) throw new Error("the schemas' child process ended");
    return JSON.parse(line.value) as unknown;
  };
  const ROUTES = (await nextLine()) as { method: string; path: string }[];
  /** What the route's schemas say of a request: its issues (none: valid), and where it is short of a maximum. */
  async function checked(method: string, path: string, parts: Record<string, unknown>) {
    child.stdin.write(`${JSON.stringify({ method, path, ...parts })}\n`);
    return (await nextLine()) as { issues: string[]; under: string[] };
  }

  const rows: Row[] = [];
  const failures: string[] = [];

  /** A row's verdict against the bounds, recorded and printed. */
  function record(row: Omit<Row, "failures" | "flags">) {
    const out: Row = { ...row, failures: [], flags: [] };
    const ok2xx = row.status >= 200 && row.status < 300;
    if (row.status === 0) out.failures.push(`no answer within ${DEADLINE_MS / 1000} s`);
    else if (!ok2xx) out.failures.push(`answered ${row.status}, not 2xx`);
    if (row.d1 === null && ok2xx) out.failures.push("no Server-Timing");
    if (row.d1 && row.d1.longest > STATEMENT_MS)
      out.failures.push(`a statement ${fmt(row.d1.longest)} ms > ${STATEMENT_MS}`);
    if (row.d1 && row.d1.total > REQUEST_D1_MS) out.failures.push(`D1 ${fmt(row.d1.total)} ms > ${REQUEST_D1_MS}`);
    if (row.wall > WALL_MS) out.flags.push(`wall ${fmt(row.wall, 0)} ms > ${WALL_MS}`);
    rows.push(out);
    const verdict = out.failures.length
      ? `OVER: ${out.failures.join("; ")}`
      : out.flags.length
        ? `within D1's bounds; ${out.flags.join("; ")}`
        : "ok";
    console.log(
      `  ${row.route.slice(0, 50).padEnd(50)} ${String(row.status).padStart(6)} ${fmt(row.wall).padStart(9)} ${fmt(row.d1?.total).padStart(8)} ${String(row.d1?.statements ?? "—").padStart(6)} ${fmt(row.d1?.longest).padStart(8)}  ${verdict}`,
    );
    for (const f of out.failures) failures.push(`${row.route}${row.label ? ` (${row.label})` : ""}: ${f}`);
    return out;
  }

  /**
   * Sends a call (no check, no line): its answer, wall time and D1 time. A call unanswered by the deadline is
   * answered status 0, and the suite restarted on the same state: its work, still holding D1, dies with it (its
   * transaction rolled back), so the rest of the run is measured on a free D1.
   */
  async function send(c: Call): Promise<Answer> {
    const body = c.body ?? (c.json === undefined ? undefined : JSON.stringify(c.json));
    const started = performance.now();
    const pending = localFetch(`${ORIGIN}${c.url ?? c.route}`, {
      method: c.method,
      headers: {
        Origin: ORIGIN,
        ...(c.token ? { Authorization: `Bearer ${c.token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": c.type ?? "application/json" }),
        ...c.headers,
      },
      body,
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), DEADLINE_MS);
    });
    const res = await Promise.race([pending, late]);
    clearTimeout(timer);
    if (res === null) {
      pending.catch(() => {});
      console.log(`      no answer within ${DEADLINE_MS / 1000} s: the suite restarted on the same state`);
      await suite.restart();
      return { status: 0, wall: DEADLINE_MS, d1: null, text: "", headers: {}, json: () => ({}) as never };
    }
    const wall = performance.now() - started;
    const timing = res.headers["server-timing"];
    return {
      status: res.status,
      wall,
      d1: readServerTiming(typeof timing === "string" ? timing : null),
      text: res.text(),
      headers: res.headers,
      json: <T>() => res.json<T>(),
    };
  }

  /** A call of the walk: checked against its route's schemas, sent, its line printed. */
  async function call(c: Call): Promise<Answer> {
    const url = c.url ?? c.route;
    const check = await checked(c.method, c.route, {
      ...(c.json === undefined ? {} : { json: c.json }),
      query: queryOf(url),
      param: paramsOf(c.route, url),
    });
    const answer = await send(c);
    const route = `${c.method} ${c.route}`;
    const row = record({ route, label: c.label ?? "", status: answer.status, wall: answer.wall, d1: answer.d1 });
    const notes = [
      c.label,
      check.issues.length ? `its schemas refuse it: ${check.issues.join("; ")}` : "",
      check.under.length && !c.heavy
        ? `short of its maximum: ${check.under.join(", ")}${c.why ? ` (${c.why})` : ""}`
        : "",
      answer.status >= 300 ? `answered: ${answer.text.slice(0, 160)}` : "",
    ].filter(Boolean);
    if (check.issues.length) {
      row.failures.push("not valid by its own schemas");
      failures.push(`${route}: not valid by its own schemas (${check.issues.join("; ")})`);
    }
    for (const n of notes) console.log(`      ${n}`);
    return answer;
  }

  /** A call that must be 2xx for the walk to go on: its JSON. */
  async function must<T>(c: Call): Promise<T> {
    const a = await call(c);
    if (a.status >= 300) throw new Error(`${c.method} ${c.url ?? c.route}: ${a.status} ${a.text.slice(0, 300)}`);
    return a.json<T>();
  }

  /** The neighbour's first page: its wall time, or NaN when it was not answered 200 (the suite restarting). */
  async function neighbourPage(token: string) {
    const started = performance.now();
    const r = await localFetch(`${ORIGIN}/api/journal/entries?limit=30`, {
      headers: { Authorization: `Bearer ${token}` },
    }).catch(() => null);
    if (r?.status !== 200) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return Number.NaN;
    }
    return performance.now() - started;
  }

  /** The neighbour's medians, idle and during each piece of heavy work, and whether the bound holds them. */
  const neighbourFigures: { label: string; idle: number; during: number; ratio: number; bounded: boolean }[] = [];

  /**
   * `work` while the neighbour's first page is asked in a loop, one request at a time: its median then against
   * its idle median just before.
   */
  async function whileNeighbourAsks<T>(
    label: string,
    neighbour: string,
    work: () => Promise<T>,
    bounded = true,
  ): Promise<T> {
    const idle: number[] = [];
    while (idle.length < 30) {
      const ms = await neighbourPage(neighbour);
      if (!Number.isNaN(ms)) idle.push(ms);
    }
    const during: number[] = [];
    let done = false;
    const loop = (async () => {
      while (!done) {
        const ms = await neighbourPage(neighbour);
        if (!Number.isNaN(ms)) during.push(ms);
      }
    })();
    let value: T;
    try {
      value = await work();
    } finally {
      done = true;
      await loop;
    }
    const ratio = median(during) / median(idle);
    const over = bounded && ratio > NEIGHBOUR_RATIO;
    console.log(
      `  the neighbour's first page during ${label}: median ${fmt(median(during))} ms over ${during.length} request${during.length === 1 ? "" : "s"}, ` +
        `idle ${fmt(median(idle))} ms just before — ${ratio.toFixed(2)}× ` +
        (bounded
          ? `(bound ${NEIGHBOUR_RATIO}×): ${over ? "OVER" : "within"}`
          : "(not bounded: many short requests in a row, not one piece of work)"),
    );
    neighbourFigures.push({ label, idle: median(idle), during: median(during), ratio, bounded });
    if (over) failures.push(`the neighbour's page during ${label}: ${ratio.toFixed(2)}× its idle median`);
    return value;
  }

  /** A download read whole, dropped as it comes: its status, bytes, time and the longest wait between two parts. */
  function download(path: string, token: string) {
    const url = new URL(`${ORIGIN}${path}`);
    return new Promise<{ status: number; bytes: number; wall: number; longestGap: number; d1: D1Time | null }>(
      (resolve, reject) => {
        const started = performance.now();
        let last = started;
        let longestGap = 0;
        let bytes = 0;
        const req = request(
          {
            host: "127.0.0.1",
            port: url.port,
            path: url.pathname,
            headers: { Host: url.host, Authorization: `Bearer ${token}` },
          },
          (res) => {
            const timing = res.headers["server-timing"];
            res.on("data", (chunk: Buffer) => {
              const now = performance.now();
              longestGap = Math.max(longestGap, now - last);
              last = now;
              bytes += chunk.length;
            });
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                bytes,
                wall: performance.now() - started,
                longestGap,
                d1: readServerTiming(typeof timing === "string" ? timing : null),
              }),
            );
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
  }

  /**
   * The export's own statements (user/export-queries.ts, EXPORT_PAGE_ROWS a page, as export-routes.ts asks
   * them), run from here on the suite's database through platform/d1-timing.ts: D1's own figures for them.
   */
  async function exportStatements(userId: number) {
    const time = newD1Time();
    const db = openDb(timedD1(suite.db, time));
    const q = exportQueries;
    await db.batch([q.exportProfile(db, userId), q.exportDonateInfo(db, userId)]);
    const byId = async (
      read: (db: never, userId: number, after: number | undefined, limit: number) => Promise<{ id: number }[]>,
    ) => {
      let after: number | undefined;
      for (;;) {
        const page = await read(db as never, userId, after, EXPORT_PAGE_ROWS);
        if (page.length < EXPORT_PAGE_ROWS) return;
        after = page[page.length - 1]?.id;
      }
    };
    for (const read of [
      q.exportTags,
      q.exportMetrics,
      q.exportStacks,
      q.exportTimers,
      q.exportPeople,
      q.exportChecklists,
      q.exportEvents,
      q.exportDonations,
    ])
      await byId(read as never);
    let after: { date: number; id: number } | undefined;
    for (;;) {
      const page = await q.exportEntries(db, userId, after, EXPORT_PAGE_ROWS);
      if (page.length < EXPORT_PAGE_ROWS) break;
      const last = page[page.length - 1] as { date: number; id: number };
      after = { date: last.date, id: last.id };
    }
    return time;
  }

  /** The CSV export's own statements (user/export-csv.ts), run the same way. */
  async function csvStatements(userId: number) {
    const time = newD1Time();
    const { rest } = await entriesCsv(openDb(timedD1(suite.db, time)), userId);
    for await (const _ of rest);
    return time;
  }

  /**
   * A streamed export, its line: the download's wall and longest wait, its statements' D1 figures. The
   * download alone runs inside `during` (the neighbour's loop): the statements are the bench's own replay,
   * back to back from another process, and after it.
   */
  async function exportRow(
    route: string,
    path: string,
    token: string,
    statements: () => Promise<D1Time>,
    label: string,
    during: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {
    const got = await during(() => download(path, token));
    const d1 = await statements();
    const row = record({ route, label, status: got.status, wall: got.wall, d1 });
    console.log(
      `      ${label}: ${(got.bytes / 1024 / 1024).toFixed(1)} MB; the longest wait between two parts of the stream ` +
        `${fmt(got.longestGap)} ms; the header's D1 (its first trip) ${fmt(got.d1?.total)} ms; the D1 figures are its ` +
        "page queries run from here on the same database",
    );
    return row;
  }

  /**
   * A change that goes in parts (a name on many entries): sent again while it answers `more: true`, with
   * the `after` it gives, each part a line of its own. The last part's answer.
   */
  async function callInParts(c: Call): Promise<Answer> {
    let answer = await call({ ...c, label: `${c.label ?? ""}, part 1` });
    for (let part = 2; answer.status === 200; part++) {
      const said = answer.json<{ more?: boolean; after?: number }>();
      if (!said.more) break;
      const json = c.json === undefined ? undefined : { ...(c.json as object), after: said.after };
      answer = await call({ ...c, ...(json ? { json } : {}), label: `${c.label ?? ""}, part ${part}` });
    }
    return answer;
  }

  return {
    origin: ORIGIN,
    ROUTES,
    rows,
    failures,
    neighbourFigures,
    record,
    send,
    call,
    callInParts,
    must,
    whileNeighbourAsks,
    exportRow,
    exportStatements,
    csvStatements,
    close() {
      child.stdin.end();
      child.kill();
    },
  };
}

export type BenchCalls = Awaited<ReturnType<typeof benchCalls>>;
