import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";
import { importJWK, jwtVerify } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { localFetch } from "../scripts/local-fetch.ts";
import { callApi, createAccount, siteUrl } from "./browser.ts";

// A push service of this test's own (RFC 8030): an HTTP server on loopback that keeps what the Worker posts it
// and answers 201, as a browser vendor's would. The suite's API takes a http://127.0.0.1 endpoint because it
// runs with DEV_LOGIN "true", and POST /api/dev/cron runs the every-minute cron at the instant it is given.

interface Push {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const received: Push[] = [];
const service = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(201).end();
  });
});
afterAll(() => new Promise<void>((done) => service.close(() => done())));

/** The API's answer to a call without an account, as JSON. */
async function anonymous<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await localFetch(siteUrl("journal", path), {
    method,
    headers: { Origin: siteUrl("journal", "").replace(/\/$/, ""), "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, res.text()).toBe(200);
  return res.json<T>();
}

/** The first instant at or after now that is `hour`:00 UTC (a new account's profile has no zone: UTC). */
function nextUtc(hour: number, dayAfter = 0): number {
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const at = Date.parse(`${today}T${String(hour).padStart(2, "0")}:00:00Z`) + dayAfter * 86_400_000;
  return at >= Math.floor(now / 60_000) * 60_000 ? at : at + 86_400_000;
}

describe("a push service", () => {
  it("receives the due reminders: the VAPID JWT checks against /api/push/key, the payloads decrypt to their words", async () => {
    await new Promise<void>((listening) => service.listen(0, "127.0.0.1", listening));
    const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const account = await createAccount("Pushed");
    // The browser's side: a P-256 key pair and an auth secret, as PushManager.subscribe makes them.
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${origin}/wpush/${randomBytes(6).toString("hex")}`;
    const settings = {
      daily: { time: "21:00" },
      streaks: null,
      birthdays: true,
      deadlines: false,
      events: false,
      quiet: null,
    };
    await callApi(account.token, "PUT", "/api/reminders", settings);
    // A birthday tomorrow (UTC), reminded at 09:00 on the day.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const birthDate = `${Number(tomorrow.slice(0, 4)) - 40}${tomorrow.slice(4)}`;
    const ada = (
      (await callApi(account.token, "POST", "/api/people", { name: "Ada", email: "ada@example.com", birthDate })) as {
        id: number;
      }
    ).id;
    const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") };
    await callApi(account.token, "POST", "/api/push/subscriptions", { endpoint, keys, lang: "ru" });

    const { publicKey } = await anonymous<{ publicKey: string }>("GET", "/api/push/key");
    // The cron now (it reads the birthday), then at each reminder's minute, the earlier first.
    await anonymous("POST", "/api/dev/cron", {});
    const daily = nextUtc(21);
    const birthday = Date.parse(`${tomorrow}T09:00:00Z`);
    for (const at of [daily, birthday].sort((a, b) => a - b))
      await anonymous("POST", "/api/dev/cron", { at: new Date(at).toISOString() });
    // Twice at the same minute sends nothing more.
    await anonymous("POST", "/api/dev/cron", { at: new Date(daily).toISOString() });

    const ours = received.filter((r) => `${origin}${r.path}` === endpoint);
    expect(ours).toHaveLength(2);
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: Buffer.from(publicKey, "base64url").subarray(1, 33).toString("base64url"),
        y: Buffer.from(publicKey, "base64url").subarray(33, 65).toString("base64url"),
      },
      "ES256",
    );
    const payloads = [];
    for (const push of ours) {
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.ttl).toBe("86400");
      expect(push.headers.urgency).toBe("normal");
      // RFC 8292 §3: "vapid t=<JWT>, k=<the public key>", the key the API serves, the JWT signed by it.
      const vapid = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push.headers.authorization ?? "");
      expect(vapid?.[2]).toBe(publicKey);
      const { payload: claims, protectedHeader } = await jwtVerify(vapid?.[1] ?? "", key, { audience: origin });
      expect(protectedHeader).toEqual({ typ: "JWT", alg: "ES256" });
      expect(claims.sub).toMatch(/^(mailto:|https:)/);
      // At most 24 hours ahead (RFC 8292 §2), counted from the instant the cron ran as.
      expect(claims.exp).toBeGreaterThan(Math.floor(Date.now() / 1000));
      expect(claims.exp).toBeLessThanOrEqual(Math.floor(Math.max(daily, birthday) / 1000) + 24 * 3600);
      const plain = ece.decrypt(push.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth });
      payloads.push(JSON.parse(plain.toString("utf8")));
    }
    expect(payloads.sort((a, b) => (a.kind < b.kind ? -1 : 1))).toEqual([
      {
        kind: "birthday",
        title: "День рождения: Ada",
        body: "Сегодня",
        url: `${siteUrl("people", "/?q=Ada")}`,
        id: `birthday:${ada}:${tomorrow}`,
        lang: "ru",
      },
      {
        kind: "daily",
        title: "Как прошёл день?",
        body: "Выберите лицо или напишите строчку.",
        url: siteUrl("root", "/?mood"),
        actions: ["mood", "write"],
        id: `daily:${new Date(daily).toISOString().slice(0, 10)}`,
        lang: "ru",
      },
    ]);
  });
});
