import { env } from "cloudflare:test";
import type { PushPayload } from "@nook/shared/push/schemas";
import ece from "http_ece";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fromBase64url } from "../platform/base64url.ts";
import { bodyOf, count, resetDb, signedInUser } from "../test/helpers.ts";
import { type PushTarget, sendPush } from "./send.ts";
import { browserSubscription, PushService, pushCall } from "./test-calls.ts";
import { TEST_VAPID } from "./test-keys.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let service: PushService;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  service = new PushService();
  vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
});
afterEach(() => vi.restoreAllMocks());

const PAYLOAD: PushPayload = {
  kind: "daily",
  title: "How was today?",
  body: "Как прошёл день? Tap a face.",
  url: "http://nook.localhost:8787/?mood",
  actions: ["mood", "write"],
  tag: "evening",
  lang: "en",
};

/** A browser subscribed through the route, and its row as sendPush is given it. */
async function subscribed(user: User, endpoint?: string) {
  const browser = browserSubscription(endpoint);
  const { id } = await bodyOf<{ id: number }>(await pushCall(user, "POST", "/push/subscriptions", browser.body), 201);
  const target: PushTarget = { id, userId: user.id, endpoint: browser.body.endpoint, ...browser.body.keys };
  return { browser, target };
}

const json = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64url(part)));

describe("sendPush: what a push service receives", () => {
  it("POSTs the payload encrypted to the browser's keys: http_ece decrypts it with the browser's private key to the same words", async () => {
    const { browser, target } = await subscribed(ann, "https://fcm.example.com/fcm/send/abc:def");
    expect(await sendPush(env, target, PAYLOAD)).toEqual({ outcome: "sent", status: 201 });
    expect(service.received).toHaveLength(1);
    const [sent] = service.received;
    expect(sent?.url).toBe("https://fcm.example.com/fcm/send/abc:def");
    expect(sent?.method).toBe("POST");
    expect(sent?.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(sent?.headers.get("Content-Type")).toBe("application/octet-stream");
    // A day to reach a browser that is away; a reminder is of normal urgency.
    expect(sent?.headers.get("TTL")).toBe("86400");
    expect(sent?.headers.get("Urgency")).toBe("normal");
    // An independent implementation (http_ece, RFC 8188) with the subscription's private key and auth secret.
    const words = ece.decrypt(Buffer.from(sent?.body ?? []), {
      version: "aes128gcm",
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    expect(JSON.parse(words.toString("utf8"))).toEqual({
      kind: "daily",
      title: "How was today?",
      body: "Как прошёл день? Tap a face.",
      url: "http://nook.localhost:8787/?mood",
      actions: ["mood", "write"],
      tag: "evening",
      lang: "en",
    });
  });

  it("signs it with VAPID: a JWT for the service's origin, 12 hours long, whose signature the key GET /api/push/key serves verifies", async () => {
    const { target } = await subscribed(ann, "https://updates.push.services.example.org:8443/wpush/v2/gAAAA");
    const now = Date.UTC(2026, 11, 6, 18, 30, 0);
    await sendPush(env, target, PAYLOAD, { now });
    const auth = service.received[0]?.headers.get("Authorization") ?? "";
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(auth);
    expect(match, auth).not.toBeNull();
    const [, head, claims, signature, k] = match as unknown as [string, string, string, string, string];
    const { publicKey } = await bodyOf<{ publicKey: string }>(await pushCall(null, "GET", "/push/key"), 200);
    expect(publicKey).toBe(TEST_VAPID.publicKey);
    expect(k).toBe(publicKey);
    expect(json(head)).toEqual({ typ: "JWT", alg: "ES256" });
    // 2026-12-06 18:30 UTC is 1796581800 s; 12 hours on is 1796625000.
    expect(json(claims)).toEqual({
      aud: "https://updates.push.services.example.org:8443",
      exp: 1796625000,
      sub: "mailto:push@nook.localhost",
    });
    const key = await crypto.subtle.importKey(
      "raw",
      fromBase64url(publicKey),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const signed = new TextEncoder().encode(`${head}.${claims}`);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64url(signature), signed)).toBe(
      true,
    );
  });

  it("takes the TTL and urgency asked for", async () => {
    const { target } = await subscribed(ann);
    await sendPush(env, target, PAYLOAD, { ttl: 600, urgency: "high" });
    expect(service.received[0]?.headers.get("TTL")).toBe("600");
    expect(service.received[0]?.headers.get("Urgency")).toBe("high");
  });
});

describe("sendPush: a subscription the push service says has ended is removed", () => {
  for (const status of [404, 410])
    it(`${status}: the row goes, and another account's subscription stays`, async () => {
      const bob = await signedInUser("Bob");
      const { target } = await subscribed(ann);
      await subscribed(bob);
      service.status = status;
      expect(await sendPush(env, target, PAYLOAD)).toEqual({ outcome: "gone", status });
      expect(await count("push_subscriptions", "user_id = ?", ann.id)).toBe(0);
      expect(await count("push_subscriptions", "user_id = ?", bob.id)).toBe(1);
    });

  it("410 for keys the browser has since replaced: the row, subscribed again meanwhile, stays", async () => {
    const { browser, target } = await subscribed(ann);
    const again = browserSubscription(browser.body.endpoint);
    await bodyOf(await pushCall(ann, "POST", "/push/subscriptions", again.body), 200);
    service.status = 410;
    expect(await sendPush(env, target, PAYLOAD)).toEqual({ outcome: "gone", status: 410 });
    expect(await count("push_subscriptions", "user_id = ?", ann.id)).toBe(1);
  });
});

describe("sendPush: other failures are returned, never thrown, and the subscription stays", () => {
  for (const status of [400, 413, 429, 500, 503])
    it(`${status}`, async () => {
      const { target } = await subscribed(ann);
      service.status = status;
      expect(await sendPush(env, target, PAYLOAD)).toEqual({
        outcome: "failed",
        status,
        reason: `the push service answered ${status}`,
      });
      expect(await count("push_subscriptions", "user_id = ?", ann.id)).toBe(1);
    });

  it("no answer at all: status null", async () => {
    const { target } = await subscribed(ann);
    service.mode = "throw";
    const result = await sendPush(env, target, PAYLOAD);
    expect(result).toMatchObject({ outcome: "failed", status: null });
    expect(result.outcome === "failed" && result.reason).toMatch(/^no answer/);
    expect(await count("push_subscriptions", "user_id = ?", ann.id)).toBe(1);
  });

  it("a service that does not answer in time: timed out", async () => {
    const { target } = await subscribed(ann);
    service.mode = "silent";
    expect(await sendPush(env, target, PAYLOAD, { timeoutMs: 50 })).toEqual({
      outcome: "failed",
      status: null,
      reason: "timed out",
    });
  });

  it("no VAPID key configured: nothing is sent", async () => {
    const { target } = await subscribed(ann);
    const bindings = { ...env, VAPID_PRIVATE_KEY: "" };
    expect(await sendPush(bindings, target, PAYLOAD)).toEqual({
      outcome: "failed",
      status: null,
      reason: "no VAPID key is configured",
    });
    expect(service.received).toEqual([]);
  });

  it("a subscription whose key is no point on the curve: nothing is sent", async () => {
    const { target } = await subscribed(ann);
    // 65 bytes that start as an uncompressed point does (4), but x = y = 0 is not on P-256.
    const offCurve = { ...target, p256dh: `B${"A".repeat(86)}` };
    expect(await sendPush(env, offCurve, PAYLOAD)).toEqual({
      outcome: "failed",
      status: null,
      reason: "the subscription's key is not a P-256 public key",
    });
    expect(service.received).toEqual([]);
  });

  it("a payload that is not a PushPayload: nothing is sent", async () => {
    const { target } = await subscribed(ann);
    const wrong = { ...PAYLOAD, url: "javascript:alert(1)" };
    expect(await sendPush(env, target, wrong)).toEqual({
      outcome: "failed",
      status: null,
      reason: "the payload is not a PushPayload",
    });
    expect(service.received).toEqual([]);
  });

  it("a payload at every maximum, three bytes a character, fits one record and is sent", async () => {
    const { browser, target } = await subscribed(ann);
    // 120 + 600 + 64 characters of "語" (3 bytes each in UTF-8) and a 1000-character ASCII address.
    const big: PushPayload = {
      kind: "event",
      title: "語".repeat(120),
      body: "語".repeat(600),
      url: `https://calendar.example.com/${"a".repeat(1000 - 29)}`,
      tag: "語".repeat(64),
      actions: ["mood", "write"],
      lang: "ru",
    };
    expect(big.url).toHaveLength(1000);
    expect(await sendPush(env, target, big)).toEqual({ outcome: "sent", status: 201 });
    const words = ece.decrypt(Buffer.from(service.received[0]?.body ?? []), {
      version: "aes128gcm",
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    expect(JSON.parse(words.toString("utf8")).body).toBe("語".repeat(600));
  });
});

describe("sendPush: the VAPID token", () => {
  it("is signed once a push service and sent again to it, a new one for another service", async () => {
    const a = await subscribed(ann, "https://push.one.example/w/1");
    const b = await subscribed(ann, "https://push.one.example/w/2");
    const c = await subscribed(ann, "https://push.two.example/w/3");
    for (const { target } of [a, b, c]) expect((await sendPush(env, target, PAYLOAD)).outcome).toBe("sent");
    const [one, again, other] = service.received.map((r) => r.headers.get("Authorization"));
    expect(again).toBe(one);
    expect(other).not.toBe(one);
    const audience = (header: string | null | undefined) =>
      json(/t=[\w-]+\.([\w-]+)\./.exec(header ?? "")?.[1] ?? "").aud;
    expect([audience(one), audience(other)]).toEqual(["https://push.one.example", "https://push.two.example"]);
  });
});
