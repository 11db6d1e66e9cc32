/** The push and reminder limits, without valibot: schemas.ts builds on them, and the pages import them. */

/** A push service's address: browsers give a few hundred characters; 2048 leaves room. */
export const PUSH_ENDPOINT_MAX = 2048;
/** The device's name the page sends beside a subscription ("Chrome on Linux"). */
export const PUSH_DEVICE_MAX = 100;
/** Subscriptions an account keeps: a browser each, and a person has a handful. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;
/** The stack items one streak reminder follows. */
export const REMINDER_STREAK_ITEMS_MAX = 50;
/**
 * A push payload's title and body, as a notification shows them. With the address (ASCII: a URL percent-encodes
 * the rest) and the tag, a payload at every maximum, 3 bytes to each character of text, is about 3,500 bytes of
 * JSON: within the 3,993 a push message's one record holds (push/web-push.ts).
 */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 600;
/** The page a notification opens, absolute, and the journal tag its "Write" opens the form with. */
export const PUSH_URL_MAX = 1000;
export const PUSH_TAG_MAX = 64;
/** A reminder's occurrence: its kind, an item's id and a day (`streak:123456:2027-03-28`). */
export const PUSH_ID_MAX = 64;

/** What reminds a person (the contract's kinds) and the test push; a notification's actions. */
export const PUSH_KINDS = ["daily", "streak", "birthday", "deadline", "event", "test"] as const;
export const PUSH_ACTIONS = ["mood", "write"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushAction = (typeof PUSH_ACTIONS)[number];

/** A time of day, HH:MM from 00:00 to 23:59. */
export function isTimeOfDay(s: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
}
