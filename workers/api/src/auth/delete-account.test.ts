import { env } from "cloudflare:test";
import { PASSWORD_TYPED_MAX } from "@nook/shared/auth/limits";
import { beforeEach, describe, expect, it } from "vitest";
import { readServerTiming } from "../platform/d1-timing.ts";
import { openDb } from "../platform/db.ts";
import {
  AUTH,
  bearer,
  dumpDb,
  errorBodyOf,
  login,
  PASSWORD,
  refusesEach,
  resetDb,
  send,
  sessionCookies,
  signedInUser,
  tableNames,
} from "../test/helpers.ts";
import { fillAccount } from "../test/your-data.ts";
import { PART_ROWS, purgeLeavingAccounts, REQUEST_BUDGET } from "./delete-account.ts";
import { createSession } from "./session.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  await fillAccount(ann);
  await fillAccount(bob);
  // An address's attempts are the address's, not an account's: they stay.
  await env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES ('client:203.0.113.5', ?)").bind(Date.now()).run();
});

const remove = (body: unknown, headers: Record<string, string> = bearer(ann.token)) =>
  send("DELETE", `${AUTH}/api/user/account`, body, headers);

type Dump = Record<string, Record<string, unknown>[]>;

/** The rows of `user` in every table: by `user_id`, its own row, the links of its rows, its attempts' keys. */
function rowsOf(dump: Dump, user: User): Dump {
  const ids = (table: string) =>
    new Set((dump[table] ?? []).filter((r) => r.user_id === user.id).map((r) => r.id as number));
  const links: [column: string, owned: Set<number>][] = [
    ["entry_id", ids("entries")],
    ["timer_id", ids("timers")],
    ["person_id", ids("people")],
    ["tag_id", ids("tags")],
    ["metric_id", ids("metrics")],
    ["stack_id", ids("stacks")],
    ["import_id", ids("imports")],
  ];
  const keys = new Set([`account:${user.email}`, `password:${user.id}`, `signup:${user.email}`]);
  return Object.fromEntries(
    Object.entries(dump).map(([table, rows]) => [
      table,
      rows.filter(
        (r) =>
          r.user_id === user.id ||
          (table === "users" && r.id === user.id) ||
          (table === "login_attempts" && keys.has(r.key as string)) ||
          links.some(([column, owned]) => owned.has(r[column] as number)),
      ),
    ]),
  );
}

/** The dump less the rows of `user`. */
function without(dump: Dump, user: User): Dump {
  const own = rowsOf(dump, user);
  return Object.fromEntries(
    Object.entries(dump).map(([table, rows]) => [table, rows.filter((r) => !own[table]?.includes(r))]),
  );
}

describe("DELETE /api/user/account", () => {
  it("the filled account has rows in every table the migrations made, so the walk below covers them all", async () => {
    const own = rowsOf((await dumpDb()) as Dump, ann);
    const tables = await tableNames();
    expect(tables.length).toBeGreaterThanOrEqual(19);
    for (const table of tables) expect(own[table]?.length ?? 0, table).toBeGreaterThan(0);
  });

  it("with the right password removes every row of the user in every table, and the other's rows stay byte for byte", async () => {
    // A second session of Ann's (another device): it ends too.
    const other = await createSession(openDb(env.DB), env.JWT_SECRET, ann);
    // Seen over an hour ago: a request of it would slide its expiry and write its cookie again, but not this one.
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?")
      .bind(Date.now() - 2 * 60 * 60 * 1000, ann.id)
      .run();
    const before = (await dumpDb()) as Dump;
    const res = await remove({ password: PASSWORD }, { Cookie: `nook_session=${ann.token}` });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ message: "Account deleted" });
    // The cookie cleared, not written again.
    const cookies = sessionCookies(res);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^nook_session=;.*Max-Age=0/);

    const after = (await dumpDb()) as Dump;
    // Not one row of Ann's is left in any table (walked from sqlite_master, the links by her ids of before)...
    const left = rowsOf(after, ann);
    const idsBefore = rowsOf(before, ann);
    for (const table of Object.keys(after)) {
      expect(left[table], table).toEqual([]);
      // ...not even a link to one of her rows of before (whose ids the walk above no longer finds).
      const gone = new Set((idsBefore[table] ?? []).map((r) => JSON.stringify(r)));
      expect(
        (after[table] ?? []).filter((r) => gone.has(JSON.stringify(r))),
        table,
      ).toEqual([]);
    }
    // ...and every other row, Bob's and the client address's attempts, is as it was.
    expect(after).toEqual(without(before, ann));
    expect(after.login_attempts?.map((r) => r.key)).toContain("client:203.0.113.5");

    // Every session of hers ended: both tokens are refused, and she cannot sign in again.
    for (const token of [ann.token, other.token]) {
      const check = await send("GET", `${AUTH}/api/auth/checkAuth`, undefined, bearer(token));
      expect(check.status).toBe(401);
    }
    expect((await login(ann.email)).status).toBe(401);
    expect((await login(bob.email)).status).toBe(200);
  });

  it("with a wrong password: 401, and nothing removed (the attempt is recorded for the throttle)", async () => {
    const before = (await dumpDb()) as Dump;
    const res = await remove({ password: "not Ann's password" });
    expect(res.status).toBe(401);
    expect(await errorBodyOf(res)).toEqual({
      message: "Password is incorrect",
      error: "Password is incorrect",
      code: "auth.passwordIncorrect",
      values: {},
    });
    const after = (await dumpDb()) as Dump;
    expect({ ...after, login_attempts: [] }).toEqual({ ...before, login_attempts: [] });
    const added = after.login_attempts?.slice(before.login_attempts?.length ?? 0);
    expect(added?.map((r) => r.key)).toEqual([`password:${ann.id}`]);
    expect(sessionCookies(res)).toEqual([]);
  });

  it("is throttled like sign-in: after 10 wrong passwords in 15 minutes, 429 even for the right one, nothing removed", async () => {
    // fillAccount recorded one failure under `password:<id>` already: nine more make ten.
    for (let i = 0; i < 9; i++) expect((await remove({ password: `wrong ${i}` })).status).toBe(401);
    const before = await dumpDb();
    const res = await remove({ password: PASSWORD });
    expect(res.status).toBe(429);
    expect(await errorBodyOf(res)).toEqual({
      message: "Too many wrong passwords. Try again in 15 min.",
      error: "Too many wrong passwords. Try again in 15 min.",
      code: "auth.passwordThrottled",
      values: { minutes: 15 },
    });
    expect(await dumpDb()).toEqual(before);
    // Bob's account is another account: not throttled by Ann's failures.
    expect((await remove({ password: PASSWORD }, bearer(bob.token))).status).toBe(200);
  });

  it("signed out: 401 and nothing removed", async () => {
    const before = await dumpDb();
    const res = await remove({ password: PASSWORD }, {});
    expect(res.status).toBe(401);
    expect((await errorBodyOf(res)).code).toBe("platform.signedOut");
    expect(await dumpDb()).toEqual(before);
  });

  refusesEach([
    ["no body", "The body must be JSON", () => remove(undefined)],
    ["an empty password", "Password is required", () => remove({ password: "" })],
    ["no password", "Password is required", () => remove({})],
    ["a password that is not text", "Password is required", () => remove({ password: 12345678 })],
    // The longest a password can be typed: 128 in NFC, in any form (auth/limits.ts).
    [
      "a password past the longest",
      "Password is incorrect",
      () => remove({ password: "x".repeat(PASSWORD_TYPED_MAX + 1) }),
    ],
  ]);

  describe("an account too large to remove in one request", () => {
    // More parts than the request's budget removes.
    const ENTRIES = (REQUEST_BUDGET.parts + 20) * PART_ROWS;
    beforeEach(async () => {
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ENTRIES})
          INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
          SELECT ?1, 'coffee and a walk, day ' || i, i * 60000, 0, 'f' || i FROM n`,
      )
        .bind(ann.id)
        .run();
      await env.DB.prepare(
        `INSERT INTO entry_tags (entry_id, tag_id) SELECT e.id, (SELECT min(id) FROM tags WHERE user_id = ?1)
          FROM entries e WHERE e.user_id = ?1 AND e.text LIKE 'coffee and a walk%'`,
      )
        .bind(ann.id)
        .run();
    });

    it("is unreachable at once, holds D1 briefly, and the cron removes the rest a part at a time", async () => {
      const before = (await dumpDb()) as Dump;
      const res = await remove({ password: PASSWORD });
      expect(res.status).toBe(200);
      const time = readServerTiming(res.headers.get("Server-Timing"));
      expect(time?.total).toBeLessThan(1_000);
      expect(time?.longest).toBeLessThan(250);
      // Not gone yet, but no one's: not signed in to, its e-mail and username free for another account.
      const left = await env.DB.prepare("SELECT email, username, leaving_since AS since FROM users WHERE id = ?")
        .bind(ann.id)
        .first<{ email: string; username: string; since: number }>();
      expect(left).toMatchObject({ email: `leaving ${ann.id}`, username: `leaving ${ann.id}` });
      expect(left?.since).toBeGreaterThan(0);
      expect(
        await env.DB.prepare("SELECT count(*) AS n FROM entries WHERE user_id = ?").bind(ann.id).first("n"),
      ).toBeGreaterThan(0);
      expect((await send("GET", `${AUTH}/api/auth/checkAuth`, undefined, bearer(ann.token))).status).toBe(401);
      // The cron's runs, each within its budget, until the account is gone whole.
      let runs = 0;
      while ((await purgeLeavingAccounts(env.DB, { parts: 5, ms: 1_000 })) === 0) runs += 1;
      expect(runs).toBeGreaterThanOrEqual(3);
      const after = (await dumpDb()) as Dump;
      for (const [table, rows] of Object.entries(rowsOf(after, ann))) expect(rows, table).toEqual([]);
      expect(after).toEqual(without(before, ann));
      expect(await purgeLeavingAccounts(env.DB)).toBe(0);
      // Signing in to it fails (an attempt at an address no account has, counted as such).
      expect((await login(ann.email)).status).toBe(401);
    });
  });
});
