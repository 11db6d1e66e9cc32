import { env } from "cloudflare:test";
import ece from "http_ece";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../app.ts";
import { AUTH, bearer, bodyOf, count, ORIGIN, resetDb, send, signedInUser } from "../test/helpers.ts";
import { runReminders } from "./cron.ts";
import { wallToInstant } from "./due.ts";
import { browserSubscription, PushService, pushCall } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let service: PushService;

beforeEach(async () => {
  await resetDb();
  service = new PushService();
  vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
});
afterEach(() => vi.restoreAllMocks());

const BERLIN = "Europe/Berlin";

type Quiet = { from: string; to: string } | null;

/** An account in Berlin with a daily reminder at `time` (and `quiet` hours) and one browser subscribed: its endpoint. */
async function reminded(name: string, time = "21:00", quiet: Quiet = null) {
  const user = await signedInUser(name);
  await env.DB.prepare("UPDATE users SET time_zone = ?1 WHERE id = ?2").bind(BERLIN, user.id).run();
  const settings = { daily: { time }, streaks: null, birthdays: false, deadlines: false, events: false, quiet };
  await bodyOf(await pushCall(user, "PUT", "/reminders", settings), 200);
  const browser = browserSubscription();
  await bodyOf(await pushCall(user, "POST", "/push/subscriptions", browser.body), 201);
  return { user, endpoint: browser.body.endpoint, browser };
}

const nextDueOf = async (user: User) =>
  (await env.DB.prepare("SELECT next_due FROM reminder_settings WHERE user_id = ?1")
    .bind(user.id)
    .first<number>("next_due")) as number;

/** The first 21:00 in Berlin after the real now: where PUT /reminders put next_due. */
function next2100(): number {
  const now = Date.now();
  for (let days = -1; days <= 2; days++) {
    const day = new Date(now + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: BERLIN });
    const at = wallToInstant(BERLIN, day, "21:00");
    if (at >= Math.floor(now / 60_000) * 60_000) return at;
  }
  throw new Error("no 21:00 in three days");
}

describe("the reminders' cron", () => {
  it("keeps with the settings the minute they are next sent: the next 21:00 in the profile's zone", async () => {
    const { user } = await reminded("Ann");
    expect(await nextDueOf(user)).toBe(next2100());
  });

  it("moves that minute with the profile's zone when the profile changes it", async () => {
    const { user } = await reminded("Ann");
    const profile = {
      email: user.email,
      name: user.name,
      username: user.username,
      dateOfBirth: null,
      accentColor: "orange",
    };
    const res = await send(
      "PUT",
      `${AUTH}/api/user/profile`,
      { ...profile, timeZone: "Pacific/Kiritimati" },
      bearer(user.token),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    // The next 21:00 in Kiritimati (UTC+14): 07:00Z, within a day of now.
    const due = await nextDueOf(user);
    expect(new Date(due).toISOString().slice(11)).toBe("07:00:00.000Z");
    expect(due).toBeGreaterThan(Date.now() - 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 86_400_000);
  });

  it("sends nothing before the minute, the daily reminder in it, and moves next_due a day on", async () => {
    const { user, endpoint, browser } = await reminded("Ann");
    const at = await nextDueOf(user);
    expect(await runReminders(env, at - 1)).toEqual({ accounts: 0, claimed: 0, sent: 0, gone: 0, failed: 0 });
    expect(service.received).toHaveLength(0);
    expect(await runReminders(env, at + 30_000)).toEqual({ accounts: 1, claimed: 1, sent: 1, gone: 0, failed: 0 });
    expect(service.received.map((r) => r.url)).toEqual([endpoint]);
    const day = new Date(at).toLocaleDateString("en-CA", { timeZone: BERLIN });
    // What the browser reads, decrypted with its private key by http_ece: the words, Today's address, the actions.
    const words = ece.decrypt(Buffer.from(service.received[0]?.body ?? []), {
      version: "aes128gcm",
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    expect(JSON.parse(words.toString("utf8"))).toEqual({
      kind: "daily",
      title: "How was today?",
      body: "Pick a face, or write a line.",
      url: "http://nook.localhost:8787/?mood",
      actions: ["mood", "write"],
      id: `daily:${day}`,
      lang: "en",
    });
    expect(await count("reminders_sent", "user_id = ?1 AND occurrence = ?2", user.id, `daily:${day}`)).toBe(1);
    // The next 21:00: a day on, 23, 24 or 25 hours as the clocks say.
    const after = await nextDueOf(user);
    expect(after).toBe(
      wallToInstant(
        BERLIN,
        new Date(at + 86_400_000 + 7_200_000).toLocaleDateString("en-CA", { timeZone: BERLIN }),
        "21:00",
      ),
    );
    expect(await runReminders(env, at + 60_000)).toEqual({ accounts: 0, claimed: 0, sent: 0, gone: 0, failed: 0 });
  });

  it("sends once under two runs at once", async () => {
    const { user } = await reminded("Ann");
    const at = await nextDueOf(user);
    const runs = await Promise.all([runReminders(env, at), runReminders(env, at)]);
    expect(runs.map((r) => r.claimed).sort()).toEqual([0, 1]);
    expect(service.received).toHaveLength(1);
  });

  it("sends once when a run is retried after next_due was put back", async () => {
    const { user } = await reminded("Ann");
    const at = await nextDueOf(user);
    await runReminders(env, at);
    await env.DB.prepare("UPDATE reminder_settings SET next_due = ?1 WHERE user_id = ?2").bind(at, user.id).run();
    expect((await runReminders(env, at)).claimed).toBe(0);
    expect(service.received).toHaveLength(1);
  });

  it("skips the daily reminder when today's mood is logged", async () => {
    const { user } = await reminded("Ann");
    const at = await nextDueOf(user);
    const res = await user.call("POST", "/entries", {
      text: "x",
      date: new Date(at - 3_600_000).toISOString(),
      metrics: [{ name: "mood", value: 4 }],
    });
    expect(res.status).toBe(201);
    expect(await runReminders(env, at)).toEqual({ accounts: 1, claimed: 0, sent: 0, gone: 0, failed: 0 });
    expect(service.received).toHaveLength(0);
  });

  it("removes a subscription the push service answers 410 for, and leaves another account's alone", async () => {
    const ann = await reminded("Ann");
    const bob = await reminded("Bob", "21:01");
    const at = await nextDueOf(ann.user);
    const bobDue = await nextDueOf(bob.user);
    service.status = 410;
    expect(await runReminders(env, at)).toEqual({ accounts: 1, claimed: 1, sent: 0, gone: 1, failed: 0 });
    expect(await count("push_subscriptions", "user_id = ?1", ann.user.id)).toBe(0);
    expect(await count("push_subscriptions", "user_id = ?1", bob.user.id)).toBe(1);
    expect(await count("reminders_sent", "user_id = ?1", bob.user.id)).toBe(0);
    expect(await nextDueOf(bob.user)).toBe(bobDue);
    expect(service.received.map((r) => r.url)).toEqual([ann.endpoint]);
  });

  it("leaves a failed push for the next occurrence, not a retry", async () => {
    const { user } = await reminded("Ann");
    const at = await nextDueOf(user);
    service.status = 500;
    expect(await runReminders(env, at)).toEqual({ accounts: 1, claimed: 1, sent: 0, gone: 0, failed: 1 });
    expect(await runReminders(env, at + 60_000)).toEqual({ accounts: 0, claimed: 0, sent: 0, gone: 0, failed: 0 });
    expect(await count("push_subscriptions", "user_id = ?1", user.id)).toBe(1);
  });

  it("works in parts: three accounts due, two a run, the third sent by the next run, none twice", async () => {
    const users = [await reminded("Ann"), await reminded("Bob"), await reminded("Cid")];
    const at = await nextDueOf(users[0]?.user as User);
    expect((await runReminders(env, at, { accounts: 2 })).claimed).toBe(2);
    expect((await runReminders(env, at + 60_000, { accounts: 2 })).claimed).toBe(1);
    expect((await runReminders(env, at + 120_000, { accounts: 2 })).claimed).toBe(0);
    expect(service.received.map((r) => r.url).sort()).toEqual(users.map((u) => u.endpoint).sort());
  });

  it("stops taking accounts when its time is spent: with none to spend, one a run, the rest later", async () => {
    const users = [await reminded("Ann"), await reminded("Bob")];
    const at = await nextDueOf(users[0]?.user as User);
    expect(await runReminders(env, at, { chunk: 1, budgetMs: 0 })).toMatchObject({ accounts: 1, claimed: 1 });
    expect(await runReminders(env, at + 60_000, { chunk: 1, budgetMs: 0 })).toMatchObject({ accounts: 1, claimed: 1 });
    expect(await runReminders(env, at + 120_000, { chunk: 1, budgetMs: 0 })).toMatchObject({ accounts: 0, claimed: 0 });
    expect(service.received).toHaveLength(2);
  });

  it("holds a reminder inside quiet hours (22:00–07:00) to their end, keyed by the day it was for", async () => {
    const { user } = await reminded("Ann", "23:15", { from: "22:00", to: "07:00" });
    const at = await nextDueOf(user);
    // next_due is a 07:00 in Berlin, the morning after the 23:15 it holds.
    const day = new Date(at).toLocaleDateString("en-CA", { timeZone: BERLIN });
    expect(at).toBe(wallToInstant(BERLIN, day, "07:00"));
    const before = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await runReminders(env, at)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await count("reminders_sent", "user_id = ?1 AND occurrence = ?2", user.id, `daily:${before}`)).toBe(1);
  });

  it("skips a held daily reminder when the mood of the day it was for is logged", async () => {
    const { user } = await reminded("Ann", "23:15", { from: "22:00", to: "07:00" });
    const at = await nextDueOf(user);
    // 21:00 the evening before the 07:00 it is sent at: the day the reminder is for.
    const res = await user.call("POST", "/entries", {
      text: "x",
      date: new Date(at - 10 * 3_600_000).toISOString(),
      metrics: [{ name: "mood", value: 3 }],
    });
    expect(res.status).toBe(201);
    expect(await runReminders(env, at)).toMatchObject({ accounts: 1, claimed: 0, sent: 0 });
  });

  it("sends to each of the account's devices", async () => {
    const { user } = await reminded("Ann");
    const other = browserSubscription();
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", other.body), 201);
    const at = await nextDueOf(user);
    expect(await runReminders(env, at)).toEqual({ accounts: 1, claimed: 1, sent: 2, gone: 0, failed: 0 });
  });
});

describe("a streak reminder", () => {
  it("is sent for a chosen item at risk today, as Today says, and not for one kept today", async () => {
    const user = await signedInUser("Ann");
    await env.DB.prepare("UPDATE users SET time_zone = ?1 WHERE id = ?2").bind(BERLIN, user.id).run();
    const stack = await (await user.call("POST", "/stacks", { name: "Habits" })).json<{ id: number }>();
    const item = async (title: string, tag: string) =>
      (
        await (
          await user.call("POST", "/stack-items", {
            stackId: stack.id,
            title,
            type: "streaks",
            config: { filter: [{ name: tag }] },
          })
        ).json<{ id: number }>()
      ).id;
    const runs = await item("Runs", "run");
    const tea = await item("Tea", "tea");
    const settings = {
      daily: null,
      streaks: { time: "20:00", items: [runs, tea] },
      birthdays: false,
      deadlines: false,
      events: false,
      quiet: null,
    };
    await bodyOf(await pushCall(user, "PUT", "/reminders", settings), 200);
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", browserSubscription().body), 201);
    const at = await nextDueOf(user);
    const day = new Date(at).toLocaleDateString("en-CA", { timeZone: BERLIN });
    // Local midnights of the reminder's day and the two before it.
    const midnight = (days: number) =>
      wallToInstant(
        BERLIN,
        new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
        "00:00",
      );
    const entry = (date: number, tag: string) =>
      user.call("POST", "/entries", { text: "x", date: new Date(date).toISOString(), tags: [tag] });
    await entry(midnight(-2) + 3_600_000, "run");
    await entry(midnight(-1) + 3_600_000, "run");
    await entry(midnight(-1) + 3_600_000, "tea");
    await entry(midnight(0) + 3_600_000, "tea");
    expect(await runReminders(env, at)).toEqual({ accounts: 1, claimed: 1, sent: 1, gone: 0, failed: 0 });
    const sent = await env.DB.prepare("SELECT occurrence FROM reminders_sent WHERE user_id = ?1").bind(user.id).all();
    expect(sent.results).toEqual([{ occurrence: `streak:${runs}:${day}` }]);
  });
});

describe("POST /api/dev/cron", () => {
  it('is not found where DEV_LOGIN is not "true", and runs nothing', async () => {
    const { user } = await reminded("Ann");
    const at = new Date(await nextDueOf(user)).toISOString();
    const res = await app.request(
      `${ORIGIN}/api/dev/cron`,
      { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify({ at }) },
      { ...env, DEV_LOGIN: "false" },
    );
    expect(res.status).toBe(404);
    const bad = await app.request(
      `${ORIGIN}/api/dev/cron`,
      { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body: '{"at":"tomorrow"}' },
      { ...env, DEV_LOGIN: "false" },
    );
    expect(bad.status).toBe(404);
    expect(await count("reminders_sent")).toBe(0);
    expect(service.received).toHaveLength(0);
  });

  it("runs the reminders' cron as if it were `at`: the daily reminder sent once", async () => {
    const { user } = await reminded("Ann");
    const at = new Date(await nextDueOf(user)).toISOString();
    const first = await bodyOf<{ reminders: { claimed: number; sent: number } }>(
      await pushCall(null, "POST", "/dev/cron", { at }),
      200,
    );
    expect(first.reminders).toEqual({ accounts: 1, claimed: 1, sent: 1, gone: 0, failed: 0 });
    const again = await bodyOf<{ reminders: { claimed: number } }>(
      await pushCall(null, "POST", "/dev/cron", { at }),
      200,
    );
    expect(again.reminders.claimed).toBe(0);
    expect(service.received).toHaveLength(1);
  });

  it("refuses an `at` that is not an ISO date-time, or out of range, in words", async () => {
    for (const at of ["tomorrow", "1999-12-31T23:59:00Z", 5, "x".repeat(5000)]) {
      const res = await pushCall(null, "POST", "/dev/cron", { at });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("At is not valid");
    }
  });
});

describe("birthdays, deadlines and events", () => {
  const ON = { daily: null, streaks: null, birthdays: true, deadlines: true, events: true, quiet: null };
  /** The local day `days` from the real now in UTC, "YYYY-MM-DD". */
  const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const minuteNow = () => Math.floor(Date.now() / 60_000) * 60_000;
  /** An account whose profile's zone is UTC, so the test's days are the account's. */
  async function inUtc(name: string) {
    const user = await signedInUser(name);
    await env.DB.prepare("UPDATE users SET time_zone = 'UTC' WHERE id = ?1").bind(user.id).run();
    return user;
  }

  it("are read at once when turned on, then remind at 09:00 on the day, opening the person, in the device's language", async () => {
    const user = await inUtc("Ann");
    await bodyOf(await pushCall(user, "PUT", "/reminders", ON), 200);
    // Turned on: due this minute, for the cron to read the account's data.
    expect(await nextDueOf(user)).toBeLessThanOrEqual(minuteNow());
    const tomorrow = dayFromNow(1);
    const born = `${Number(tomorrow.slice(0, 4)) - 30}${tomorrow.slice(4)}`;
    await bodyOf(
      await pushCall(user, "POST", "/people", {
        name: "Ada",
        email: "ada@example.com",
        birthDate: born,
        tags: ["@ada"],
      }),
      201,
    );
    const browser = browserSubscription();
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", { ...browser.body, lang: "ru" }), 201);
    expect(await runReminders(env, Date.now())).toMatchObject({ accounts: 1, claimed: 0 });
    // Next due at the birthday's 09:00 in the profile's zone, tomorrow.
    const at = Date.parse(`${tomorrow}T09:00:00Z`);
    expect(await nextDueOf(user)).toBe(at);
    expect(await runReminders(env, at)).toEqual({ accounts: 1, claimed: 1, sent: 1, gone: 0, failed: 0 });
    const words = ece.decrypt(Buffer.from(service.received[0]?.body ?? []), {
      version: "aes128gcm",
      privateKey: browser.ecdh,
      authSecret: browser.auth,
    });
    expect(JSON.parse(words.toString("utf8"))).toEqual({
      kind: "birthday",
      title: "День рождения: Ada",
      body: "Сегодня",
      url: "http://people.nook.localhost:8787/?q=Ada",
      tag: "@ada",
      actions: ["write"],
      id: `birthday:${(await env.DB.prepare("SELECT id FROM people WHERE user_id = ?1").bind(user.id).first<number>("id")) ?? 0}:${tomorrow}`,
      lang: "ru",
    });
    expect(await runReminders(env, at)).toMatchObject({ accounts: 0, claimed: 0 });
  });

  it("an event added later brings next_due forward to this minute, and reminds 15 minutes before it starts", async () => {
    const user = await inUtc("Ann");
    await bodyOf(await pushCall(user, "PUT", "/reminders", { ...ON, daily: { time: "21:00" } }), 200);
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", browserSubscription().body), 201);
    await runReminders(env, Date.now());
    const later = await nextDueOf(user);
    expect(later).toBeGreaterThan(minuteNow());
    // An event two days on at 08:30 UTC: the write's trigger makes the account due now.
    const date = dayFromNow(2);
    const { data: made } = await bodyOf<{ data: { id: number } }>(
      await pushCall(user, "POST", "/calendar/events", { title: "Dentist", date, start: "08:30", end: "09:00" }),
      201,
    );
    expect(await nextDueOf(user)).toBeLessThanOrEqual(minuteNow());
    expect(await runReminders(env, Date.now())).toMatchObject({ accounts: 1, claimed: 0 });
    const alarm = Date.parse(`${date}T08:15:00Z`);
    // The daily 21:00 may come first; the event's alarm is within the horizon, so it is next after those.
    let due = await nextDueOf(user);
    while (due < alarm) {
      await runReminders(env, due);
      due = await nextDueOf(user);
    }
    expect(due).toBe(alarm);
    const before = service.received.length;
    expect(await runReminders(env, alarm)).toMatchObject({ accounts: 1, claimed: 1, sent: 1 });
    expect(service.received).toHaveLength(before + 1);
    expect(await count("reminders_sent", "user_id = ?1 AND occurrence = ?2", user.id, `event:${made.id}:${date}`)).toBe(
      1,
    );
  });

  it("a checklist's deadline set later, at the feed's lead time: a day before at 09:00", async () => {
    const user = await inUtc("Ann");
    await bodyOf(await pushCall(user, "PUT", "/reminders", { ...ON, birthdays: false, events: false }), 200);
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", browserSubscription().body), 201);
    const date = dayFromNow(3);
    const deadline = `${date}T12:00:00.000Z`;
    await bodyOf(await pushCall(user, "POST", "/calendar/feed", { deadlines: 900 }), 201);
    const { data: list } = await bodyOf<{ data: { id: number } }>(
      await pushCall(user, "POST", "/steps", { name: "Taxes" }),
      201,
    );
    await runReminders(env, Date.now());
    await bodyOf(await pushCall(user, "PUT", `/steps/${list.id}`, { id: list.id, name: "Taxes", deadline }), 200);
    expect(await nextDueOf(user)).toBeLessThanOrEqual(minuteNow());
    // The horizon is two days: first the account is reached again at its end, then at the alarm.
    let due = minuteNow();
    const alarm = Date.parse(`${dayFromNow(2)}T09:00:00Z`);
    for (let i = 0; i < 3 && due < alarm; i++) {
      await runReminders(env, Math.max(due, Date.now()));
      due = await nextDueOf(user);
    }
    expect(due).toBe(alarm);
    expect(await runReminders(env, alarm)).toMatchObject({ claimed: 1, sent: 1 });
  });
});

describe("a run over many accounts", () => {
  it("takes them a chunk at a time, and leaves a chunk whole for the next run when its pushes would pass the run's", async () => {
    const users = [await reminded("Ann"), await reminded("Bob"), await reminded("Cid")];
    const at = await nextDueOf(users[0]?.user as User);
    expect(await runReminders(env, at, { chunk: 2, sends: 2 })).toEqual({
      accounts: 2,
      claimed: 2,
      sent: 2,
      gone: 0,
      failed: 0,
    });
    expect(await count("reminders_sent")).toBe(2);
    expect(await runReminders(env, at + 60_000, { chunk: 2, sends: 2 })).toMatchObject({ accounts: 1, sent: 1 });
    expect(service.received.map((r) => r.url).sort()).toEqual(users.map((u) => u.endpoint).sort());
  });
});
