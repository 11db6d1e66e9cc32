import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import {
  AUTH,
  bearer,
  bodyOf,
  count,
  dumpDb,
  errorBodyOf,
  resetDb,
  send,
  sessionCookies,
  signedInUser,
} from "../test/helpers.ts";
import { plansProblems, sqlOf } from "../test/query-plans.ts";

beforeEach(resetDb);

// Invite links (auth/invites.ts, auth/invite-routes.ts): made signed in, each makes one account within 7
// days, where sign-up is closed too.

const DAY = 24 * 60 * 60 * 1000;
const newcomer = (n: string, invite?: string) => ({
  email: `${n}@example.com`,
  name: n,
  username: n,
  password: "a long enough password",
  ...(invite === undefined ? {} : { invite }),
});

/** A request to the API with sign-up closed (SIGNUP "closed"), as production runs. */
function closed(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(
    `${AUTH}${path}`,
    {
      method,
      headers: { Origin: AUTH, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { ...env, SIGNUP: "closed" },
  );
}

async function makeInvite(user: { token: string }) {
  return bodyOf<{ id: number; token: string; createdAt: string; expiresAt: string; usedAt: null }>(
    await send("POST", `${AUTH}/api/auth/invites`, undefined, bearer(user.token)),
    201,
  );
}

describe("invite links", () => {
  it("makes a link of 59 characters lasting 7 days, which makes one account where sign-up is closed", async () => {
    const ann = await signedInUser("Ann");
    const before = Date.now();
    const invite = await makeInvite(ann);
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{59}$/);
    expect(Date.parse(invite.expiresAt) - Date.parse(invite.createdAt)).toBe(7 * DAY);
    expect(Date.parse(invite.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // Only the secret's hash is kept: neither the token nor its secret half is in the row.
    const [row] = (await dumpDb()).invites as { lookup: string; secret_hash: string }[];
    expect(row?.lookup).toBe(invite.token.slice(0, 16));
    expect(JSON.stringify(row)).not.toContain(invite.token.slice(16));

    // Closed: the page is told so, and that this link lets one in.
    expect(await bodyOf(await closed("GET", "/api/auth/signup"), 200)).toEqual({ open: false, invited: false });
    expect(await bodyOf(await closed("GET", `/api/auth/signup?invite=${invite.token}`), 200)).toEqual({
      open: false,
      invited: true,
    });
    const made = await closed("POST", "/api/auth/register", newcomer("cleo", invite.token));
    expect(made.status).toBe(201);
    expect(sessionCookies(made)).toHaveLength(1);
    expect(await count("users", "email = 'cleo@example.com'")).toBe(1);
    const listed = await bodyOf<{ id: number; usedAt: string | null }[]>(
      await send("GET", `${AUTH}/api/auth/invites`, undefined, bearer(ann.token)),
      200,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]?.usedAt).not.toBeNull();

    // Used once: a second sign-up with it is refused in words, nothing written.
    const snapshot = await dumpDb();
    const again = await closed("POST", "/api/auth/register", newcomer("dora", invite.token));
    expect(again.status).toBe(403);
    expect(await errorBodyOf(again)).toMatchObject({
      message: "This invite link has already been used",
      code: "auth.inviteUsed",
    });
    const { login_attempts: _a, ...rest } = await dumpDb();
    const { login_attempts: _b, ...was } = snapshot;
    expect(rest).toEqual(was);
    const status = await closed("GET", `/api/auth/signup?invite=${invite.token}`);
    expect(status.status).toBe(403);
    expect((await errorBodyOf(status)).code).toBe("auth.inviteUsed");
  });

  it("refuses a closed sign-up without an invite, an expired, a withdrawn and a made-up one, in words", async () => {
    const ann = await signedInUser("Ann");
    const expired = await makeInvite(ann);
    const withdrawn = await makeInvite(ann);
    // Expired after both were made: making an invite clears the account's expired ones.
    await env.DB.prepare("UPDATE invites SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, expired.id)
      .run();
    const gone = await send("DELETE", `${AUTH}/api/auth/invites/${withdrawn.id}`, undefined, bearer(ann.token));
    expect(await bodyOf(gone, 200)).toEqual({ message: "Invite link withdrawn" });
    const madeUp = `${expired.token.slice(0, 16)}${"A".repeat(43)}`;
    const cases: [string | undefined, number, string][] = [
      [undefined, 403, "auth.signupClosed"],
      [expired.token, 403, "auth.inviteExpired"],
      [withdrawn.token, 403, "auth.inviteInvalid"],
      [madeUp, 403, "auth.inviteInvalid"],
      ["short", 400, "auth.inviteInvalid"],
    ];
    for (const [invite, code, said] of cases) {
      const res = await closed("POST", "/api/auth/register", newcomer("cleo", invite));
      expect(res.status, said).toBe(code);
      expect((await errorBodyOf(res)).code).toBe(said);
    }
    expect(await count("users")).toBe(1);
    expect(await count("invites", "used_at IS NOT NULL")).toBe(0);
  });

  it("lets one of two sign-ups racing on one invite make an account", async () => {
    const ann = await signedInUser("Ann");
    const { token } = await makeInvite(ann);
    const results = await Promise.all(
      ["cleo", "dora", "emma", "fay"].map((n) =>
        closed("POST", "/api/auth/register", newcomer(n, token), { "CF-Connecting-IP": `203.0.113.${n.length}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
    expect(await count("users")).toBe(2);
    expect(await count("invites", "used_at IS NOT NULL")).toBe(1);
  });

  it("keeps the invite when the account is refused (an e-mail in use), so it can be used again", async () => {
    const ann = await signedInUser("Ann");
    const { token } = await makeInvite(ann);
    const taken = await closed("POST", "/api/auth/register", { ...newcomer("cleo", token), email: ann.email });
    expect(taken.status).toBe(409);
    expect((await errorBodyOf(taken)).code).toBe("auth.emailTaken");
    expect(await count("invites", "used_at IS NULL")).toBe(1);
    expect((await closed("POST", "/api/auth/register", newcomer("cleo", token))).status).toBe(201);
  });

  it("keeps at most 10 waiting a user, clearing used and expired ones when one is made", async () => {
    const ann = await signedInUser("Ann");
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await makeInvite(ann));
    const full = await send("POST", `${AUTH}/api/auth/invites`, undefined, bearer(ann.token));
    expect(full.status).toBe(409);
    expect(await errorBodyOf(full)).toMatchObject({
      message: "You have 10 invite links waiting: withdraw one first",
      code: "auth.invitesFull",
      values: { max: 10 },
    });
    expect(await count("invites")).toBe(10);
    // One used, one expired: both cleared by the next one made, which fits again.
    expect((await closed("POST", "/api/auth/register", newcomer("cleo", made[0]?.token))).status).toBe(201);
    await env.DB.prepare("UPDATE invites SET expires_at = 1 WHERE id = ?").bind(made[1]?.id).run();
    await makeInvite(ann);
    expect(await count("invites")).toBe(9);
  });

  it("withdraws only the account's own invite; another id is 404, a bad one 400", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    const { id } = await makeInvite(ann);
    const before = await dumpDb();
    expect((await send("DELETE", `${AUTH}/api/auth/invites/${id}`, undefined, bearer(bob.token))).status).toBe(404);
    const bad = await send("DELETE", `${AUTH}/api/auth/invites/x`, undefined, bearer(ann.token));
    expect(bad.status).toBe(400);
    expect(await dumpDb()).toEqual(before);
    const listed = await bodyOf<unknown[]>(
      await send("GET", `${AUTH}/api/auth/invites`, undefined, bearer(bob.token)),
      200,
    );
    expect(listed).toEqual([]);
  });

  it("tells the page that sign-up is open where it is", async () => {
    expect(await bodyOf(await send("GET", `${AUTH}/api/auth/signup`), 200)).toEqual({ open: true, invited: false });
    const bad = await send("GET", `${AUTH}/api/auth/signup?invite=${"!".repeat(59)}`);
    expect(bad.status).toBe(400);
    expect((await errorBodyOf(bad)).code).toBe("auth.inviteInvalid");
  });

  it("reads every row through an index: an invite by its lookup or id, an account's by its user", async () => {
    const ann = await signedInUser("Ann");
    await makeInvite(ann);
    const statements = await sqlOf(async () => {
      const { id, token } = await makeInvite(ann);
      expect((await closed("GET", `/api/auth/signup?invite=${token}`)).status).toBe(200);
      expect((await closed("POST", "/api/auth/register", newcomer("cleo", token))).status).toBe(201);
      expect((await send("GET", `${AUTH}/api/auth/invites`, undefined, bearer(ann.token))).status).toBe(200);
      // A used invite can be taken off the list too.
      expect((await send("DELETE", `${AUTH}/api/auth/invites/${id}`, undefined, bearer(ann.token))).status).toBe(200);
    });
    const ours = statements.filter((q) => /\binvites\b/.test(q));
    expect(ours.length).toBeGreaterThanOrEqual(6);
    // None: a new account's user handle is filled by a trigger's UPDATE of its row (migration 0019), whose
    // foreign-key check reads webauthn_challenges on its user index (migration 0029), not the whole table.
    expect(await plansProblems(ours)).toEqual({});
  });
});
