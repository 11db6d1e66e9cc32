import { env, SELF } from "cloudflare:test";
import { SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import { AUTH, cookiePair, count, createUser, login, PASSWORD, resetDb, send } from "../test/helpers.ts";
import { hashPassword } from "./password.ts";

beforeEach(resetDb);

const checkAuth = (headers: Record<string, string>) => SELF.fetch(`${AUTH}/api/auth/checkAuth`, { headers });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const secret = new TextEncoder().encode(env.JWT_SECRET);

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
  });

  it("uses a __Secure- cookie on https and a host-only one on localhost", async () => {
    await createUser("Ann");
    const https = await login(
      "ann@example.com",
      PASSWORD,
      { Origin: "https://auth.example.com" },
      "https://auth.example.com",
    );
    expect(https.headers.get("Set-Cookie")).toMatch(/^__Secure-nook_session=.*; Domain=example\.com;.*Secure/);
    const local = await login(
      "ann@example.com",
      PASSWORD,
      { Origin: "http://localhost:8787" },
      "http://localhost:8787",
    );
    expect(local.status).toBe(200);
    expect(local.headers.get("Set-Cookie")).not.toContain("Domain=");
  });

  it("on https reads only the __Secure- cookie, never a plain one planted over http", async () => {
    await createUser("Ann");
    const https = "https://auth.example.com";
    const res = await login("ann@example.com", PASSWORD, { Origin: https }, https);
    const { token } = await res.json<{ token: string }>();
    const check = (cookie: string) => SELF.fetch(`${https}/api/auth/checkAuth`, { headers: { Cookie: cookie } });
    expect((await check(`__Secure-nook_session=${token}`)).status).toBe(200);
    expect((await check(`nook_session=${token}`)).status).toBe(401);
  });

  it("refuses a wrong password and an unknown email alike, with no session", async () => {
    await createUser("Ann");
    for (const res of [await login("ann@example.com", "wrong password"), await login("nobody@example.com")]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid credentials", error: "Invalid credentials" });
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
    expect(await count("sessions")).toBe(0);
  });

  it("answers 400 for missing fields or a body that is not JSON, writing nothing", async () => {
    await createUser("Ann");
    const cases: [unknown, string][] = [
      [{ password: PASSWORD }, "Email is required"],
      [{ email: "ann@example.com" }, "Password is required"],
      [{ email: "", password: "" }, "Email is required"],
    ];
    for (const [body, message] of cases) {
      const res = await send("POST", `${AUTH}/api/auth/login`, body);
      expect(res.status).toBe(400);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    const raw = await SELF.fetch(`${AUTH}/api/auth/login`, {
      method: "POST",
      headers: { Origin: AUTH, "Content-Type": "application/json" },
      body: "email=ann",
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toHaveProperty("message");
    expect(await count("sessions")).toBe(0);
    expect(await count("login_attempts")).toBe(0);
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

  it("upgrades an older hash on the next sign-in", async () => {
    const ann = await createUser("Ann", { passwordHash: await hashPassword(PASSWORD, "pbkdf2") });
    expect((await login(ann.email)).status).toBe(200);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(ann.id)
      .first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect((await login(ann.email)).status).toBe(200);
  });
});

describe("login throttling", () => {
  it("locks an account after 10 failures in 15 minutes, even for the right password", async () => {
    const ann = await createUser("Ann");
    for (let i = 0; i < 10; i++) expect((await login(ann.email, `wrong ${i}`)).status).toBe(401);
    const locked = await login(ann.email);
    expect(locked.status).toBe(429);
    expect((await locked.json<{ message: string }>()).message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ min\.$/,
    );
    expect(await count("sessions")).toBe(0);
  });

  it("forgets failures older than the window", async () => {
    const ann = await createUser("Ann");
    const old = Date.now() - 16 * 60 * 1000;
    await env.DB.batch(
      Array.from({ length: 10 }, () =>
        env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind(`account:${ann.email}`, old),
      ),
    );
    expect((await login(ann.email)).status).toBe(200);
  });

  it("limits one client address to 100 failures across accounts", async () => {
    const ann = await createUser("Ann");
    const recent = Date.now() - 60_000;
    await env.DB.batch(
      Array.from({ length: 100 }, (_, i) =>
        env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind("client:203.0.113.9", recent + i),
      ),
    );
    expect((await login(ann.email, PASSWORD, { "CF-Connecting-IP": "203.0.113.9" })).status).toBe(429);
    expect((await login(ann.email, PASSWORD, { "CF-Connecting-IP": "198.51.100.1" })).status).toBe(200);
  });

  it("clears the account's failures on success", async () => {
    const ann = await createUser("Ann");
    for (let i = 0; i < 9; i++) await login(ann.email, "wrong");
    expect((await login(ann.email)).status).toBe(200);
    expect(await count("login_attempts", "key = ?", `account:${ann.email}`)).toBe(0);
    for (let i = 0; i < 9; i++) await login(ann.email, "wrong");
    expect((await login(ann.email)).status).toBe(200);
  });
});

describe("GET /api/auth/checkAuth and /me", () => {
  it("answers with the cookie or a Bearer token", async () => {
    const ann = await createUser("Ann");
    const res = await login(ann.email);
    const { token } = await res.json<{ token: string }>();
    const expected = { tokenData: { name: "Ann", id: ann.id }, userData: { accentColor: "orange" } };
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
    });
  });

  it("answers 401 signed out and for every forged, foreign or stale token", async () => {
    const ann = await createUser("Ann");
    const { token } = await (await login(ann.email)).json<{ token: string }>();
    const sid = (JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sid: string }).sid;
    const [header, payload, signature] = token.split(".");
    const forged = {
      "signed out": {},
      tampered: bearer(
        `${header}.${btoa(JSON.stringify({ sub: "999", sid, name: "x", exp: 9e9 })).replace(/=+$/, "")}.${signature}`,
      ),
      "another secret": bearer(
        await new SignJWT({ sid, name: "Ann" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(String(ann.id))
          .setExpirationTime("1h")
          .sign(new TextEncoder().encode("x".repeat(40))),
      ),
      "alg none": bearer(`${btoa(JSON.stringify({ alg: "none" })).replace(/=+$/, "")}.${payload}.`),
      expired: bearer(
        await new SignJWT({ sid, name: "Ann" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(String(ann.id))
          .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
          .sign(secret),
      ),
      "another user's sub": bearer(
        await new SignJWT({ sid, name: "Ann" })
          .setProtectedHeader({ alg: "HS256" })
          .setSubject(String(ann.id + 1))
          .setExpirationTime("1h")
          .sign(secret),
      ),
    };
    for (const [label, headers] of Object.entries(forged)) {
      const res = await checkAuth(headers);
      expect(res.status, label).toBe(401);
      expect(await res.json()).toEqual({ message: "Not signed in", error: "Not signed in" });
    }
    expect((await SELF.fetch(`${AUTH}/api/auth/me`)).status).toBe(401);

    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, sid)
      .run();
    expect((await checkAuth(bearer(token))).status).toBe(401);
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(sid).run();
    expect((await checkAuth(bearer(token))).status).toBe(401);
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
    expect(await count("sessions")).toBe(0);
    expect((await checkAuth({ Cookie: cookie })).status).toBe(401);
  });

  it("is harmless when signed out", async () => {
    const out = await SELF.fetch(`${AUTH}/api/auth/logout`);
    expect(out.status).toBe(200);
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

  it("refuses a wrong current password (401) or a short new one (400), changing nothing", async () => {
    const ann = await createUser("Ann");
    const { token } = await (await login(ann.email)).json<{ token: string }>();
    const before = await env.DB.prepare("SELECT password_hash FROM users").first();
    const wrong = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword: "nope", newPassword: "a new long password" },
      bearer(token),
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json<{ message: string }>()).message).toBe("Current password is incorrect");
    const short = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword: PASSWORD, newPassword: "short" },
      bearer(token),
    );
    expect(short.status).toBe(400);
    expect((await short.json<{ message: string }>()).message).toBe("Password must be at least 8 characters");
    const missing = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { newPassword: "a new long password" },
      bearer(token),
    );
    expect(missing.status).toBe(400);
    expect(await env.DB.prepare("SELECT password_hash FROM users").first()).toEqual(before);
    expect((await checkAuth(bearer(token))).status).toBe(200);
  });

  it("answers 401 signed out", async () => {
    const res = await send("POST", `${AUTH}/api/auth/change-password`, {
      currentPassword: PASSWORD,
      newPassword: "a new long password",
    });
    expect(res.status).toBe(401);
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

  it("refuses a taken email or username with 409, and bad input with 400, writing nothing", async () => {
    await createUser("Ann");
    const cases: [unknown, number, string][] = [
      [{ ...body, email: "ANN@example.com" }, 409, "Email is already in use"],
      [{ ...body, username: "ann" }, 409, "Username is already taken"],
      [{ ...body, email: "not an email" }, 400, "Email is not valid"],
      [{ ...body, password: "short" }, 400, "Password must be at least 8 characters"],
      [{ ...body, name: undefined }, 400, "Name is required"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await send("POST", `${AUTH}/api/auth/register`, payload);
      expect(res.status).toBe(status);
      expect((await res.json<{ message: string }>()).message).toBe(message);
    }
    expect(await count("users")).toBe(1);
    expect(await count("sessions")).toBe(0);
  });

  it("is closed unless SIGNUP is open", async () => {
    const res = await app.request(
      `${AUTH}/api/auth/register`,
      { method: "POST", headers: { Origin: AUTH, "Content-Type": "application/json" }, body: JSON.stringify(body) },
      { ...env, SIGNUP: "closed" },
    );
    expect(res.status).toBe(403);
    expect(await count("users")).toBe(0);
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

describe("the Origin check on unsafe methods", () => {
  it("refuses other sites' origins and cookie requests without an Origin", async () => {
    const ann = await createUser("Ann");
    const res = await login(ann.email);
    const cookie = cookiePair(res);
    const { token } = await res.json<{ token: string }>();
    const change = (headers: Record<string, string>) =>
      SELF.fetch(`${AUTH}/api/auth/change-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: "attacker chosen pw" }),
      });
    for (const headers of <Record<string, string>[]>[
      { Cookie: cookie, Origin: "http://evil.localhost" },
      { Cookie: cookie, Origin: "https://nook.localhost.evil.com" },
      { Cookie: cookie, Origin: "null" },
      { Cookie: cookie },
    ]) {
      const refused = await change(headers);
      expect(refused.status).toBe(403);
      expect((await refused.json<{ message: string }>()).message).toBe("Cross-site request refused");
    }
    expect((await login(ann.email)).status).toBe(200);
    // A sibling subdomain is the same site; a script with a Bearer token sends no Origin.
    expect((await change({ Cookie: cookie, Origin: "http://journal.nook.localhost" })).status).toBe(200);
    // Past the Origin check (not 403): the password changed just above, so the old one is now wrong.
    expect((await change({ ...bearer(token) })).status).toBe(401);
  });
});

describe("health and unknown paths", () => {
  it("answers health, and 404 in the error shape", async () => {
    expect(await (await SELF.fetch(`${AUTH}/api/health`)).json()).toEqual({ ok: true });
    const res = await SELF.fetch(`${AUTH}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found", error: "Not found" });
  });
});
