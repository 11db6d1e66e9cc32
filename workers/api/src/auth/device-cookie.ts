import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT } from "jose";
import type { AppEnv } from "../platform/context.ts";
import { cookiePlace, isHttps, key, randomId, verifyKey } from "./session.ts";

/**
 * Device cookies (OWASP, "Slow brute force protection using device cookies"): a browser that signed in to
 * an account carries a signed cookie naming that account and the device, sent only to the sign-in route.
 * Its sign-in attempts are counted by the device (`device:{id}`), apart from unknown clients', which share
 * the account's count (`account:{email}`). So guesses from elsewhere lock out only unknown clients: while a
 * stranger's ten failures hold the account's count, the owner's browser still signs in. A device that
 * fails ten times in the window is throttled itself, as any client.
 */
const DEVICE_COOKIE = "nook_device";
/** A device is remembered a year from its last sign-in. */
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Sent only with sign-ins. */
const DEVICE_PATH = "/api/auth/login";

/** The device id the request's cookie names for this e-mail, or null (no cookie, another account's, forged, expired). */
export async function deviceOf(c: Context<AppEnv>, email: string): Promise<string | null> {
  const cookie = isHttps(c) ? getCookie(c, DEVICE_COOKIE, "secure") : getCookie(c, DEVICE_COOKIE);
  if (!cookie) return null;
  try {
    const { payload } = await jwtVerify(cookie, await verifyKey(c.var.config.jwtSecret), {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "exp", "dev"],
    });
    return payload.sub === email && typeof payload.dev === "string" ? payload.dev : null;
  } catch {
    return null;
  }
}

/** Writes (or renews) the device cookie after a sign-in to `email`: the same device id when it had one. */
export async function writeDeviceCookie(c: Context<AppEnv>, email: string, device: string | null) {
  const expiresAt = Date.now() + DEVICE_TTL_MS;
  const token = await new SignJWT({ dev: device ?? randomId().slice(0, 22) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(email)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key(c.var.config.jwtSecret));
  setCookie(c, DEVICE_COOKIE, token, {
    ...cookiePlace(c),
    path: DEVICE_PATH,
    httpOnly: true,
    sameSite: "Strict",
    expires: new Date(expiresAt),
    maxAge: Math.floor(DEVICE_TTL_MS / 1000),
  });
}
