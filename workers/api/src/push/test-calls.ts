import { SELF } from "cloudflare:test";
import { createECDH, type ECDH, randomBytes } from "node:crypto";
import { bearer, ORIGIN } from "../test/helpers.ts";

/**
 * A browser's side of a push subscription, made as a browser makes one: a P-256 key pair (the public half its
 * p256dh, the private half kept to decrypt) and a 16-byte auth secret, at an endpoint of a test's choosing.
 */
export function browserSubscription(endpoint = `https://push.example.net/wpush/v2/${randomBytes(8).toString("hex")}`) {
  const ecdh: ECDH = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    body: {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  };
}

/** A request to /api/push/… or /api/reminders as a user (null: signed out), with a same-site Origin. */
export function pushCall(user: { token: string } | null, method: string, path: string, body?: unknown) {
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      Origin: ORIGIN,
      ...(user ? bearer(user.token) : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** What a push service received: the request as sendPush made it. */
export interface Received {
  url: string;
  method: string;
  headers: Headers;
  body: Uint8Array;
}

/**
 * A push service as the tests' outbound fetch sees it: it keeps each request and answers `status` (201 unless a
 * test says otherwise), or throws, or never answers until the request's signal ends it.
 */
export class PushService {
  status = 201;
  mode: "answer" | "throw" | "silent" = "answer";
  received: Received[] = [];

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    this.received.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    if (this.mode === "throw") throw new TypeError("Network connection lost.");
    if (this.mode === "silent")
      return new Promise((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason ?? new Error("aborted"))),
      );
    return new Response(this.status === 201 ? null : "push service words", { status: this.status });
  };
}
