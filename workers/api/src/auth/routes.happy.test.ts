import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import {
  AUTH,
  accountCookies,
  cookiePair,
  count,
  createUser,
  login,
  PASSWORD,
  resetDb,
  send,
} from "../test/helpers.ts";
import { hashPassword } from "./password.ts";

beforeEach(resetDb);

const checkAuth = (headers: Record<string, string>) => SELF.fetch(`${AUTH}/api/auth/checkAuth`, { headers });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Auth's happy paths. Bad input, refusals and throttling: routes.errors.test.ts; tokens, cookies and
// other users: routes.security.test.ts (and the route-walking suite in src/test/).

describe("POST /api/auth/login", () => {
  it("signs in: a token, a session row, and the cookie on the root domain", async () => {
    const ann = await createUser("Ann");
    const res = await login("  ANN@example.com ");
    expect(res.status).toBe(200);
    const { token } = await res.json<{ token: string }>();
    expect(token.split(".")).toHaveLength(3);
    expect(await count("sessions", "user_id = ?", ann.id)).toBe(1);
    const cookie = res.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^nook_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Domain=nook.localhost");
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(29 * 86_400);
    expect(cookie).not.toContain("Secure");
    // Beside it, readable by the sites' scripts, the account it is of, with the same place and lifetime.
    const [account] = accountCookies(res);
    expect(account).toMatch(new RegExp(`^nook_account=${ann.id}; Max-Age=\\d+; Domain=nook\\.localhost; Path=/;`));
    expect(account).not.toContain("HttpOnly");
    expect(Number(/Max-Age=(\d+)/.exec(account!)?.[1])).toBeGreaterThan(29 * 86_400);
  });

  it("a cookie session without its account cookie gets it on its next request (a bearer token never)", async () => {
    const ann = await createUser("Ann");
    const cookie = cookiePair(await login(ann.email));
    // Sent with it, nothing is written again; sent without it (a session older than the cookie), it comes back.
    expect(accountCookies(await checkAuth({ Cookie: `${cookie}; nook_account=${ann.id}` }))).toEqual([]);
    expect(accountCookies(await checkAuth({ Cookie: cookie }))).toEqual([
      expect.stringMatching(new RegExp(`^nook_account=${ann.id};`)),
    ]);
    const { token } = await (await login(ann.email)).json<{ token: string }>();
    expect(accountCookies(await checkAuth(bearer(token)))).toEqual([]);
  });

  it("uses a __Secure- cookie on https and a host-only one on localhost", async () => {
    await createUser("Ann");
    const https = await login(
      "ann@example.com",
      PASSWORD,
      { Origin: "https://auth.example.com" },
      "https://auth.example.com",
    );
    // Host-only: ROOT_DOMAIN is unset here, and a public host's domain is never guessed (platform/root-domain.test.ts).
    expect(https.headers.get("Set-Cookie")).toMatch(/^__Secure-nook_session=.*; Path=\/;.*Secure/);
    expect(https.headers.get("Set-Cookie")).not.toContain("Domain=");
    const local = await login(
      "ann@example.com",
      PASSWORD,
      { Origin: "http://localhost:8787" },
      "http://localhost:8787",
    );
    expect(local.status).toBe(200);
    expect(local.headers.get("Set-Cookie")).not.toContain("Domain=");
  });

  it("stores the browser's time zone on first sign-in only", async () => {
    const ann = await createUser("Ann", { timeZone: null });
    await send("POST", `${AUTH}/api/auth/login`, { email: ann.email, password: PASSWORD, timeZone: "Asia/Tokyo" });
    await send("POST", `${AUTH}/api/auth/login`, { email: ann.email, password: PASSWORD, timeZone: "Europe/Paris" });
    const row = await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?")
      .bind(ann.id)
      .first<{ time_zone: string }>();
    expect(row?.time_zone).toBe("Asia/Tokyo");
  });

  // The workerd project hashes at the test cost (PASSWORD_COST, vitest.config.ts): the upgrade lands on it.
  it("upgrades an older hash on the next sign-in", async () => {
    const ann = await createUser("Ann", { passwordHash: await hashPassword(PASSWORD, "pbkdf2") });
    expect((await login(ann.email)).status).toBe(200);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(ann.id)
      .first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    expect((await login(ann.email)).status).toBe(200);
  });
});

describe("GET /api/auth/checkAuth and /me", () => {
  it("answers with the cookie or a Bearer token", async () => {
    const ann = await createUser("Ann");
    const res = await login(ann.email);
    const { token } = await res.json<{ token: string }>();
    // The spec's shape, with the profile's zone the screens count days in.
    const expected = {
      tokenData: { name: "Ann", id: ann.id },
      userData: { accentColor: "orange", timeZone: "Europe/Moscow" },
    };
    expect(await (await checkAuth({ Cookie: cookiePair(res) })).json()).toEqual(expected);
    expect(await (await checkAuth(bearer(token))).json()).toEqual(expected);
    const me = await SELF.fetch(`${AUTH}/api/auth/me`, { headers: bearer(token) });
    expect(await me.json()).toEqual({
      email: ann.email,
      name: "Ann",
      dateOfBirth: null,
      username: "ann",
      accentColor: "orange",
      timeZone: "Europe/Moscow",
      // Its version: the profile form's save is made against it (If-Match).
      modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("slides an idle session's expiry forward on use", async () => {
    const ann = await createUser("Ann");
    const res = await login(ann.email);
    const { token } = await res.json<{ token: string }>();
    const hourAgo = Date.now() - 2 * 60 * 60 * 1000;
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ?, expires_at = ?")
      .bind(hourAgo, hourAgo + 1000 * 60 * 60 * 24)
      .run();
    const again = await checkAuth({ Cookie: cookiePair(res) });
    expect(again.status).toBe(200);
    expect(again.headers.get("Set-Cookie")).toMatch(/^nook_session=/);
    const row = await env.DB.prepare("SELECT expires_at FROM sessions").first<{ expires_at: number }>();
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await checkAuth(bearer(token))).status).toBe(200);
  });
});

describe("GET /api/auth/logout", () => {
  it("ends the session and clears the cookie", async () => {
    const ann = await createUser("Ann");
    const res = await login(ann.email);
    const cookie = cookiePair(res);
    const out = await SELF.fetch(`${AUTH}/api/auth/logout`, { headers: { Cookie: cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get("Set-Cookie")).toMatch(/^nook_session=;.*Max-Age=0/);
    expect(accountCookies(out)).toEqual([expect.stringMatching(/^nook_account=;.*Max-Age=0.*Domain=nook\.localhost/)]);
    expect(await count("sessions")).toBe(0);
    expect((await checkAuth({ Cookie: cookie })).status).toBe(401);
  });
});

describe("POST /api/auth/change-password", () => {
  it("changes the password, keeps this session and ends the user's others", async () => {
    const ann = await createUser("Ann");
    const bob = await createUser("Bob");
    const here = await (await login(ann.email)).json<{ token: string }>();
    const elsewhere = await (await login(ann.email)).json<{ token: string }>();
    const bobs = await (await login(bob.email)).json<{ token: string }>();
    const res = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword: PASSWORD, newPassword: "a new long password" },
      bearer(here.token),
    );
    expect(res.status).toBe(200);
    expect((await checkAuth(bearer(here.token))).status).toBe(200);
    expect((await checkAuth(bearer(elsewhere.token))).status).toBe(401);
    expect((await checkAuth(bearer(bobs.token))).status).toBe(200);
    expect((await login(ann.email)).status).toBe(401);
    expect((await login(ann.email, "a new long password")).status).toBe(200);
  });
});

describe("POST /api/auth/register", () => {
  const body = { email: "new@example.com", name: "New", username: "newbie", password: "long enough password" };

  it("creates an account and signs it in", async () => {
    const res = await send("POST", `${AUTH}/api/auth/register`, body);
    expect(res.status).toBe(201);
    const { token } = await res.json<{ token: string }>();
    expect((await checkAuth(bearer(token))).status).toBe(200);
    expect((await login("new@example.com", "long enough password")).status).toBe(200);
  });
});

describe("GET /api/prodyalogin", () => {
  it("signs in the demo account only where DEV_LOGIN is true", async () => {
    expect((await SELF.fetch(`${AUTH}/api/prodyalogin`)).status).toBe(404);
    await env.DB.prepare("INSERT INTO users (email, name, username, password_hash) VALUES (?, 'Demo', 'demo', 'x')")
      .bind(env.DEMO_EMAIL)
      .run();
    const res = await SELF.fetch(`${AUTH}/api/prodyalogin`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/^nook_session=/);
    const off = await app.request(`${AUTH}/api/prodyalogin`, {}, { ...env, DEV_LOGIN: "false" });
    expect(off.status).toBe(404);
    expect(await count("sessions")).toBe(1);
  });
});

describe("health and unknown paths", () => {
  it("answers health, and 404 in the error shape", async () => {
    expect(await (await SELF.fetch(`${AUTH}/api/health`)).json()).toEqual({ ok: true });
    const res = await SELF.fetch(`${AUTH}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: "Not found",
      error: "Not found",
      code: "platform.notFound",
      values: {},
    });
  });
});
