import { env, SELF } from "cloudflare:test";
import { SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import { AUTH, count, createUser, errorBodyOf, login, PASSWORD, resetDb, send } from "../test/helpers.ts";
import { createSession } from "./session.ts";

beforeEach(resetDb);

const checkAuth = (headers: Record<string, string>) => SELF.fetch(`${AUTH}/api/auth/checkAuth`, { headers });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const secret = new TextEncoder().encode(env.JWT_SECRET);

// Auth's security cases: forged, foreign and stale tokens, planted cookies, no session.

describe("POST /api/auth/login", () => {
  it("on https reads only the __Secure- cookie, never a plain one planted over http", async () => {
    await createUser("Ann");
    const https = "https://auth.example.com";
    const res = await login("ann@example.com", PASSWORD, { Origin: https }, https);
    const { token } = await res.json<{ token: string }>();
    const check = (cookie: string) => SELF.fetch(`${https}/api/auth/checkAuth`, { headers: { Cookie: cookie } });
    expect((await check(`__Secure-nook_session=${token}`)).status).toBe(200);
    expect((await check(`nook_session=${token}`)).status).toBe(401);
  });
});

describe("GET /api/auth/logout", () => {
  it("refuses a foreign page's navigation with 403 and keeps the session; the sites' own and scripts' pass", async () => {
    const ann = await createUser("Ann");
    // A session as a sign-in starts it, without the sign-in's slow scrypt each time.
    const logout = async (headers: Record<string, string>) => {
      const { token } = await createSession(openDb(env.DB), env.JWT_SECRET, ann);
      return SELF.fetch(`${AUTH}/api/auth/logout`, { headers: { Cookie: `nook_session=${token}`, ...headers } });
    };
    const refused = await logout({ "Sec-Fetch-Site": "cross-site" });
    expect(refused.status).toBe(403);
    expect(await errorBodyOf(refused)).toEqual({
      message: "Cross-site request refused",
      error: "Cross-site request refused",
      code: "platform.crossSite",
      values: {},
    });
    expect(await count("sessions")).toBe(1);
    for (const site of ["same-site", "same-origin", "none"]) {
      expect((await logout({ "Sec-Fetch-Site": site })).status).toBe(200);
      expect(await count("sessions")).toBe(1);
    }
    expect((await logout({})).status).toBe(200);
    expect(await count("sessions")).toBe(1);
  });
});

describe("GET /api/auth/checkAuth and /me", () => {
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
      expect(await res.json()).toEqual({
        message: "Not signed in",
        error: "Not signed in",
        code: "platform.signedOut",
        values: {},
      });
    }
    expect((await SELF.fetch(`${AUTH}/api/auth/me`)).status).toBe(401);

    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, sid)
      .run();
    expect((await checkAuth(bearer(token))).status).toBe(401);
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(sid).run();
    expect((await checkAuth(bearer(token))).status).toBe(401);
  });
});

describe("POST /api/auth/change-password", () => {
  it("answers 401 signed out", async () => {
    const res = await send("POST", `${AUTH}/api/auth/change-password`, {
      currentPassword: PASSWORD,
      newPassword: "a new long password",
    });
    expect(res.status).toBe(401);
  });
});
