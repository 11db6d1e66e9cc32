import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, count, createUser, login, PASSWORD, resetDb, send } from "../test/helpers.ts";
import { MAX_FAILURES_PER_ACCOUNT } from "./throttle.ts";

// No lockout by strangers (OWASP device cookies, auth/device-cookie.ts): a browser that signed in to an
// account before is counted apart, so a stranger's failures lock out only unknown clients.

beforeEach(resetDb);

/** The device cookie a sign-in sets, as `name=value`. */
function deviceCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("nook_device="));
  if (!set) throw new Error("no device cookie");
  expect(set).toMatch(/Path=\/api\/auth\/login/);
  expect(set).toMatch(/HttpOnly/);
  expect(set).toMatch(/SameSite=Strict/);
  return set.split(";")[0] ?? "";
}
const fromStranger = (email: string, password: string, i: number) =>
  login(email, password, { "CF-Connecting-IP": `203.0.113.${i}` });
const fromDevice = (email: string, password: string, cookie: string) => login(email, password, { Cookie: cookie });

describe("a known browser signs in through a stranger's throttle", () => {
  it("while guesses from elsewhere hold the account's count, the owner's browser signs in; unknown clients wait", async () => {
    const ann = await createUser("Ann");
    const device = deviceCookie(await login(ann.email));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1)
      expect((await fromStranger(ann.email, `guess ${i}`, i)).status).toBe(401);
    // An unknown client, even with the right password, waits.
    expect((await fromStranger(ann.email, PASSWORD, 99)).status).toBe(429);
    // The owner's browser does not.
    const owner = await fromDevice(ann.email, PASSWORD, device);
    expect(owner.status).toBe(200);
    // …and keeps its device: the cookie is renewed, naming the same device.
    expect(deviceCookie(owner)).not.toBe("");
  });

  it("a device that guesses is throttled itself, its count its own", async () => {
    const ann = await createUser("Ann");
    const device = deviceCookie(await login(ann.email));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1)
      expect((await fromDevice(ann.email, `guess ${i}`, device)).status).toBe(401);
    expect((await fromDevice(ann.email, PASSWORD, device)).status).toBe(429);
    // The account's own count (unknown clients) was not touched by them.
    expect(await count("login_attempts", "key = ?", `account:${ann.email}`)).toBe(0);
    expect((await fromStranger(ann.email, PASSWORD, 7)).status).toBe(200);
  });

  it("a device cookie counts only for its own account, and a forged one for none", async () => {
    const ann = await createUser("Ann");
    const bob = await createUser("Bob");
    const annsDevice = deviceCookie(await login(ann.email));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1) await fromStranger(bob.email, `guess ${i}`, i);
    // Ann's browser is a stranger to Bob's account.
    expect((await fromDevice(bob.email, PASSWORD, annsDevice)).status).toBe(429);
    // A cookie not signed by the API is no device.
    const [name, value] = annsDevice.split("=");
    const forged = `${name}=${value?.slice(0, -4)}AAAA`;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1) await fromStranger(ann.email, `guess ${i}`, i);
    expect((await fromDevice(ann.email, PASSWORD, forged)).status).toBe(429);
    expect((await fromDevice(ann.email, PASSWORD, annsDevice)).status).toBe(200);
  });
});

describe("the device cookie's place", () => {
  it("is sent only to the sign-in route, and a registration sets none", async () => {
    const res = await send(
      "POST",
      `${AUTH}/api/auth/register`,
      { email: "kim@example.com", name: "Kim", username: "kimk", password: "a quiet lake at dawn" },
      { Origin: AUTH, "CF-Connecting-IP": "192.0.2.9" },
    );
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("nook_device="))).toBe(false);
  });
});

describe("a success takes back only its own failures", () => {
  const fromAddress = (email: string, password: string, address: string, cookie?: string) =>
    login(email, password, { "CF-Connecting-IP": address, ...(cookie ? { Cookie: cookie } : {}) });
  const accountFailures = (email: string) => count("login_attempts", "key = ?", `account:${email}`);

  it("the owner's browser signing in leaves a stranger's failures in place: no new guesses for the stranger", async () => {
    const ann = await createUser("Ann");
    const device = deviceCookie(await login(ann.email));
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i += 1)
      expect((await fromAddress(ann.email, `guess ${i}`, "203.0.113.5")).status).toBe(401);
    expect((await fromDevice(ann.email, PASSWORD, device)).status).toBe(200);
    expect(await accountFailures(ann.email)).toBe(MAX_FAILURES_PER_ACCOUNT - 1);
    // One guess left in the window, as before the owner signed in; then the stranger waits.
    expect((await fromAddress(ann.email, "guess 9", "203.0.113.5")).status).toBe(401);
    expect((await fromAddress(ann.email, "guess 10", "203.0.113.5")).status).toBe(429);
    expect((await fromAddress(ann.email, "guess 11", "203.0.113.6")).status).toBe(429);
  });

  it("an unknown client's success takes back its own address's failures, not another address's", async () => {
    const ann = await createUser("Ann");
    for (let i = 0; i < 4; i += 1) await fromAddress(ann.email, `guess ${i}`, "203.0.113.5");
    for (let i = 0; i < 2; i += 1) await fromAddress(ann.email, `typo ${i}`, "198.51.100.7");
    expect(await accountFailures(ann.email)).toBe(6);
    expect((await fromAddress(ann.email, PASSWORD, "198.51.100.7")).status).toBe(200);
    expect(await accountFailures(ann.email)).toBe(4);
    expect(await count("login_attempts", "key = ? AND client = ?", `account:${ann.email}`, "203.0.113.5")).toBe(4);
    // The address's own count across accounts stays: a success is not a way to reset it.
    expect(await count("login_attempts", "key = ?", "client:198.51.100.7")).toBe(2);
  });

  it("a known browser's success takes back its device's failures, and leaves the account's count alone", async () => {
    const ann = await createUser("Ann");
    const device = deviceCookie(await login(ann.email));
    for (let i = 0; i < 3; i += 1) await fromDevice(ann.email, `typo ${i}`, device);
    for (let i = 0; i < 3; i += 1) await fromAddress(ann.email, `guess ${i}`, "203.0.113.5");
    expect(await count("login_attempts", "key LIKE 'device:%'")).toBe(3);
    expect((await fromDevice(ann.email, PASSWORD, device)).status).toBe(200);
    expect(await count("login_attempts", "key LIKE 'device:%'")).toBe(0);
    expect(await accountFailures(ann.email)).toBe(3);
  });
});
