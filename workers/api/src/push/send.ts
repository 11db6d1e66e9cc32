import { PushPayload } from "@nook/shared/push/schemas";
import { and, eq } from "drizzle-orm";
import * as v from "valibot";
import { fromBase64url } from "../platform/base64url.ts";
import { openDb } from "../platform/db.ts";
import { configOf } from "../platform/env.ts";
import { vapidKeys } from "./keys.ts";
import { pushSubscriptions } from "./schema.ts";
import { encryptPayload, PUSH_PLAINTEXT_MAX, VAPID_HOURS, type VapidKeys, vapidAuthorization } from "./web-push.ts";

/** The subscription a push goes to, as its row holds it. */
export interface PushTarget {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What came of a push: `sent` (the push service took it: 201, or another 2xx), `gone` (404 or 410: the
 * subscription has ended, and its row is removed), or `failed` with why — a status the service answered
 * (429, 5xx, another 4xx), no answer at all (`status: null`), or a push this Worker cannot send (no VAPID key, a
 * payload too large): the caller tries again later, or not.
 */
export type PushResult =
  | { outcome: "sent"; status: number }
  | { outcome: "gone"; status: number }
  | { outcome: "failed"; status: number | null; reason: string };

export interface PushOptions {
  /** How long the push service keeps a message for a browser that is away, in seconds (RFC 8030 §5.2). */
  ttl?: number;
  /** RFC 8030 §5.3: a reminder is "normal"; a phone saving its battery may hold back "low" ones. */
  urgency?: "very-low" | "low" | "normal" | "high";
  /** How long the push service has to answer, in milliseconds. */
  timeoutMs?: number;
  /** The moment the VAPID token's `exp` counts from (tests). */
  now?: number;
}

/**
 * The Authorization headers made, by push service origin, subject and key: a VAPID JWT may be sent again until
 * it expires (RFC 8292 §2), so a run signs one a push service, not one a push. Reused while it has an hour left.
 */
const signed = new Map<string, { header: string; until: number }>();
const SIGNED_KEPT_MS = (VAPID_HOURS - 1) * 3_600_000;

async function authorization(keys: VapidKeys, endpoint: string, subject: string, now: number | undefined) {
  // A test's own `now` signs afresh.
  if (now !== undefined) return vapidAuthorization(keys, endpoint, subject, now);
  const key = `${new URL(endpoint).origin} ${subject} ${keys.publicKey}`;
  const kept = signed.get(key);
  if (kept && kept.until > Date.now()) return kept.header;
  const header = await vapidAuthorization(keys, endpoint, subject);
  signed.set(key, { header, until: Date.now() + SIGNED_KEPT_MS });
  return header;
}

/** A day: a reminder a day late is of no use. */
const DEFAULT_TTL = 24 * 3600;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Sends `payload` to one subscription (RFC 8030): encrypted `aes128gcm` to its keys (RFC 8291), signed with the
 * Worker's VAPID key (RFC 8292), POSTed to its endpoint. A 404 or 410 removes the subscription (the browser
 * dropped it); any other failure is returned, never thrown, for the caller to retry on a later run.
 */
export async function sendPush(
  env: Env,
  subscription: PushTarget,
  payload: PushPayload,
  options: PushOptions = {},
): Promise<PushResult> {
  let config: ReturnType<typeof configOf>;
  try {
    config = configOf(env);
  } catch (err) {
    return { outcome: "failed", status: null, reason: `the Worker's settings are invalid (${String(err)})` };
  }
  const keys = await vapidKeys(config);
  if (!keys || !config.push) return { outcome: "failed", status: null, reason: "no VAPID key is configured" };
  const checked = v.safeParse(PushPayload, payload);
  if (!checked.success) return { outcome: "failed", status: null, reason: "the payload is not a PushPayload" };
  const plaintext = new TextEncoder().encode(JSON.stringify(checked.output));
  if (plaintext.length > PUSH_PLAINTEXT_MAX)
    return { outcome: "failed", status: null, reason: `the payload is ${plaintext.length} bytes, past one record` };
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await encryptPayload(plaintext, fromBase64url(subscription.p256dh), fromBase64url(subscription.auth));
  } catch {
    // A p256dh of the right length that is no point on the curve: the browser gave no usable key.
    return { outcome: "failed", status: null, reason: "the subscription's key is not a P-256 public key" };
  }
  let res: Response;
  try {
    res = await fetch(subscription.endpoint, {
      method: "POST",
      headers: {
        TTL: String(options.ttl ?? DEFAULT_TTL),
        Urgency: options.urgency ?? "normal",
        "Content-Type": "application/octet-stream",
        "Content-Encoding": "aes128gcm",
        Authorization: await authorization(keys, subscription.endpoint, config.push.subject, options.now),
      },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    const why = (err as Error)?.name === "TimeoutError" ? "timed out" : `no answer (${String(err)})`;
    return { outcome: "failed", status: null, reason: why };
  }
  // The service's words are of no use to anyone here: read and dropped, so the connection is free.
  await res.body?.cancel();
  if (res.ok) return { outcome: "sent", status: res.status };
  if (res.status === 404 || res.status === 410) {
    const db = openDb(env.DB);
    await db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.id, subscription.id),
        eq(pushSubscriptions.userId, subscription.userId),
        // A browser that subscribed again meanwhile has new keys on the same row: that one stays.
        eq(pushSubscriptions.p256dh, subscription.p256dh),
      ),
    );
    return { outcome: "gone", status: res.status };
  }
  return { outcome: "failed", status: res.status, reason: `the push service answered ${res.status}` };
}
