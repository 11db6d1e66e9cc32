import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { SessionEnded, SessionGate } from "../auth/session-gate.ts";
import { count, createUser, login, resetDb, signedInUser } from "../test/helpers.ts";
import { BOOKMARK_MAX_AGE_S, isBookmark, sessionStart } from "./d1-session.ts";

/**
 * D1's Sessions API (d1-session.ts): each request's trips go through `env.DB.withSession(...)`, and the
 * session's bookmark goes back in a cookie on the suite's root domain. Miniflare's D1 has no replicas: each
 * answer carries the database's current bookmark and the one a request sends is not looked at, so these
 * tests see the cookie's round trip and that everything works as before; the replicas' waiting is D1's.
 */
const JOURNAL = "http://journal.nook.localhost";
const STEPS = "http://steps.nook.localhost";

/** The bookmark cookie a response sets, whole (name, value and attributes), or undefined. */
function bookmarkCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => /^(__Secure-)?nook_d1=/.test(c));
}

/** The bookmark a response sets (the cookie's value). */
/** The bookmark cookie's value as the API set it: a D1 bookmark and its signature. */
function bookmarkOf(res: Response): string {
  const cookie = bookmarkCookie(res);
  expect(cookie, "a bookmark cookie").toBeDefined();
  const value = /^(?:__Secure-)?nook_d1=([^;]*)/.exec(cookie ?? "")?.[1] ?? "";
  expect(isBookmark(raw(value)), value).toBe(true);
  return value;
}

/** The D1 bookmark inside a cookie's value (its signature off). */
const raw = (value: string) => value.split("~")[0] ?? "";

/** A D1 binding that writes down each request's session start and every statement's SQL, over the real one. */
function recordingEnv(over: Env = env) {
  const starts: (string | undefined)[] = [];
  const sql: string[] = [];
  const results: D1Result[] = [];
  const recording = (d1: D1DatabaseSession) => ({
    prepare: (query: string) => {
      const ran = <T>(answer: T) => {
        sql.push(query);
        return answer;
      };
      const wrap = (real: D1PreparedStatement): D1PreparedStatement =>
        ({
          real,
          bind: (...values: unknown[]) => wrap(real.bind(...values)),
          first: (...args: [string]) => ran(real.first(...args)),
          all: () => ran(real.all()),
          run: () => ran(real.run()),
          raw: (...args: []) => ran(real.raw(...args)),
          query,
        }) as unknown as D1PreparedStatement;
      return wrap(d1.prepare(query));
    },
    batch: async (statements: { real: D1PreparedStatement; query: string }[]) => {
      sql.push(...statements.map((s) => s.query));
      const answers = await d1.batch(statements.map((s) => s.real));
      results.push(...answers);
      return answers;
    },
    getBookmark: () => d1.getBookmark(),
  });
  const DB = {
    ...over.DB,
    withSession: (start?: string) => {
      starts.push(start);
      return recording(over.DB.withSession(start));
    },
  };
  return { env: { ...over, DB } as unknown as Env, starts, sql, results };
}

beforeEach(resetDb);

describe("the bookmark cookie", () => {
  it("is set on an answer, on the root domain, HttpOnly, Lax, for a day", async () => {
    const res = await SELF.fetch(`${JOURNAL}/api/health`);
    expect(res.status).toBe(200);
    const cookie = bookmarkCookie(res) ?? "";
    // Miniflare's D1 answers with its database's current bookmark, in D1's own shape.
    expect(cookie).toMatch(/^nook_d1=[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}~[\w-]{43}; /);
    expect(cookie).toContain("; Domain=nook.localhost;");
    expect(cookie).toContain("; Path=/");
    expect(cookie).toContain("; HttpOnly");
    expect(cookie).toContain("; SameSite=Lax");
    expect(cookie).toContain(`; Max-Age=${BOOKMARK_MAX_AGE_S}`);
    expect(cookie).not.toContain("Secure");
    expect(BOOKMARK_MAX_AGE_S).toBe(86_400);
  });

  it("is __Secure- and Secure on https, on ROOT_DOMAIN, as the session cookie is; host-only on a bare host", async () => {
    const rooted = { ...env, ROOT_DOMAIN: "example.co.uk" };
    const res = await app.request("https://steps.example.co.uk/api/health", {}, rooted);
    expect(res.status).toBe(200);
    const cookie = bookmarkCookie(res) ?? "";
    expect(cookie).toMatch(/^__Secure-nook_d1=[0-9a-f-]+~[\w-]{43}; /);
    expect(cookie).toContain("; Domain=example.co.uk;");
    expect(cookie).toContain("; Secure");
    // Sent back on https, only the __Secure- one counts: a plain one could have been planted over http.
    const bookmark = bookmarkOf(res);
    const { env: recorded, starts } = recordingEnv(rooted);
    const plain = await app.request(
      "https://journal.example.co.uk/api/health",
      { headers: { Cookie: `nook_d1=${bookmark}` } },
      recorded,
    );
    const secure = await app.request(
      "https://journal.example.co.uk/api/health",
      { headers: { Cookie: `__Secure-nook_d1=${bookmark}` } },
      recorded,
    );
    expect([plain.status, secure.status]).toEqual([200, 200]);
    expect(starts).toEqual(["first-unconstrained", raw(bookmark)]);
    const bare = await app.request("http://localhost:8787/api/health", {}, env);
    expect(bookmarkCookie(bare)).not.toContain("Domain=");
  });

  it("is not set on an answer a shared cache may keep", async () => {
    const sky = await SELF.fetch(`${JOURNAL}/api/lupileon/moon/1990-05-17`);
    expect(sky.status).toBe(200);
    expect(sky.headers.get("Cache-Control")).toMatch(/^public,/);
    expect(bookmarkCookie(sky)).toBeUndefined();
  });

  it("sent back, is where the next request's session starts, and the answer's bookmark is the same or later", async () => {
    const first = bookmarkOf(await SELF.fetch(`${JOURNAL}/api/health`));
    const { env: recorded, starts } = recordingEnv();
    const res = await app.request(`${STEPS}/api/health`, { headers: { Cookie: `nook_d1=${first}` } }, recorded);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(starts).toEqual([raw(first)]);
    const next = bookmarkOf(res);
    // Bookmarks sort oldest to newest (D1's own ordering, as the binding compares them).
    expect(raw(next).localeCompare(raw(first))).toBeGreaterThanOrEqual(0);
  });

  it("a bad or forged value is ignored: the request is answered and a fresh, signed cookie set", async () => {
    const fresh = bookmarkOf(await SELF.fetch(`${JOURNAL}/api/health`));
    const bad = [
      "x".repeat(129),
      `${fresh}0${"f".repeat(100)}`,
      "%3Cscript%3E",
      "a%20b",
      "-leading-hyphen",
      "zzzzzzzz-zzzzzzzz-zzzzzzzz-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
      "ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff0",
      "first-primary",
      "first-unconstrained",
      "%00",
      '"a,b"',
      "%C3%A9",
      // Well formed, but not as the API issued it: unsigned, signed by someone else, another bookmark's signature.
      raw(fresh),
      `${raw(fresh)}~${"A".repeat(43)}`,
      `ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff~${fresh.split("~")[1]}`,
    ];
    for (const value of bad) {
      const { env: recorded, starts } = recordingEnv();
      const res = await app.request(`${JOURNAL}/api/health`, { headers: { Cookie: `nook_d1=${value}` } }, recorded);
      expect(res.status, value).toBe(200);
      expect(starts, value).toEqual(["first-unconstrained"]);
      expect(bookmarkOf(res), value).not.toBe(value);
    }
    // And a request that may write starts at the primary whatever it sends.
    expect(sessionStart("POST", fresh)).toBe("first-primary");
    expect(sessionStart("DELETE", null)).toBe("first-primary");
    expect(sessionStart("GET", fresh)).toBe(fresh);
    expect(sessionStart("HEAD", null)).toBe("first-unconstrained");
  });

  it("takes the shape of a D1 bookmark and nothing else", () => {
    const real = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";
    expect(isBookmark(real)).toBe(true);
    for (const value of [
      "",
      `${real}0`,
      real.toUpperCase(),
      real.replace(/-/g, "_"),
      real.slice(1),
      ` ${real}`,
      "x".repeat(129),
      "a b",
      "zzzzzzzz-not-a-real-bookmark",
      "first-primary",
      "first-unconstrained",
    ])
      expect(isBookmark(value), value).toBe(false);
  });
});

describe("read your writes across the sites", () => {
  it("a write through journal.<root>, then a read through steps.<root> with the cookie, sees the write", async () => {
    const ann = await signedInUser("Ann");
    const session = `nook_session=${ann.token}`;
    const wrote = await SELF.fetch(`${JOURNAL}/api/journal/entries`, {
      method: "POST",
      headers: { Origin: JOURNAL, Cookie: session, "Content-Type": "application/json" },
      body: JSON.stringify({ text: "tea on the balcony" }),
    });
    expect(wrote.status, await wrote.clone().text()).toBe(201);
    const { id } = await wrote.json<{ id: number }>();
    const afterWrite = bookmarkOf(wrote);

    const { env: recorded, starts } = recordingEnv();
    const read = await app.request(
      `${STEPS}/api/journal/entries?limit=30`,
      { headers: { Origin: STEPS, Cookie: `${session}; nook_d1=${afterWrite}` } },
      recorded,
    );
    expect(read.status, await read.clone().text()).toBe(200);
    // The read's session started at the write's bookmark: on D1, a replica that has the write, or the primary.
    expect(starts).toEqual([raw(afterWrite)]);
    const entries = Object.values(await read.json<Record<string, { id: number; text: string }>>());
    expect(entries.map((e) => [e.id, e.text])).toEqual([[id, "tea on the balcony"]]);
    expect(raw(bookmarkOf(read)).localeCompare(raw(afterWrite))).toBeGreaterThanOrEqual(0);
  });

  it("a write request's session starts at the primary", async () => {
    const ann = await signedInUser("Ann");
    const { env: recorded, starts } = recordingEnv();
    const res = await app.request(
      `${JOURNAL}/api/journal/entries`,
      {
        method: "POST",
        headers: { Origin: JOURNAL, Authorization: `Bearer ${ann.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ text: "walk" }),
      },
      recorded,
    );
    expect(res.status).toBe(201);
    expect(starts).toEqual(["first-primary"]);
    expect(await count("entries")).toBe(1);
  });

  it("signed out: a sign-in's bookmark carries the new session to the next request on another site", async () => {
    const ann = await createUser("Ann");
    const signedOut = await SELF.fetch(`${STEPS}/api/health`);
    expect(signedOut.status).toBe(200);
    const res = await login(ann.email, undefined, { Cookie: `nook_d1=${bookmarkOf(signedOut)}` });
    expect(res.status).toBe(200);
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("nook_session="))
      ?.split(";")[0];
    const check = await SELF.fetch(`${STEPS}/api/auth/checkAuth`, {
      headers: { Origin: STEPS, Cookie: `${session}; nook_d1=${bookmarkOf(res)}` },
    });
    expect(check.status, await check.clone().text()).toBe(200);
    bookmarkOf(check);
  });
});

describe("a GET's session check is a read", () => {
  it("a signed-in GET sends only SELECTs, and writes nothing", async () => {
    const ann = await signedInUser("Ann");
    const { env: recorded, sql, results } = recordingEnv();
    const res = await app.request(
      `${JOURNAL}/api/journal/entries?limit=30`,
      { headers: { Authorization: `Bearer ${ann.token}` } },
      recorded,
    );
    expect(res.status).toBe(200);
    expect(sql.length).toBe(2);
    expect(sql.filter((q) => !/^\s*select\s/i.test(q))).toEqual([]);
    expect(sql[0]).toContain("FROM sessions s JOIN users u");
    // D1's own word: not a row written, the database unchanged.
    expect(results.map((r) => [r.meta.rows_written, r.meta.changed_db])).toEqual([
      [0, false],
      [0, false],
    ]);
  });

  it("an ended or expired session's GET is a 401, still with nothing but SELECTs", async () => {
    for (const ending of ["DELETE FROM sessions", "UPDATE sessions SET expires_at = 1"]) {
      const ann = await signedInUser(ending.startsWith("DELETE") ? "Ann" : "Bob");
      await env.DB.prepare(ending).run();
      const { env: recorded, sql, results } = recordingEnv();
      const res = await app.request(
        `${JOURNAL}/api/journal/entries?limit=30`,
        { headers: { Authorization: `Bearer ${ann.token}` } },
        recorded,
      );
      expect(res.status, ending).toBe(401);
      expect(sql.length, ending).toBe(2);
      expect(
        sql.filter((q) => !/^\s*select\s/i.test(q)),
        ending,
      ).toEqual([]);
      expect(results.every((r) => r.meta.rows_written === 0 && !r.meta.changed_db)).toBe(true);
    }
  });

  it("a POST keeps the insert into session_gate, whose trigger rolls an ended session's batch back", async () => {
    const ann = await signedInUser("Ann");
    const recorded = recordingEnv();
    const post = (token: string) =>
      app.request(
        `${JOURNAL}/api/journal/entries`,
        {
          method: "POST",
          headers: { Origin: JOURNAL, Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ text: "tea" }),
        },
        recorded.env,
      );
    expect((await post(ann.token)).status).toBe(201);
    expect(recorded.sql[0]).toMatch(/^INSERT INTO session_gate/);
    await env.DB.prepare("DELETE FROM sessions").run();
    expect((await post(ann.token)).status).toBe(401);
    expect(await count("entries")).toBe(1);
  });

  it("the gate: a read-only trip of an ended session is refused with its answers dropped; one that writes keeps the trigger", async () => {
    const ann = await createUser("Ann");
    const gate = (sid: string) =>
      new SessionGate(env.DB, { sessionId: sid, userId: ann.id }, Date.now(), { readCheck: true }).binding();
    const db = gate("gone");
    await expect(db.prepare("SELECT count(*) AS n FROM entries").first("n")).rejects.toBeInstanceOf(SessionEnded);
    // A GET whose first trip writes (as the steps' recount may): the insert's trigger aborts the whole batch.
    const writes = gate("gone");
    await expect(
      writes.batch([
        writes
          .prepare("INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, 'x', 0, 0, 'f')")
          .bind(ann.id),
      ]),
    ).rejects.toBeInstanceOf(SessionEnded);
    expect(await count("entries")).toBe(0);
  });
});
