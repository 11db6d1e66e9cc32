import { env } from "cloudflare:test";
import type { SessionListed } from "@nook/shared/auth/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import {
  AUTH,
  bearer,
  bodyOf,
  claimsOf,
  count,
  createUser,
  dumpDb,
  errorBodyOf,
  PASSWORD,
  resetDb,
  send,
} from "../test/helpers.ts";
import { purgeExpiredSessions, SESSION_LIFETIME_MS, SESSION_TTL_MS } from "./session.ts";
import { browserOf } from "./user-agent.ts";

// Sessions one can see and end (GET/DELETE /api/auth/sessions), with an absolute lifetime, purged by the cron.

beforeEach(resetDb);

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** Signs in from a browser of that User-Agent: its token and session id. */
async function signInFrom(email: string, userAgent: string) {
  const res = await send(
    "POST",
    `${AUTH}/api/auth/login`,
    { email, password: PASSWORD },
    {
      Origin: AUTH,
      "User-Agent": userAgent,
    },
  );
  const { token } = await bodyOf<{ token: string }>(res, 200);
  return { token, id: claimsOf(token).sid as string, cookie: res.headers.getSetCookie() };
}
const call = (token: string, method: string, path = "") =>
  send(method, `${AUTH}/api/auth/sessions${path}`, undefined, { ...bearer(token), Origin: AUTH });
const day = 86_400_000;

describe("the list of sessions", () => {
  it("lists the account's sessions with their browser, this one marked, and no one else's", async () => {
    const ann = await createUser("Ann");
    const bob = await createUser("Bob");
    const phone = await signInFrom(ann.email, SAFARI_IPHONE);
    const laptop = await signInFrom(ann.email, CHROME_LINUX);
    await signInFrom(bob.email, FIREFOX_WINDOWS);
    const listed = await bodyOf<SessionListed[]>(await call(laptop.token, "GET"), 200);
    expect(
      listed
        .map(({ id, browser, system, current }) => ({ id, browser, system, current }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    ).toEqual(
      [
        { id: phone.id, browser: "Safari", system: "iOS", current: false },
        { id: laptop.id, browser: "Chrome", system: "Linux", current: true },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    for (const s of listed) expect(Date.parse(s.expiresAt) - Date.parse(s.createdAt)).toBe(SESSION_TTL_MS);
  });

  it("ends one: its next request is 401, the others live; another account's is 404 and stays", async () => {
    const ann = await createUser("Ann");
    const bob = await createUser("Bob");
    const phone = await signInFrom(ann.email, SAFARI_IPHONE);
    const laptop = await signInFrom(ann.email, CHROME_LINUX);
    const bobs = await signInFrom(bob.email, FIREFOX_WINDOWS);
    const before = await dumpDb();
    const foreign = await call(laptop.token, "DELETE", `/${bobs.id}`);
    expect(foreign.status).toBe(404);
    await errorBodyOf(foreign);
    expect((await dumpDb()).sessions).toEqual(before.sessions);
    expect(await bodyOf(await call(laptop.token, "DELETE", `/${phone.id}`), 200)).toEqual({ message: "Session ended" });
    expect((await call(phone.token, "GET")).status).toBe(401);
    expect((await call(laptop.token, "GET")).status).toBe(200);
    expect((await call(bobs.token, "GET")).status).toBe(200);
    const bad = await call(laptop.token, "DELETE", "/not%20an%20id");
    expect([bad.status, (await errorBodyOf(bad)).message]).toEqual([400, "A session is named by its id"]);
  });

  it("ends this one as a sign-out: 200, the cookie cleared, then 401", async () => {
    const ann = await createUser("Ann");
    const laptop = await signInFrom(ann.email, CHROME_LINUX);
    const res = await call(laptop.token, "DELETE", `/${laptop.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^nook_session=;/.test(c))).toBe(true);
    expect((await call(laptop.token, "GET")).status).toBe(401);
  });

  it("signs out everywhere else: every other session of the account ends, this one and others' stay", async () => {
    const ann = await createUser("Ann");
    const bob = await createUser("Bob");
    const phone = await signInFrom(ann.email, SAFARI_IPHONE);
    const tablet = await signInFrom(ann.email, FIREFOX_WINDOWS);
    const laptop = await signInFrom(ann.email, CHROME_LINUX);
    const bobs = await signInFrom(bob.email, FIREFOX_WINDOWS);
    expect(await bodyOf(await call(laptop.token, "DELETE"), 200)).toEqual({ ended: 2 });
    for (const gone of [phone, tablet]) expect((await call(gone.token, "GET")).status).toBe(401);
    expect((await call(laptop.token, "GET")).status).toBe(200);
    expect((await call(bobs.token, "GET")).status).toBe(200);
  });

  it("signing in again in a browser ends the session it carried", async () => {
    const ann = await createUser("Ann");
    const first = await signInFrom(ann.email, CHROME_LINUX);
    const again = await send(
      "POST",
      `${AUTH}/api/auth/login`,
      { email: ann.email, password: PASSWORD },
      {
        Origin: AUTH,
        Cookie: `nook_session=${first.token}`,
      },
    );
    expect(again.status).toBe(200);
    expect((await call(first.token, "GET")).status).toBe(401);
    expect(await count("sessions", "user_id = ?", ann.id)).toBe(1);
  });
});

describe("a session's lifetime", () => {
  it("slides 30 days with use but never past 90 days from its start, then it ends", async () => {
    const ann = await createUser("Ann");
    const laptop = await signInFrom(ann.email, CHROME_LINUX);
    const now = Date.now();
    // Began 80 days ago, last used 2 days ago: a request slides it, to its 90th day (not 30 days on).
    await env.DB.prepare("UPDATE sessions SET created_at = ?, last_seen_at = ?, expires_at = ? WHERE id = ?")
      .bind(now - 80 * day, now - 2 * day, now + 28 * day, laptop.id)
      .run();
    expect((await call(laptop.token, "GET")).status).toBe(200);
    const row = await env.DB.prepare("SELECT created_at AS c, expires_at AS e FROM sessions WHERE id = ?")
      .bind(laptop.id)
      .first<{ c: number; e: number }>();
    expect(row && row.e - row.c).toBe(SESSION_LIFETIME_MS);
    // Past it: ended, however recently used.
    await env.DB.prepare("UPDATE sessions SET created_at = ?, expires_at = ? WHERE id = ?")
      .bind(now - 90 * day - 1, now - 1, laptop.id)
      .run();
    expect((await call(laptop.token, "GET")).status).toBe(401);
  });

  it("the cron drops the sessions that ended, and only them", async () => {
    const ann = await createUser("Ann");
    const live = await signInFrom(ann.email, CHROME_LINUX);
    const old = await signInFrom(ann.email, SAFARI_IPHONE);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, old.id)
      .run();
    await purgeExpiredSessions(openDb(env.DB));
    const left = await env.DB.prepare("SELECT id FROM sessions").all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([live.id]);
  });
});

describe("a browser in words", () => {
  it.each([
    [CHROME_LINUX, "Chrome", "Linux"],
    [SAFARI_IPHONE, "Safari", "iOS"],
    [FIREFOX_WINDOWS, "Firefox", "Windows"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge",
      "Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet",
      "Android",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      "Safari",
      "macOS",
    ],
    ["curl/8.5.0", null, null],
  ])("%s", (agent, browser, system) => {
    expect(browserOf(agent)).toEqual({ browser, system });
  });
});
