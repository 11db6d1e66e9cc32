import { env, SELF } from "cloudflare:test";
import { message } from "@nook/shared/common/messages";
import fc from "fast-check";
import * as valibot from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { createSession } from "../auth/session.ts";
import { openDb } from "../platform/db.ts";
import { validators } from "../platform/validate.ts";
import { claimsOf, errorBodyOf, ORIGIN, resetDb, signedInUser, tableNames } from "./helpers.ts";

/**
 * The route-walking fuzz test (DESIGN §3: "never a 5xx for anything
 * a client can send"). Every route the app registers is sent generated
 * requests, signed in, from the same origin: bodies, queries and path
 * parameters that are well typed (made from the route's own valibot schemas,
 * found through `validators`), well typed with hostile values put in at any
 * depth, and hostile outright — huge and empty strings, deep nesting, wrong
 * types, control and unicode characters, lone surrogates, numbers at the
 * edges, lists at and past their maximum, random JSON, bodies that are not
 * JSON. Nothing here names a route: a new one is fuzzed as it is registered.
 *
 * The oracle, for every answer: not a 5xx; no internal text (a stack frame,
 * an error class, D1's or SQLite's words, a source path); a refusal is a whole
 * error body; and a 4xx left every row of every table as it was.
 *
 * Reproducible: one fixed seed, printed with the count (a failure prints the
 * seed and path that replay it). `FUZZ_SEED=… FUZZ_RUNS=…` before
 * `npm test -- --project workers` explores other and more requests.
 */

const SEED = Number(env.FUZZ_SEED ?? 20261125);
/** Requests per route that reads a body, a query or a path parameter; a route that reads none gets a quarter. */
const RUNS = Number(env.FUZZ_RUNS ?? 32);
/**
 * A route's time, at most: a route that checks a password (scrypt, 0.2 s and
 * more) stops early, with fewer requests, instead of taking the suite's time.
 */
const ROUTE_MS = 100 * RUNS;

type Schema = valibot.GenericSchema & {
  type: string;
  pipe?: readonly { kind: string; type: string; requirement?: unknown }[];
  entries?: Record<string, Schema>;
  item?: Schema;
  items?: Schema[];
  options?: readonly unknown[];
  wrapped?: Schema;
  literal?: unknown;
  value?: Schema;
};

interface Route {
  method: string;
  path: string;
  json?: Schema;
  query?: Schema;
  param?: Schema;
}

/** Every "METHOD /path" the app registered, with the schemas its `validate` middlewares check. */
function registeredRoutes(): Route[] {
  const routes = new Map<string, Route>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    const route = routes.get(key) ?? { method: r.method, path: r.path };
    const checked = validators.get(r.handler);
    if (checked && (checked.target === "json" || checked.target === "query" || checked.target === "param"))
      route[checked.target] = checked.schema as Schema;
    routes.set(key, route);
  }
  return [...routes.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

// ---------------------------------------------------------------- the world

/** The signed-in user's rows, for ids that exist: a generated id is one of them now and then. */
interface World {
  entry: number;
  stack: number;
  item: number;
  timer: number;
  person: number;
  steps: number;
  username: string;
}
const ID_KEYS = ["entry", "stack", "item", "timer", "person", "steps"] as const;

/**
 * A stand-in for one of the world's values, put in when the request is sent
 * (the world is made again when it grows): its username, or an id — the one
 * the case picked (`focus`), so an id in the path and the same in the body agree.
 */
class Ref {
  constructor(
    readonly key: "id" | "username",
    readonly asString = false,
  ) {}
  get value(): unknown {
    const value = this.key === "id" ? world[focus] : world.username;
    return this.asString ? String(value) : value;
  }
}
let focus: (typeof ID_KEYS)[number] = "entry";

let world: World;
let user: Awaited<ReturnType<typeof signedInUser>>;
let token: string;

async function makeWorld() {
  await resetDb();
  user = await signedInUser("Ann");
  token = user.token;
  const post = async <T>(path: string, body: unknown) => (await user.call("POST", path, body)).json<T>();
  const entry = await post<{ id: number }>("/entries", {
    text: "seen",
    tags: ["down", "@ada"],
    metrics: [{ name: "mood", value: 3 }],
  });
  const stack = await post<{ id: number }>("/stacks", { name: "daily", icon: "★" });
  const item = await post<{ id: number }>("/stack-items", {
    stackId: stack.id,
    title: "n",
    type: "sum",
    config: { filter: [{ name: "down" }] },
  });
  const timer = await post<{ id: number }>("/timer", { text: "t", tags: ["focus"], initAt: new Date().toISOString() });
  const person = await (
    await user.api.people.$post({
      json: { name: "Ada", email: "ada@example.org", birthDate: "1990-05-17", tags: ["ada"] },
    })
  ).json();
  const steps = await (await user.api.steps.$post({ json: { name: "plan" } })).json();
  world = {
    entry: entry.id,
    stack: stack.id,
    item: item.id,
    timer: timer.id,
    person: (person as { id: number }).id,
    steps: (steps as { data: { id: number } }).data.id,
    username: user.username,
  };
}

/** Whether the walk's session is among the snapshot's sessions: a request may end it (logout). */
function signedIn(rows: Map<string, string>): boolean {
  const sid = claimsOf(token).sid as string;
  return (rows.get("sessions") ?? "").includes(JSON.stringify(sid));
}

// ---------------------------------------------------------------- generated values

/** Strings a careless or hostile client sends. */
const HOSTILE_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m\u007f",
  "\ud800",
  "x\udfffy",
  "\ufeff\u200b\u202e",
  "👩‍👩‍👧‍👦🏳️‍🌈",
  "İıſK",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE entries; --',
  "../../../etc/passwd",
  "%00%ff%",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "NaN",
  "Infinity",
  "-0",
  "1e308",
  "0x1F",
  "9007199254740993",
  "null",
  "[]",
  "{}",
  "!",
  "@",
  "~",
];
/** Date-like strings: valid, at the edges of the ranges, and impossible. */
const DATE_STRINGS = [
  "2026-03-05",
  "2026-03-05T12:00:00Z",
  "2026-03-05T12:00:00.000+03:00",
  "1900-01-01T00:00:00Z",
  "2199-12-31T23:59:59Z",
  "1800-01-01",
  "2024-02-29",
  "2024-02-30",
  "2023-02-29",
  "0000-01-01",
  "9999-12-31",
  "+275760-09-13T00:00:00Z",
  "2026-13-01",
  "2026-03-05T25:00:00Z",
  "now",
];
const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  -1.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e12,
  1e12 + 1,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
];

const deep = (n: number) => JSON.parse(`${"[".repeat(n)}${"]".repeat(n)}`) as unknown;

/** Any string: random (unicode, control characters), hostile, date-like, or long. */
const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...DATE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(65, 129, 255, 1_001, 10_001, 100_000).map((n) => "é".repeat(n)) },
);

/** Any value a JSON body can hold, and the hostile shapes: deep nesting, long lists, prototype keys. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...EDGE_NUMBERS, null, true, false) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(2, 64, 1_000).map(deep) },
  { weight: 1, arbitrary: fc.constantFrom(51, 501, 10_000).map((n) => Array.from({ length: n }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": 1}}')) },
);

/** Strings a field may want, valid for one schema or another: words, text, dates, e-mails, zones. */
const STRING_CANDIDATES: fc.Arbitrary<unknown>[] = [
  fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/),
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }),
  fc
    .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom("2026-03-01", "2026-03-05", "2026-03-31", "1990-05-17", "2026-03-05T12:00:00Z"),
  fc.emailAddress(),
  fc.stringMatching(/^[a-z][a-z0-9]{0,10}@[a-z][a-z0-9]{0,9}\.(?:org|com|ru)$/),
  fc.constantFrom("UTC", "Europe/Moscow", "America/New_York", "@ada", "mood", "duration", "down", "up"),
];

/** One of the world's ids, or its username (put in when the request is sent). */
const idRef = fc.constant(new Ref("id"));
const usernameRef = fc.constant(new Ref("username"));

/**
 * Values from the candidates, the first (from a random one on) that the
 * schema takes — checks, transforms and all —, so a well-typed request gets
 * past validation as often as not, whatever the field's rule; the first
 * candidate when none does.
 */
function firstAccepted(schema: Schema, candidates: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.tuple(fc.nat(), ...candidates).map(([start, ...values]) => {
    for (let i = 0; i < values.length; i++) {
      const value = values[(start + i) % values.length];
      if (valibot.safeParse(schema, value instanceof Ref ? value.value : value).success) return value;
    }
    return values[start % values.length];
  });
}

/** The actions of a schema's pipe (nested pipes too), by type. */
function actions(schema: Schema): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const item of schema.pipe ?? []) {
    if (item.kind === "schema") {
      for (const [k, r] of actions(item as unknown as Schema)) if (!out.has(k)) out.set(k, r);
    } else if (!out.has(item.type)) out.set(item.type, item.requirement);
  }
  return out;
}

/**
 * Values of a schema's input. With `spoil`, every value at every depth is
 * now and then a hostile one instead, and objects lose or gain keys.
 */
function valuesOf(schema: Schema, spoil: boolean): fc.Arbitrary<unknown> {
  const made = wellTyped(schema, spoil);
  return spoil ? fc.oneof({ weight: 6, arbitrary: made }, { weight: 1, arbitrary: hostile }) : made;
}

function wellTyped(schema: Schema, spoil: boolean): fc.Arbitrary<unknown> {
  const acts = actions(schema);
  switch (schema.type) {
    case "string": {
      const max = acts.get("max_length") as number | undefined;
      const regex = acts.get("regex") as RegExp | undefined;
      const candidates: fc.Arbitrary<unknown>[] = [...STRING_CANDIDATES, fc.constant(new Ref("id", true)), usernameRef];
      if (regex) candidates.push(fc.stringMatching(regex));
      if (max !== undefined) candidates.push(fc.constant("a".repeat(max)));
      if (spoil && max !== undefined) candidates.push(fc.constant("a".repeat(max + 1)));
      return firstAccepted(schema, candidates);
    }
    case "number": {
      const min = (acts.get("min_value") as number | undefined) ?? -1e6;
      const max = (acts.get("max_value") as number | undefined) ?? 1e6;
      const inRange = acts.has("integer")
        ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      const candidates = [inRange, fc.constantFrom(min, max), idRef];
      if (spoil) candidates.push(fc.constantFrom(min - 1, max + 1, ...EDGE_NUMBERS));
      return firstAccepted(schema, candidates);
    }
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constant(schema.literal);
    case "picklist":
    case "enum":
      return fc.constantFrom(...((schema.options as unknown[]) ?? [null]));
    case "null":
      return fc.constant(null);
    case "optional":
    case "exact_optional":
    case "undefinedable":
      return fc.oneof(fc.constant(undefined), valuesOf(schema.wrapped as Schema, spoil));
    case "nullable":
      return fc.oneof(fc.constant(null), valuesOf(schema.wrapped as Schema, spoil));
    case "nullish":
      return fc.oneof(fc.constant(null), fc.constant(undefined), valuesOf(schema.wrapped as Schema, spoil));
    case "union":
    case "variant":
      return fc.oneof(...(schema.options as Schema[]).map((o) => valuesOf(o, spoil)));
    case "array": {
      const max = acts.get("max_length") as number | undefined;
      const item = valuesOf(schema.item as Schema, spoil);
      const lengths = max === undefined ? [0, 1, 2, 3, 60] : [0, 1, 2, 3, max, ...(spoil ? [max + 1] : [])];
      return fc.constantFrom(...lengths).chain((n) => fc.array(item, { minLength: n, maxLength: n }));
    }
    case "tuple":
    case "strict_tuple":
    case "loose_tuple":
      return fc.tuple(...(schema.items as Schema[]).map((s) => valuesOf(s, spoil)));
    case "object":
    case "strict_object":
    case "loose_object":
    case "object_with_rest": {
      const entries = Object.entries(schema.entries ?? {});
      const record = fc.record(Object.fromEntries(entries.map(([k, s]) => [k, valuesOf(s, spoil)])));
      if (!spoil) return record;
      // A required key missing, or a key no schema knows.
      return fc
        .tuple(record, fc.nat(), fc.option(fc.tuple(anyString, hostile), { nil: undefined }))
        .map(([r, drop, extra]) => {
          const out: Record<string, unknown> = { ...r };
          if (entries.length && drop % 5 === 0) delete out[entries[drop % entries.length]?.[0] ?? ""];
          if (extra) out[extra[0]] = extra[1];
          return out;
        });
    }
    case "record":
      return fc.dictionary(anyString, valuesOf(schema.value as Schema, spoil), { maxKeys: 3 });
    default:
      return hostile;
  }
}

// ---------------------------------------------------------------- requests

interface Case {
  /** Whose id an id stands for in this request: the world's entry, stack, item, timer, person or checklist. */
  focus: (typeof ID_KEYS)[number];
  params: Record<string, unknown>;
  query: [string, unknown][];
  body?: { type?: string; text: string | unknown };
}

/** A path parameter: one of the world's ids or its username, a number at an edge, or any string. */
const anyParam: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(idRef, usernameRef) },
  { weight: 2, arbitrary: fc.constantFrom("0", "1", "-1", "1.5", "1e3", "007", "999999999999999", "9999999999999999") },
  { weight: 3, arbitrary: anyString },
  { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%2F", "..", "%00") },
);

/** Bodies that are no JSON, or not said to be, and JSON nested deeper than a parser's stack (kept as text). */
const rawBody = fc.record({
  type: fc.constantFrom(
    undefined,
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json; charset=utf-16",
  ),
  text: fc.constantFrom(
    "",
    "{",
    "[1,",
    "nul",
    '{"a":1}}',
    "\u0000",
    "a=1&b=2",
    '{"text":"x"}',
    '"just a string"',
    "null",
    "[]",
    "{}",
    `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    `${'{"a":'.repeat(40_000)}1${"}".repeat(40_000)}`,
  ),
});

/** The query names every route may read (`tz`, the paging cursor), and any other. */
const extraQuery = fc.array(fc.tuple(fc.constantFrom("tz", "before", "limit", "from", "to", "id"), hostile), {
  maxLength: 2,
});

function caseOf(route: Route): fc.Arbitrary<Case> {
  const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const params = route.param
    ? fc.oneof(
        valuesOf(route.param, false),
        valuesOf(route.param, true),
        fc.record(Object.fromEntries(paramNames.map((p) => [p, anyParam]))),
      )
    : fc.record(Object.fromEntries(paramNames.map((p) => [p, anyParam])));
  const query = fc
    .tuple(
      route.query
        ? fc.oneof(valuesOf(route.query, false), valuesOf(route.query, true))
        : fc.constant<Record<string, unknown>>({}),
      extraQuery,
    )
    .map(([q, extra]) => [
      ...Object.entries(q && typeof q === "object" ? (q as Record<string, unknown>) : { q }),
      ...extra,
    ]);
  const takesBody = route.method !== "GET" && route.method !== "HEAD";
  const json = (a: fc.Arbitrary<unknown>) => a.map((text) => ({ type: "application/json", text }));
  const body: fc.Arbitrary<Case["body"]> = !takesBody
    ? fc.constant(undefined)
    : route.json
      ? fc.oneof(
          { weight: 4, arbitrary: json(valuesOf(route.json, false)) },
          { weight: 4, arbitrary: json(valuesOf(route.json, true)) },
          { weight: 1, arbitrary: json(hostile) },
          { weight: 1, arbitrary: rawBody },
        )
      : fc.oneof(fc.constant(undefined), json(hostile), rawBody);
  return fc.record({
    focus: fc.constantFrom(...ID_KEYS),
    params: params.map((p) => (p && typeof p === "object" ? (p as Record<string, unknown>) : {})),
    query,
    body,
  });
}

const resolve = (value: unknown) => (value instanceof Ref ? value.value : value);
const asText = (value: unknown) => {
  const v = resolve(value);
  return typeof v === "string" ? v : (JSON.stringify(v) ?? "");
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The request a case makes. A path parameter that is already percent-encoding (%zz) goes as it is. */
function requestOf(route: Route, c: Case): { url: string; init: RequestInit; sent: string } {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const raw = asText(c.params[name] ?? "");
    // A lone surrogate has no UTF-8: the fetch would send U+FFFD for it anyway.
    return /^%|^\.\.$/.test(raw) ? raw : encodeURIComponent(raw.replace(LONE_SURROGATE, "\ufffd"));
  });
  const search = new URLSearchParams();
  for (const [k, value] of c.query) if (resolve(value) !== undefined) search.append(k, asText(value));
  const url = `${ORIGIN}${path}${search.size ? `?${search}` : ""}`;
  const headers: Record<string, string> = { Origin: ORIGIN, Authorization: `Bearer ${token}` };
  let body: string | undefined;
  if (c.body) {
    body =
      typeof c.body.text === "string" && c.body.type !== "application/json"
        ? c.body.text
        : (JSON.stringify(c.body.text, (_, v) => resolve(v)) ?? "");
    if (c.body.type === undefined && c.body.text === "") body = undefined;
    if (c.body.type) headers["Content-Type"] = c.body.type;
  }
  return { url, init: { method: route.method, headers, body }, sent: `${url}\n${body ?? ""}` };
}

// ---------------------------------------------------------------- the oracle

/** Words of the server's insides that no answer may carry (unless the request itself did). */
const INTERNAL = [
  /\b(?:Type|Reference|Range|Syntax|Eval|URI)Error\b/,
  // D1's error names (D1_ERROR, D1_TYPE_ERROR) as words: not three letters inside a random token (a challenge).
  /\bD1_[A-Z_]+\b/,
  /SQLITE/i,
  /\bat (?:async )?[\w$.<>]+ \(/,
  /\.(?:ts|js|mjs):\d+/,
  /\/(?:work|src|node_modules)\//,
  /Something went wrong/,
];
/** The one 5xx a signed-in request may get here: a service the test setup leaves unconfigured (no key). */
const NOT_CONFIGURED = message("The random-number service is not configured").code;
/**
 * A refused sign-in or password check, and any sign-up past validation (a taken
 * address, 409; an invite link that lets no one in, 403; a throttled one, 429), is recorded for the throttle:
 * the one write a 4xx makes.
 */
const THROTTLE_TABLE = "login_attempts";
const recordsAttempt = (route: Route, status: number) =>
  status === 401 || (route.path === "/api/auth/register" && (status === 403 || status === 409 || status === 429));

/**
 * Every row of every table, in one statement: each table's rows, by rowid, as
 * one JSON text (all columns), so a 4xx that changed any value is seen.
 */
let snapshotQuery = "";
let tables: string[] = [];
async function prepareSnapshot() {
  tables = await tableNames();
  const parts: string[] = [];
  for (const t of tables) {
    const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info('${t}')`).all<{ name: string }>();
    const columns = results.map((c) => `"${c.name}"`).join(", ");
    parts.push(
      `(SELECT json_group_array(json_array(rowid, ${columns})) FROM (SELECT rowid, * FROM "${t}" ORDER BY rowid))`,
    );
  }
  snapshotQuery = `SELECT json_array(${parts.join(", ")}) AS rows`;
}
async function snapshot(): Promise<Map<string, string>> {
  const row = await env.DB.prepare(snapshotQuery).first<{ rows: string }>();
  const rows = JSON.parse(row?.rows ?? "[]") as unknown[];
  return new Map(tables.map((t, i) => [t, JSON.stringify(rows[i])]));
}
const sizeOf = (s: Map<string, string>) => [...s.values()].reduce((n, t) => n + t.length, 0);

const tally = {
  requests: 0,
  serverErrors: 0,
  notConfigured: 0,
  byClass: {} as Record<string, number>,
  routes: new Set<string>(),
};
let before: Map<string, string>;

async function check(route: Route, c: Case) {
  focus = c.focus;
  const { url, init, sent } = requestOf(route, c);
  const res = await SELF.fetch(url, init);
  const text = await res.text();
  tally.requests++;
  tally.byClass[`${String(res.status)[0]}xx`] = (tally.byClass[`${String(res.status)[0]}xx`] ?? 0) + 1;
  const where = `${route.method} ${route.path} → ${res.status}\n${sent.slice(0, 500)}\n${text.slice(0, 500)}`;
  const body = (() => {
    try {
      return JSON.parse(text) as { code?: string };
    } catch {
      return null;
    }
  })();
  if (res.status === 503 && body?.code === NOT_CONFIGURED) tally.notConfigured++;
  else if (res.status >= 500) {
    tally.serverErrors++;
    expect.fail(`a 5xx: ${where}`);
  }
  for (const pattern of INTERNAL)
    if (pattern.test(text) && !pattern.test(sent)) expect.fail(`internal text ${pattern}: ${where}`);
  if (res.status >= 400) await errorBodyOf({ json: async () => body }).catch((err) => expect.fail(`${err}: ${where}`));
  const after = await snapshot();
  if (res.status >= 400 && res.status < 500) {
    const changed = tables.filter((t) => before.get(t) !== after.get(t));
    const allowed = recordsAttempt(route, res.status) ? [THROTTLE_TABLE] : [];
    const wrong = changed.filter((t) => !allowed.includes(t));
    if (wrong.length) expect.fail(`a ${res.status} changed ${wrong.join(", ")}: ${where}`);
  }
  before = after;
  // A new session when a request ended this one, so the walk goes on signed in; the world made again once
  // the accepted writes have grown it past what a snapshot reads fast.
  if (res.ok && sizeOf(after) > 1_000_000) await makeWorld();
  else if (res.ok && !signedIn(after)) token = (await createSession(openDb(env.DB), env.JWT_SECRET, user)).token;
  else return;
  before = await snapshot();
}

// ---------------------------------------------------------------- the walk

const routes = registeredRoutes();

beforeAll(async () => {
  await prepareSnapshot();
  await makeWorld();
  before = await snapshot();
});

afterAll(() => {
  const classes = Object.entries(tally.byClass)
    .sort()
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
  console.log(
    `fuzz: ${tally.requests} requests over ${tally.routes.size} routes, ${tally.serverErrors} 5xx ` +
      `(${classes}, of which ${tally.notConfigured} the unconfigured random service's 503; seed ${SEED})`,
  );
});

/** A route's own seed, from its name: a route added elsewhere leaves every other route's requests as they were. */
function seedOf(route: Route): number {
  let h = SEED;
  for (const ch of `${route.method} ${route.path}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** Whether a route reads anything of the request: a body, a query or a path parameter. */
const readsInput = (route: Route) =>
  Boolean(route.json || route.query || route.param || route.path.includes(":")) ||
  (route.method !== "GET" && route.method !== "HEAD");

describe("fuzz: every route, generated requests", () => {
  it("finds every route, and the schemas of those that validate", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.json || r.query || r.param).length).toBeGreaterThan(30);
    const entries = routes.find((r) => r.method === "POST" && r.path === "/api/journal/entries");
    expect(entries?.json?.type).toBe("object");
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}`, { timeout: 60_000 }, async () => {
      tally.routes.add(`${route.method} ${route.path}`);
      await fc.assert(
        fc.asyncProperty(caseOf(route), async (c) => {
          await check(route, c);
        }),
        { seed: seedOf(route), numRuns: readsInput(route) ? RUNS : RUNS / 4, interruptAfterTimeLimit: ROUTE_MS },
      );
    });
  }
});
