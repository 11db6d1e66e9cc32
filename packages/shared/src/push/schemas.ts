import * as v from "valibot";
import { message } from "../common/messages.ts";
import { dateTime, id, text } from "../common/validation.ts";
import {
  isTimeOfDay,
  PUSH_ACTIONS,
  PUSH_BODY_MAX,
  PUSH_DEVICE_MAX,
  PUSH_ENDPOINT_MAX,
  PUSH_ID_MAX,
  PUSH_KINDS,
  PUSH_TAG_MAX,
  PUSH_TITLE_MAX,
  PUSH_URL_MAX,
  REMINDER_STREAK_ITEMS_MAX,
} from "./limits.ts";

export { IdParam } from "../common/validation.ts";
// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

const ENDPOINT_WORDS = message("A push endpoint is an https address of at most {max} characters", {
  max: PUSH_ENDPOINT_MAX,
});

/**
 * Whether an endpoint is an address the Worker may post to: https, or plain http to this machine's loopback
 * with a port (a test's push service), which the route takes only where DEV_LOGIN is "true".
 */
export function isPushEndpoint(s: string): boolean {
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return url.hostname !== "";
  return isLoopbackEndpoint(s);
}

/** Whether an endpoint is plain http to 127.0.0.1 or localhost with a port: only for local runs and tests. */
export function isLoopbackEndpoint(s: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\//.test(s);
}

/** base64url of exactly `bytes` bytes, unpadded (as PushSubscription.toJSON() gives the keys). */
function base64urlOf(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return (s: string) => s.length === length && /^[A-Za-z0-9_-]+$/.test(s);
}

const P256DH_WORDS = message("The subscription's p256dh key is a P-256 public key: 65 bytes in base64url");
const AUTH_WORDS = message("The subscription's auth secret is 16 bytes in base64url");

/**
 * POST /api/push/subscriptions: what the browser's PushSubscription.toJSON() gives (its endpoint and keys), and
 * the device's name the page makes ("Chrome on Linux"). The same endpoint again is the same row, its keys new.
 */
export const PushSubscriptionBody = v.object({
  endpoint: v.pipe(text("endpoint", PUSH_ENDPOINT_MAX, ENDPOINT_WORDS), v.check(isPushEndpoint, ENDPOINT_WORDS)),
  keys: v.object({
    // An uncompressed P-256 point starts with 4.
    p256dh: v.pipe(
      text("p256dh", 87, P256DH_WORDS),
      v.check(base64urlOf(65), P256DH_WORDS),
      v.check((s) => s.startsWith("B"), P256DH_WORDS),
    ),
    auth: v.pipe(text("auth", 22, AUTH_WORDS), v.check(base64urlOf(16), AUTH_WORDS)),
  }),
  device: v.optional(
    v.pipe(
      text("device", PUSH_DEVICE_MAX, {
        notText: message("{field} is not valid", { field: "device" }),
        tooLong: message("A device's name is at most {max} characters", { max: PUSH_DEVICE_MAX }),
      }),
      v.trim(),
    ),
    "",
  ),
  /** The language this browser's reminders are written in: the page's. */
  lang: v.optional(v.picklist(["en", "ru"], message("{field} is not valid", { field: "lang" })), "en"),
});
export type PushSubscriptionBody = v.InferInput<typeof PushSubscriptionBody>;

const TIME_WORDS = message("A reminder's time is a time of day from 00:00 to 23:59 (HH:MM)");
const time = v.pipe(text("time", "HH:MM".length, TIME_WORDS), v.check(isTimeOfDay, TIME_WORDS));
const on = (field: "birthdays" | "deadlines" | "events") => v.boolean(message("{field} is not valid", { field }));

/**
 * GET /api/reminders answers it, PUT /api/reminders takes it whole: what reminds, in the profile's zone.
 * `daily`: "How was today?" at a time; `streaks`: the streaks at risk among the chosen stack items (the account's
 * own streaks-type items), at an evening time; birthdays, deadlines and own events with the calendar feed's lead
 * times; `quiet`: hours in which nothing is sent (from may be after to: the night across midnight).
 */
export const ReminderSettings = v.object({
  daily: v.nullable(v.object({ time })),
  streaks: v.nullable(
    v.object({
      time,
      items: v.pipe(
        v.array(id, message("{field} is not valid", { field: "items" })),
        v.maxLength(
          REMINDER_STREAK_ITEMS_MAX,
          message("A streak reminder follows at most {max} stack items", { max: REMINDER_STREAK_ITEMS_MAX }),
        ),
        // The same item twice is one.
        v.transform((items) => [...new Set(items)]),
      ),
    }),
  ),
  birthdays: on("birthdays"),
  deadlines: on("deadlines"),
  events: on("events"),
  quiet: v.nullable(v.object({ from: time, to: time })),
});
export type ReminderSettings = v.InferOutput<typeof ReminderSettings>;

/** The settings of an account that has saved none: nothing reminds. */
export const DEFAULT_REMINDERS: ReminderSettings = {
  daily: null,
  streaks: null,
  birthdays: false,
  deadlines: false,
  events: false,
  quiet: null,
};

const payloadText = (field: "title" | "body" | "url" | "tag" | "id", max: number) =>
  text(field, max, message("{field} is not valid", { field }), field === "body" ? "multi" : "one");

/**
 * What a push carries (sendPush encrypts it as JSON; the service worker reads it): the notification's title and
 * body in the person's language, the absolute address it opens, and its actions — "mood" opens Today with the
 * faces focused, "write" the journal's form with `tag`.
 */
export const PushPayload = v.object({
  kind: v.picklist(PUSH_KINDS, message("{field} is not valid", { field: "kind" })),
  title: payloadText("title", PUSH_TITLE_MAX),
  body: payloadText("body", PUSH_BODY_MAX),
  url: v.pipe(
    payloadText("url", PUSH_URL_MAX),
    v.check((s) => /^https?:\/\/[\x21-\x7e]+$/.test(s), message("{field} is not valid", { field: "url" })),
  ),
  tag: v.optional(payloadText("tag", PUSH_TAG_MAX)),
  /** The reminder's occurrence (`daily:2027-03-28`): a notification replaces an earlier one of the same id. */
  id: v.optional(payloadText("id", PUSH_ID_MAX)),
  actions: v.optional(
    v.pipe(
      v.array(v.picklist(PUSH_ACTIONS, message("{field} is not valid", { field: "actions" }))),
      v.maxLength(PUSH_ACTIONS.length, message("{field} is not valid", { field: "actions" })),
    ),
  ),
  lang: v.optional(v.picklist(["en", "ru"], message("{field} is not valid", { field: "lang" }))),
});
export type PushPayload = v.InferOutput<typeof PushPayload>;

const AT_WORDS = message("{field} is not valid", { field: "at" });

/**
 * POST /api/dev/cron (where DEV_LOGIN is "true"): the instant the cron's work runs as if it were now, an ISO
 * date-time from 2000 to 2100; the real now when not given.
 */
export const DevCronBody = v.object({
  at: v.optional(dateTime("at", AT_WORDS, { min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1), words: AT_WORDS })),
});
