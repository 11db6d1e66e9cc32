import { eq, inArray, or } from "drizzle-orm";
import { calendarFeeds, events } from "../calendar/schema.ts";
import { donateInfo, donationSources, donations } from "../donate/schema.ts";
import { importChunks, imports } from "../import/schema.ts";
import { entries, entryMetrics, entryTags, metrics, tags, uptimeStale } from "../journal/schema.ts";
import { people, personTags } from "../people/schema.ts";
import type { Db } from "../platform/db.ts";
import { idempotencyKeys } from "../platform/schema.ts";
import { stackItems, stacks } from "../stacks/schema.ts";
import { steps } from "../steps/schema.ts";
import { timers, timerTags } from "../timer/schema.ts";
import { loginAttempts, passkeys, sessions, users, webauthnChallenges } from "./schema.ts";
import { passwordKey, signupKeys, throttleKeys } from "./throttle.ts";

/**
 * Every statement that removes a user's rows (leaving), for one
 * `db.batch`: all of them land or none. Named table by table rather than left
 * to the foreign keys' cascades, so the list is read here and a table added
 * later without `user_id` is caught by the test that walks every table
 * (auth/delete-account.test.ts). The link tables go before the rows they
 * link; the uptime triggers that a removed down/up entry or tag fires write
 * into `uptime_stale`, which is cleared after them. The throttle's attempts
 * keyed by this account (its e-mail, its id) go too; those keyed by a client
 * address are that address's, not the user's, and stay.
 */
export function accountDeletion(db: Db, user: { id: number; email: string }) {
  const userId = user.id;
  const ownEntries = db.select({ id: entries.id }).from(entries).where(eq(entries.userId, userId));
  const ownTimers = db.select({ id: timers.id }).from(timers).where(eq(timers.userId, userId));
  const ownPeople = db.select({ id: people.id }).from(people).where(eq(people.userId, userId));
  const ownImports = db.select({ id: imports.id }).from(imports).where(eq(imports.userId, userId));
  const keys = [throttleKeys(user.email, "").account, passwordKey(userId), signupKeys(user.email, "").email];
  return [
    db.delete(entryTags).where(inArray(entryTags.entryId, ownEntries)),
    db.delete(entryMetrics).where(inArray(entryMetrics.entryId, ownEntries)),
    db.delete(entries).where(eq(entries.userId, userId)),
    db.delete(timerTags).where(inArray(timerTags.timerId, ownTimers)),
    db.delete(timers).where(eq(timers.userId, userId)),
    db.delete(personTags).where(inArray(personTags.personId, ownPeople)),
    db.delete(people).where(eq(people.userId, userId)),
    db.delete(tags).where(eq(tags.userId, userId)),
    db.delete(metrics).where(eq(metrics.userId, userId)),
    db.delete(stackItems).where(eq(stackItems.userId, userId)),
    db.delete(stacks).where(eq(stacks.userId, userId)),
    db.delete(steps).where(eq(steps.userId, userId)),
    db.delete(events).where(eq(events.userId, userId)),
    // The feed's secret address ends with the account: a calendar app asking it again is answered 404.
    db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)),
    db.delete(donations).where(eq(donations.userId, userId)),
    db.delete(donationSources).where(eq(donationSources.userId, userId)),
    db.delete(donateInfo).where(eq(donateInfo.userId, userId)),
    db.delete(uptimeStale).where(eq(uptimeStale.userId, userId)),
    db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
    db.delete(importChunks).where(inArray(importChunks.importId, ownImports)),
    db.delete(imports).where(eq(imports.userId, userId)),
    db.delete(loginAttempts).where(or(...keys.map((key) => eq(loginAttempts.key, key)))),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(users).where(eq(users.id, userId)),
  ] as const;
}
