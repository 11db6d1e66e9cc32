import { profileTimeZone } from "@nook/shared/common/time-zone";
import { type PushPayload, REMINDER_STREAK_ITEMS_MAX } from "@nook/shared/push/schemas";
import type { StreakAtRisk } from "@nook/shared/today/today";
import { and, asc, eq, isNotNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { users } from "../auth/schema.ts";
import { entries, entryMetrics, metrics } from "../journal/schema.ts";
import { aroundTrips, paced } from "../platform/d1-pace.ts";
import { type Db, openDb } from "../platform/db.ts";
import { configOf } from "../platform/env.ts";
import { type StreakItem, streakItemsRead, streaksAtRisk, streakTagsRead } from "../today/streak-risk.ts";
import { ALARM_HORIZON, alarmsWithin, type ReminderAlarm, readAlarmData } from "./alarms.ts";
import { type Due, dueIn, localDay, nextDue } from "./due.ts";
import { reminderOut } from "./reminder-settings.ts";
import { REMINDER_WORDS, type ReminderLang } from "./reminder-words.ts";
import { pushSubscriptions, reminderSettings, remindersSent } from "./schema.ts";
import { type PushTarget, sendPush } from "./send.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Accounts a chunk takes: read, claimed and moved on together, a few statements for them all. */
export const REMINDER_CHUNK = 200;
/** Accounts a run takes at most; the rest are still due (their next_due is past) and the next run takes them. */
export const REMINDER_ACCOUNTS_PER_RUN = 20_000;
/**
 * How long a run takes new chunks for, in ms: within the minute, so runs seldom overlap (when they do, the
 * claims keep each occurrence to one send). One chunk is always taken.
 */
export const REMINDER_RUN_BUDGET_MS = 40_000;
/**
 * Pushes a run sends at most: a push is a subrequest, and Cloudflare allows a Worker 10,000 of them an
 * invocation (Workers Paid); the rest of the margin is for the 404s' deletions. A chunk that would pass it is
 * left whole for the next run, before anything of it is claimed.
 */
export const REMINDER_SENDS_PER_RUN = 9_000;
/** Pushes in flight at once: a Worker has six connections open at most, the rest wait for one. */
const SENDS_AT_ONCE = 6;
/** An occurrence more than this late (the cron stopped for a while) is not sent: its day has passed. */
const LATE_MAX = 6 * 60 * MINUTE;
/** Sent records are kept a week: no occurrence is sent later than LATE_MAX, so none is needed longer. */
const SENT_KEPT = 7 * DAY;

export interface ReminderRun {
  /** Accounts reached, occurrences this run claimed (and so sent), pushes sent, gone, failed. */
  accounts: number;
  claimed: number;
  sent: number;
  gone: number;
  failed: number;
}

export interface ReminderRunLimits {
  chunk?: number;
  accounts?: number;
  budgetMs?: number;
  sends?: number;
  /**
   * Where the suite is served without ROOT_DOMAIN ("http://nook.localhost:8801"): POST /api/dev/cron's own, so a
   * notification opens the server that sent it; the local default is `npm start`'s.
   */
  localRoot?: string;
}

type Site = "root" | "people" | "steps" | "calendar";

const LOCAL_ROOT = "http://nook.localhost:8787";

/** A site's address for a notification's click: under ROOT_DOMAIN, or the local one. */
function siteAddress(env: Env, site: Site, localRoot = LOCAL_ROOT): string {
  const { rootDomain } = configOf(env);
  const root = new URL(rootDomain ? `https://${rootDomain}` : localRoot);
  return `${root.protocol}//${site === "root" ? "" : `${site}.`}${root.host}`;
}

/** An occurrence to send: what it is (its words are made per device, in the device's language). */
type Reminder =
  | { due: Due; kind: "daily" }
  | {
      due: Due;
      kind: "streak";
      title: string;
      length: number;
      goal: StreakAtRisk["goal"];
      tag: string | undefined;
    }
  | { due: Due; kind: "alarm"; alarm: ReminderAlarm };

/** The words and address of a reminder in `lang`. */
function payloadOf(env: Env, r: Reminder, lang: ReminderLang, zone: string, localRoot?: string): PushPayload {
  const siteUrl = (site: Site) => siteAddress(env, site, localRoot);
  const words = REMINDER_WORDS[lang];
  const base = { id: r.due.key, lang };
  if (r.kind === "daily")
    return {
      ...base,
      kind: "daily",
      title: words.dailyTitle,
      body: words.dailyBody,
      url: `${siteUrl("root")}/?mood`,
      actions: ["mood", "write"],
    };
  if (r.kind === "streak")
    return {
      ...base,
      kind: "streak",
      title: words.streakTitle(r.title),
      body: r.goal ? words.goalBody(r.length, r.goal) : words.streakBody(r.length),
      url: `${siteUrl("root")}/`,
      actions: ["write"],
      ...(r.tag ? { tag: r.tag } : {}),
    };
  const { alarm } = r;
  const days = Math.round((Date.parse(alarm.date) - Date.parse(localDay(zone, r.due.fire))) / DAY);
  const body = words.when(days, alarm.start);
  switch (alarm.kind) {
    case "birthday":
      return {
        ...base,
        kind: "birthday",
        title: words.birthdayTitle(alarm.name),
        body,
        // The people book filtered to the person.
        url: `${siteUrl("people")}/?${new URLSearchParams({ q: alarm.name })}`,
        // "Write" about the person, as Today's birthday does.
        ...(alarm.tag ? { tag: alarm.tag, actions: ["write" as const] } : {}),
      };
    case "deadline":
      return {
        ...base,
        kind: "deadline",
        title: words.deadlineTitle(alarm.name),
        body,
        url: `${siteUrl("steps")}/${alarm.id}`,
      };
    case "event":
      return {
        ...base,
        kind: "event",
        title: alarm.name,
        body,
        url: `${siteUrl("calendar")}/?view=day&date=${alarm.date}`,
      };
  }
}

type Row = typeof reminderSettings.$inferSelect;

/** What a chunk found for one account: its reminders due now and the minute it is next due. */
interface Plan {
  row: Row;
  zone: string;
  reminders: Reminder[];
  next: number | null;
}

/**
 * One run of the reminders' cron at `now`: the accounts whose next_due has come, on its index, the earliest
 * first, a chunk at a time (`chunk` accounts), for at most `budgetMs`, `accounts` and `sends`. For each chunk:
 * what is due at each account's next_due minute (push/due.ts, and its birthdays, deadlines and events:
 * push/alarms.ts); the daily reminder dropped where its day's mood is logged, a streak's kept only for an item
 * at risk, as Today says; every occurrence claimed in reminders_sent in one statement before anything is sent,
 * so that of two runs at once only the one whose insert made the row sends; the pushes, six at a time; then
 * each account's next_due moved on past its minute, in one statement. Every trip is paced (d1-pace.ts).
 */
export async function runReminders(env: Env, now: number, limits: ReminderRunLimits = {}): Promise<ReminderRun> {
  const {
    chunk = REMINDER_CHUNK,
    accounts = REMINDER_ACCOUNTS_PER_RUN,
    budgetMs = REMINDER_RUN_BUDGET_MS,
    sends = REMINDER_SENDS_PER_RUN,
  } = limits;
  const started = performance.now();
  const db = openDb(aroundTrips(env.DB, paced));
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const run: ReminderRun = { accounts: 0, claimed: 0, sent: 0, gone: 0, failed: 0 };
  // The run reads on past the last account it took, so one it moved on within the minute (a late one walking
  // through its missed minutes) comes round again after the others, not before them.
  let after: { due: number; userId: number } | null = null;
  type DueRow = { settings: Row; timeZone: string | null };
  while (run.accounts < accounts && (run.accounts === 0 || performance.now() - started <= budgetMs)) {
    const past: SQL | undefined = after
      ? or(
          sql`${reminderSettings.nextDue} > ${after.due}`,
          and(eq(reminderSettings.nextDue, after.due), sql`${reminderSettings.userId} > ${after.userId}`),
        )
      : undefined;
    // Across accounts by design: who is due now, on reminder_settings_next_due.
    const due: DueRow[] = await db
      .select({ settings: reminderSettings, timeZone: users.timeZone })
      .from(reminderSettings)
      .innerJoin(users, eq(users.id, reminderSettings.userId))
      .where(and(isNotNull(reminderSettings.nextDue), lte(reminderSettings.nextDue, minute), past))
      .orderBy(asc(reminderSettings.nextDue), asc(reminderSettings.userId))
      .limit(Math.min(chunk, accounts - run.accounts));
    if (!due.length) break;
    const plans = await planChunk(
      db,
      due.map((d) => ({ row: d.settings, zone: profileTimeZone(d.timeZone) })),
      minute,
    );
    const left = sends - (run.sent + run.gone + run.failed);
    const room = run.accounts ? left : Number.POSITIVE_INFINITY;
    if (!(await sendChunk(env, db, plans, minute, room, run, limits.localRoot))) break;
    run.accounts += due.length;
    const last = due[due.length - 1]?.settings;
    after = last ? { due: last.nextDue ?? minute, userId: last.userId } : after;
  }
  if (minute % (60 * MINUTE) === 0) await db.delete(remindersSent).where(lt(remindersSent.sentAt, now - SENT_KEPT));
  return run;
}

/** What is due for each account of a chunk, and when each is next due. */
async function planChunk(db: Db, accounts: { row: Row; zone: string }[], minute: number): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const { row, zone } of accounts) {
    const settings = reminderOut(row, new Set(row.streakItems));
    const at = row.nextDue ?? minute;
    // A minute long past (the cron stopped) is passed over: the account goes on from LATE_MAX ago.
    const from = Math.max(at, minute - LATE_MAX);
    const alarms =
      settings.birthdays || settings.deadlines || settings.events
        ? alarmsWithin(
            await readAlarmData(db, row.userId, settings, zone, from, from + ALARM_HORIZON),
            settings,
            zone,
            from,
            from + ALARM_HORIZON,
          )
        : null;
    const dueNow = at >= minute - LATE_MAX ? dueIn(settings, zone, at, alarms ?? []) : [];
    let next = nextDue(settings, zone, Math.max(at + MINUTE, from), alarms ?? []);
    // With alarms on, the account is reached again within the horizon, to look further ahead.
    if (alarms) next = Math.min(next ?? Number.POSITIVE_INFINITY, from + ALARM_HORIZON);
    const reminders: Reminder[] = [];
    for (const d of dueNow) {
      if (d.kind === "daily") reminders.push({ due: d, kind: "daily" });
      const alarm = d.kind === "alarm" ? alarms?.find((a) => a.key === d.key) : undefined;
      if (alarm) reminders.push({ due: d, kind: "alarm", alarm });
    }
    const streaks = dueNow.filter((d) => d.kind === "streak");
    if (streaks.length) reminders.push(...(await streaksDue(db, row.userId, streaks, minute, zone)));
    plans.push({ row, zone, reminders, next });
  }
  await dropLogged(db, plans);
  return plans;
}

/** The streak reminders due whose item is at risk today, as Today says. */
async function streaksDue(db: Db, userId: number, due: Due[], minute: number, zone: string): Promise<Reminder[]> {
  const chosen = due.map((d) => d.item ?? 0);
  const [items, tagRows] = await db.batch([
    streakItemsRead(db, userId, REMINDER_STREAK_ITEMS_MAX, chosen),
    streakTagsRead(db, userId),
  ]);
  // Judged on the day the reminder was set for: one held past midnight by quiet hours asks about its own day.
  const atRisk = await streaksAtRisk(db, userId, items as StreakItem[], tagRows, due[0]?.at ?? minute, zone);
  const out: Reminder[] = [];
  for (const d of due) {
    const risk = atRisk.find((s) => s.itemId === d.item);
    const item = items.find((i) => i.itemId === d.item);
    // "Write" starts an entry with the item's first tag it asks for.
    const tag = (item?.config as StreakItem["config"] | undefined)?.filter?.find((f) => !f.not)?.name;
    if (risk) out.push({ due: d, kind: "streak", title: risk.title, length: risk.length, goal: risk.goal, tag });
  }
  return out;
}

/**
 * Drops each daily reminder whose day's mood is logged: one read of the chunk's entries with a mood around their
 * minutes (a reminder held past midnight by quiet hours asks about its own day).
 */
async function dropLogged(db: Db, plans: Plan[]): Promise<void> {
  const asking = plans.filter((p) => p.reminders.some((r) => r.kind === "daily"));
  if (!asking.length) return;
  const minutes = asking.map((p) => p.row.nextDue ?? 0);
  const mood = sql`(SELECT ${entryMetrics.value} FROM ${entryMetrics}
    JOIN ${metrics} ON ${metrics.id} = ${entryMetrics.metricId}
    WHERE ${entryMetrics.entryId} = "entries"."id" AND ${metrics.name} = 'mood')`;
  const logged = await db
    .select({ userId: entries.userId, date: entries.date })
    .from(entries)
    .where(
      and(
        sql`${entries.userId} IN (SELECT value FROM json_each(${JSON.stringify(asking.map((p) => p.row.userId))}))`,
        sql`${entries.date} >= ${Math.min(...minutes) - 2 * DAY}`,
        lt(entries.date, Math.max(...minutes) + DAY),
        sql`${mood} IS NOT NULL`,
      ),
    );
  for (const p of asking) {
    const days = new Set(logged.filter((e) => e.userId === p.row.userId).map((e) => localDay(p.zone, e.date)));
    p.reminders = p.reminders.filter((r) => r.kind !== "daily" || !days.has(r.due.day));
  }
}

/**
 * Claims and sends a chunk's reminders and moves its accounts on; false (nothing claimed, nothing moved) when its
 * pushes would pass `left`, so the next run takes the chunk whole.
 */
async function sendChunk(
  env: Env,
  db: Db,
  plans: Plan[],
  minute: number,
  left: number,
  run: ReminderRun,
  localRoot: string | undefined,
) {
  const asking = plans.filter((p) => p.reminders.length);
  const targets = asking.length
    ? await db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          lang: pushSubscriptions.lang,
        })
        .from(pushSubscriptions)
        .where(
          sql`${pushSubscriptions.userId} IN (SELECT value FROM json_each(${JSON.stringify(asking.map((p) => p.row.userId))}))`,
        )
    : [];
  const devices = new Map<number, (PushTarget & { lang: ReminderLang })[]>();
  for (const t of targets) devices.set(t.userId, [...(devices.get(t.userId) ?? []), t]);
  // An account with no device has nothing to claim: its reminders are passed by.
  const wanted = asking.flatMap((p) => (devices.has(p.row.userId) ? p.reminders.map((r) => ({ p, r })) : []));
  const pushes = wanted.reduce((n, { p }) => n + (devices.get(p.row.userId)?.length ?? 0), 0);
  if (pushes > left) return false;
  if (wanted.length) {
    // Claimed before the send, all at once: only the run whose insert made a row sends it.
    const claims = JSON.stringify(wanted.map(({ p, r }) => [p.row.userId, r.due.key]));
    const claimed = await db.all<{ user_id: number; occurrence: string }>(sql`
      INSERT INTO reminders_sent (user_id, occurrence, sent_at)
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), ${minute} FROM json_each(${claims}) WHERE true
      ON CONFLICT DO NOTHING RETURNING user_id, occurrence`);
    const ours = new Set(claimed.map((c) => `${c.user_id} ${c.occurrence}`));
    const jobs = wanted
      .filter(({ p, r }) => ours.has(`${p.row.userId} ${r.due.key}`))
      .flatMap(({ p, r }) => (devices.get(p.row.userId) ?? []).map((target) => ({ p, r, target })));
    run.claimed += ours.size;
    // The pushes are the push services' time, not D1's: six in flight, the Worker's connections.
    let next = 0;
    const worker = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const result = await sendPush(env, job.target, payloadOf(env, job.r, job.target.lang, job.p.zone, localRoot));
        run[result.outcome]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, jobs.length) }, worker));
  }
  // Each past the minute it was reached at (a failed push waits for the next occurrence, not a retry); a run
  // that moved it meanwhile wins.
  const moves = JSON.stringify(plans.map((p) => [p.row.userId, p.row.nextDue, p.next]));
  await db.run(sql`
    UPDATE reminder_settings SET next_due = json_extract(j.value, '$[2]')
    FROM json_each(${moves}) AS j
    WHERE reminder_settings.user_id = json_extract(j.value, '$[0]')
      AND reminder_settings.next_due = json_extract(j.value, '$[1]')`);
  return true;
}
