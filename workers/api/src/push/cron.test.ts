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

/** An account in Berlin with a daily reminder at `time` and one browser subscribed: its endpoint. */
async function reminded(name: string, time = "21:00") {
  const user = await signedInUser(name);
  await env.DB.prepare("UPDATE users SET time_zone = ?1 WHERE id = ?2").bind(BERLIN, user.id).run();
  const settings = { daily: { time }, streaks: null, birthdays: false, deadlines: false, events: false, quiet: null };
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
    const user = await signedInUser("Ann");
    await env.DB.prepare("UPDATE users SET time_zone = ?1 WHERE id = ?2").bind(BERLIN, user.id).run();
    const settings = {
      daily: { time: "23:15" },
      streaks: null,
      birthdays: false,
      deadlines: false,
      events: false,
      quiet: { from: "22:00", to: "07:00" },
    };
    await bodyOf(await pushCall(user, "PUT", "/reminders", settings), 200);
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", browserSubscription().body), 201);
    const at = await nextDueOf(user);
    // next_due is a 07:00 in Berlin, the morning after the 23:15 it holds.
    const day = new Date(at).toLocaleDateString("en-CA", { timeZone: BERLIN });
    expect(at).toBe(wallToInstant(BERLIN, day, "07:00"));
    const before = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await runReminders(env, at)).toMatchObject({ claimed: 1, sent: 1 });
    expect(await count("reminders_sent", "user_id = ?1 AND occurrence = ?2", user.id, `daily:${before}`)).toBe(1);
  });

  it("skips a held daily reminder when the mood of the day it was for is logged", async () => {
    const user = await signedInUser("Ann");
    await env.DB.prepare("UPDATE users SET time_zone = ?1 WHERE id = ?2").bind(BERLIN, user.id).run();
    const settings = {
      daily: { time: "23:15" },
      streaks: null,
      birthdays: false,
      deadlines: false,
      events: false,
      quiet: { from: "22:00", to: "07:00" },
    };
    await bodyOf(await pushCall(user, "PUT", "/reminders", settings), 200);
    await bodyOf(await pushCall(user, "POST", "/push/subscriptions", browserSubscription().body), 201);
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
