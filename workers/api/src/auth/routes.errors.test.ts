import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../app.ts";
import worker from "../index.ts";
import {
  AUTH,
  count,
  createUser,
  errorBodyOf,
  login,
  PASSWORD,
  resetDb,
  send,
  sessionCookies,
} from "../test/helpers.ts";

beforeEach(resetDb);

const checkAuth = (headers: Record<string, string>) => SELF.fetch(`${AUTH}/api/auth/checkAuth`, { headers });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Auth's refusals: wrong credentials, bad input (400, nothing written), conflicts, throttling, closed sign-up.

describe("POST /api/auth/login", () => {
  it("refuses a wrong password and an unknown email alike, with no session", async () => {
    await createUser("Ann");
    for (const res of [await login("ann@example.com", "wrong password"), await login("nobody@example.com")]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: "Invalid credentials",
        error: "Invalid credentials",
        code: "auth.badCredentials",
        values: {},
      });
      expect(sessionCookies(res)).toEqual([]);
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
});

describe("login throttling", () => {
  it("refuses an e-mail over 254 characters with 400 before recording anything", async () => {
    const long = `${"a".repeat(245)}@example.com`;
    expect(long).toHaveLength(257);
    const res = await login(long, "wrong password");
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toMatchObject({ message: "Email is too long", code: "auth.emailTooLong" });
    expect(await count("login_attempts")).toBe(0);
  });

  it("drops every attempt older than the window on the cron, whatever its key", async () => {
    const now = Date.now();
    const insert = (key: string, at: number) =>
      env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind(key, at);
    await env.DB.batch([
      insert("account:gone@example.com", now - 16 * 60 * 1000),
      insert("client:203.0.113.9", now - 60 * 60 * 1000),
      insert("password:1", now - 16 * 60 * 1000),
      insert("account:kept@example.com", now - 60_000),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.DB.prepare("SELECT key FROM login_attempts").all()).toMatchObject({
      results: [{ key: "account:kept@example.com" }],
    });
  });

  it("locks an account after 10 failures in 15 minutes, even for the right password", async () => {
    const ann = await createUser("Ann");
    for (let i = 0; i < 10; i++) expect((await login(ann.email, `wrong ${i}`)).status).toBe(401);
    const locked = await login(ann.email);
    expect(locked.status).toBe(429);
    const body = await errorBodyOf(locked);
    expect(body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ min\.$/);
    // The minutes travel as a number, for each reader's language to write.
    expect(body).toMatchObject({ code: "auth.throttled", values: { minutes: expect.any(Number) } });
    expect(body.message).toBe(`Too many sign-in attempts. Try again in ${body.values.minutes} min.`);
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

describe("GET /api/auth/logout", () => {
  it("is harmless when signed out", async () => {
    const out = await SELF.fetch(`${AUTH}/api/auth/logout`);
    expect(out.status).toBe(200);
  });
});

describe("POST /api/auth/change-password", () => {
  it("refuses a wrong current password (401) or a short or too long new one (400), changing nothing", async () => {
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
    // Past the longest a password can be (128): the words the password form shows after its own (its browser
    // test, pages/auth/src/edit-password.browser.test.tsx, answers with this body).
    const long = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword: PASSWORD, newPassword: "z".repeat(129) },
      bearer(token),
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      message: "Password must be at most 128 characters",
      error: "Password must be at most 128 characters",
      code: "auth.passwordTooLong",
      values: { max: 128 },
    });
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
});

describe("change-password throttling", () => {
  const changePassword = (token: string, currentPassword: string) =>
    send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword, newPassword: "a new long password" },
      bearer(token),
    );

  it("refuses the right current password after 10 wrong ones in 15 minutes, with 429", async () => {
    const ann = await createUser("Ann");
    const { token } = await (await login(ann.email)).json<{ token: string }>();
    for (let i = 0; i < 10; i++) expect((await changePassword(token, `wrong ${i}`)).status).toBe(401);
    const locked = await changePassword(token, PASSWORD);
    expect(locked.status).toBe(429);
    const body = await errorBodyOf(locked);
    expect(body).toMatchObject({ code: "auth.passwordThrottled", values: { minutes: expect.any(Number) } });
    expect(body.message).toBe(`Too many wrong passwords. Try again in ${body.values.minutes} min.`);
    // Sign-in is not locked by it: the guesses were the session's, not a stranger's.
    expect((await login(ann.email)).status).toBe(200);
  });

  it("clears the wrong guesses when the password is changed", async () => {
    const ann = await createUser("Ann");
    const { token } = await (await login(ann.email)).json<{ token: string }>();
    await env.DB.batch(
      Array.from({ length: 9 }, () =>
        env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind(`password:${ann.id}`, Date.now()),
      ),
    );
    expect((await changePassword(token, PASSWORD)).status).toBe(200);
    expect(await count("login_attempts", "key = ?", `password:${ann.id}`)).toBe(0);
  });
});

describe("POST /api/auth/register", () => {
  const body = { email: "new@example.com", name: "New", username: "newbie", password: "long enough password" };

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

  it("refuses a username held in another case with 409: Annie cannot stand beside annie", async () => {
    const first = await send("POST", `${AUTH}/api/auth/register`, { ...body, username: "annie" });
    expect(first.status).toBe(201);
    const second = await send("POST", `${AUTH}/api/auth/register`, {
      ...body,
      email: "other@example.com",
      username: "Annie",
    });
    expect(second.status).toBe(409);
    expect(await errorBodyOf(second)).toMatchObject({
      message: "Username is already taken",
      code: "auth.usernameTaken",
    });
    expect(await env.DB.prepare("SELECT email, username FROM users").all()).toMatchObject({
      results: [{ email: "new@example.com", username: "annie" }],
    });
  });

  it("refuses a username with an invisible or text-direction character (a zero-width space, a bidi override)", async () => {
    for (const username of ["annie\u200b", "\u202eeinna", "an\u2066nie"]) {
      const res = await send("POST", `${AUTH}/api/auth/register`, { ...body, username });
      expect([JSON.stringify(username), res.status, (await errorBodyOf(res)).code]).toEqual([
        JSON.stringify(username),
        400,
        "auth.usernameChars",
      ]);
    }
    expect(await count("users")).toBe(0);
  });

  it("refuses a look-alike username (a Cyrillic «а») with 400, writing nothing", async () => {
    await createUser("Annie");
    const res = await send("POST", `${AUTH}/api/auth/register`, { ...body, username: "\u0430nnie" });
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toMatchObject({
      message: "Username may hold Latin letters a-z, digits, '_' and '-' only",
      code: "auth.usernameChars",
    });
    expect(await count("users")).toBe(1);
    expect(await count("login_attempts")).toBe(0);
  });

  it("answers two sign-ups at once for one email with 201 and 409, never 500", async () => {
    const register = (username: string) => send("POST", `${AUTH}/api/auth/register`, { ...body, username });
    const results = await Promise.all([register("first"), register("second")]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409);
    expect((await refused!.json<{ code: string }>()).code).toBe("auth.emailTaken");
    expect(await count("users")).toBe(1);
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

describe("sign-up throttling", () => {
  const attempt = (n: number, headers: Record<string, string> = {}) =>
    send(
      "POST",
      `${AUTH}/api/auth/register`,
      { email: "new@example.com", name: "New", username: `newbie${n}`, password: "long enough password" },
      headers,
    );

  it("refuses the 6th sign-up for one e-mail in 15 minutes with 429, writing no user", async () => {
    expect((await attempt(1)).status).toBe(201);
    for (let n = 2; n <= 5; n++) expect((await attempt(n)).status).toBe(409);
    await env.DB.prepare("DELETE FROM users").run(); // the address is free again, and still throttled
    const locked = await attempt(6);
    expect(locked.status).toBe(429);
    const body = await errorBodyOf(locked);
    expect(body).toMatchObject({ code: "auth.signupThrottled", values: { minutes: expect.any(Number) } });
    expect(body.message).toBe(`Too many sign-up attempts. Try again in ${body.values.minutes} min.`);
    expect(await count("users")).toBe(0);
    expect(await count("sessions")).toBe(0);
    // Another address from the same client is not held by it, and sign-in keeps its own count.
    const other = await send("POST", `${AUTH}/api/auth/register`, {
      email: "other@example.com",
      name: "Other",
      username: "other",
      password: "long enough password",
    });
    expect(other.status).toBe(201);
    expect((await login("other@example.com", "long enough password")).status).toBe(200);
  });

  it("limits one client address to 100 sign-ups across e-mails", async () => {
    const recent = Date.now() - 60_000;
    await env.DB.batch(
      Array.from({ length: 100 }, (_, i) =>
        env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind(
          "signup-client:203.0.113.9",
          recent + i,
        ),
      ),
    );
    const locked = await attempt(1, { "CF-Connecting-IP": "203.0.113.9" });
    expect(locked.status).toBe(429);
    expect(await count("users")).toBe(0);
    expect((await attempt(1, { "CF-Connecting-IP": "198.51.100.1" })).status).toBe(201);
  });

  it("forgets sign-ups older than the window", async () => {
    const old = Date.now() - 16 * 60 * 1000;
    await env.DB.batch(
      Array.from({ length: 5 }, () =>
        env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind("signup:new@example.com", old),
      ),
    );
    expect((await attempt(1)).status).toBe(201);
  });
});
