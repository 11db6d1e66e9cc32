import { profileTimeZone } from "@nook/shared/common/time-zone";
import type { PushPayload } from "@nook/shared/push/schemas";
import { and, asc, eq, isNotNull, lt, lte, sql } from "drizzle-orm";
import { users } from "../auth/schema.ts";
import { aroundTrips, paced } from "../platform/d1-pace.ts";
import { type Db, openDb } from "../platform/db.ts";
import { configOf } from "../platform/env.ts";
import { todayReads } from "../today/routes.ts";
import { streaksAtRisk } from "../today/streak-risk.ts";
import { type Due, dueIn, localDay, nextDue } from "./due.ts";
import { reminderOut } from "./reminder-settings.ts";
import { REMINDER_WORDS } from "./reminder-words.ts";
import { pushSubscriptions, reminderSettings, remindersSent } from "./schema.ts";
import { sendPush } from "./send.ts";

const MINUTE = 60_000;
/** Accounts a run takes: the rest are still due (their next_due is past) and the next run takes them. */
export const REMINDER_ACCOUNTS_PER_RUN = 50;
/**
 * How long a run takes accounts for, in ms: past it, the accounts left are still due and the next run (a minute
 * on) takes them. One account at least is always reached.
 */
export const REMINDER_RUN_BUDGET_MS = 20_000;
/** An occurrence more than this late (the cron stopped for a while) is not sent: its day has passed. */
const LATE_MAX = 6 * 60 * MINUTE;
/** Sent records are kept a week: no occurrence is sent later than LATE_MAX, so none is needed longer. */
const SENT_KEPT = 7 * 24 * 60 * MINUTE;

export interface ReminderRun {
  /** Accounts reached, occurrences this run claimed (and so sent), pushes sent, gone, failed. */
  accounts: number;
  claimed: number;
  sent: number;
  gone: number;
  failed: number;
}

/** The launcher's address, where Today is: the suite's apex, or the local one. */
function launcherUrl(env: Env): string {
  const { rootDomain } = configOf(env);
  return rootDomain ? `https://${rootDomain}/` : "http://nook.localhost:8787/";
}

/**
 * One run of the reminders' cron at `now`: the accounts whose next_due has come (on its index, the earliest
 * first, at most `limit`, for at most `budgetMs`), each in turn, paced (d1-pace.ts): what is due at its next_due minute
 * (push/due.ts), each occurrence claimed in reminders_sent before it is sent, so that of two runs at once only
 * the one whose insert made the row sends; then the account's next_due moves on past `now`.
 * A daily reminder is not sent when its day's mood is logged; a streak's only for an item at risk, as Today says.
 */
export async function runReminders(
  env: Env,
  now: number,
  limit: number = REMINDER_ACCOUNTS_PER_RUN,
  budgetMs: number = REMINDER_RUN_BUDGET_MS,
): Promise<ReminderRun> {
  const started = performance.now();
  const db = openDb(aroundTrips(env.DB, paced));
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const run: ReminderRun = { accounts: 0, claimed: 0, sent: 0, gone: 0, failed: 0 };
  // Across accounts by design: who is due now, on reminder_settings_next_due.
  const due = await db
    .select({ settings: reminderSettings, timeZone: users.timeZone })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(and(isNotNull(reminderSettings.nextDue), lte(reminderSettings.nextDue, minute)))
    .orderBy(asc(reminderSettings.nextDue))
    .limit(limit);
  for (const { settings: row, timeZone } of due) {
    if (run.accounts && performance.now() - started > budgetMs) break;
    run.accounts++;
    await remindAccount(env, db, row, profileTimeZone(timeZone), minute, run);
  }
  if (minute % (60 * MINUTE) === 0) await db.delete(remindersSent).where(lt(remindersSent.sentAt, now - SENT_KEPT));
  return run;
}

async function remindAccount(
  env: Env,
  db: Db,
  row: typeof reminderSettings.$inferSelect,
  timeZone: string,
  minute: number,
  run: ReminderRun,
): Promise<void> {
  const userId = row.userId;
  const settings = reminderOut(row, new Set(row.streakItems));
  const at = row.nextDue ?? minute;
  const occurrences = minute - at <= LATE_MAX ? dueIn(settings, timeZone, at) : [];
  if (occurrences.length) {
    const [, , , streakItems, todays, , streakTags] = await db.batch(todayReads(db, userId, minute));
    // The days with a mood logged: a daily reminder held past midnight by quiet hours asks about its own day.
    const moodDays = new Set(todays.filter((e) => e.mood !== null).map((e) => localDay(timeZone, e.date)));
    const chosen = new Set(occurrences.filter((d) => d.kind === "streak").map((d) => d.item));
    const atRisk = chosen.size
      ? await streaksAtRisk(
          db,
          userId,
          streakItems.filter((i) => chosen.has(i.itemId)),
          streakTags,
          minute,
          timeZone,
        )
      : [];
    const payloads: { due: Due; payload: PushPayload }[] = [];
    const words = REMINDER_WORDS.en;
    const url = launcherUrl(env);
    for (const d of occurrences) {
      if (d.kind === "daily" && !moodDays.has(d.day))
        payloads.push({
          due: d,
          payload: {
            kind: "daily",
            title: words.dailyTitle,
            body: words.dailyBody,
            url: `${url}?mood`,
            actions: ["mood", "write"],
            lang: "en",
          },
        });
      const risk = d.kind === "streak" ? atRisk.find((s) => s.itemId === d.item) : undefined;
      if (risk)
        payloads.push({
          due: d,
          payload: {
            kind: "streak",
            title: words.streakTitle(risk.title),
            body: words.streakBody(risk.length),
            url: `${url}?mood`,
            actions: ["write"],
            lang: "en",
          },
        });
    }
    if (payloads.length) {
      const targets = await db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      for (const { due: d, payload } of payloads) {
        // Claimed before the send: only the run whose insert made the row goes on.
        const claimed = await db
          .insert(remindersSent)
          .values({ userId, occurrence: d.key, sentAt: minute })
          .onConflictDoNothing()
          .returning({ occurrence: remindersSent.occurrence });
        if (!claimed.length) continue;
        run.claimed++;
        // The account's devices at once: pushes are the push service's time, not D1's.
        const results = await Promise.all(targets.map((target) => sendPush(env, target, { ...payload, tag: d.key })));
        for (const result of results) run[result.outcome]++;
      }
    }
  }
  // Past the minute just reached (a failed push waits for the next occurrence, not a retry); a later minute
  // already past is still due, for the next run; one later than LATE_MAX is passed over.
  await db
    .update(reminderSettings)
    .set({ nextDue: nextDue(settings, timeZone, Math.max(at + MINUTE, minute - LATE_MAX)) })
    .where(and(eq(reminderSettings.userId, userId), eq(reminderSettings.nextDue, sql`${at}`)));
}
