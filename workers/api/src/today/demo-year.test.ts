import { env, SELF } from "cloudflare:test";
import { STACK_ITEM_TYPES, type StackItemType } from "@nook/shared/stacks/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { demoYear, writeDemoYear } from "../../../../scripts/demo/year.ts";
import { openDb } from "../platform/db.ts";
import { AUTH, bearer, bodyOf, createUser, ORIGIN, resetDb, send } from "../test/helpers.ts";

/**
 * The demo's lived-in year (scripts/demo/year.ts, README "The demo"), written into this D1 as `npm start`
 * writes it: the demo signs in and finds every section of Today filled and every item type on its stacks;
 * the same today gives the same rows; and the year's days move with today.
 */

const DEMO_EMAIL = "demo@nook.localhost";
const DAY = 86_400_000;

beforeEach(resetDb);

/** The demo account (the e-mail the dev sign-in knows), its year written for `now` in `timeZone`. */
async function demoWithYear(now: number, timeZone: string, email = DEMO_EMAIL) {
  const user = await createUser(email === DEMO_EMAIL ? "Demo" : "Other", { email, timeZone: null });
  const written = await writeDemoYear(openDb(env.DB), user.id, demoYear({ now, timeZone }));
  return { ...user, written };
}

/** Signs in as the demo without a password, as /yalogin does (DEV_LOGIN is "true" in these tests). */
async function demoToken(): Promise<string> {
  return (await bodyOf<{ token: string }>(await SELF.fetch(`${AUTH}/api/prodyalogin`), 200)).token;
}

const journal = (token: string, method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api/journal${path}`, body, { ...bearer(token), Origin: ORIGIN });

interface Stack {
  id: number;
  name: string;
  items: {
    title: string;
    type: StackItemType;
    uptimeOnly: boolean;
    tagsSign: "&&" | "||";
    config: { filter: { not: boolean; name: string }[]; timeRange: string | null; metricId: number | null };
  }[];
}

/** Whether an item's statistic, as its stack page asks for it, shows something. */
function shows(type: StackItemType, data: Record<string, unknown>): boolean {
  switch (type) {
    case "list":
    case "max":
    case "min":
      return (data.entries as unknown[]).length > 0;
    case "time since":
      return data.date !== null;
    case "top time between":
      return (data as unknown as unknown[]).length > 0;
    case "sum":
    case "avg":
      return typeof data.value === "number" && data.value > 0;
    case "velocity":
      return (data.count as number) > 0;
    case "streaks":
      return (data.currentStreak as { length: number }).length > 0;
    case "calendar":
      return Object.keys(data.counts as object).length > 0;
  }
}

describe("the demo's year, signed in as the demo", () => {
  it.each(["Pacific/Kiritimati", "America/Los_Angeles"])(
    "fills every section of Today and uses every item type, each showing something (%s)",
    async (timeZone) => {
      const { written } = await demoWithYear(Date.now(), timeZone);
      expect(written).toMatchObject({ people: 25, checklists: 4, stacks: 3, stackItems: 16 });
      expect(written.entries).toBeGreaterThan(950);
      expect(written.entries).toBeLessThan(1100);
      const token = await demoToken();

      const today = await bodyOf<{
        timeZone: string;
        birthdays: { name: string; inDays: number; age: number }[];
        deadlines: { name: string; inDays: number }[];
        timer: { text: string } | null;
        streaksAtRisk: { stackName: string; title: string; length: number }[];
        journal: { entries: number; mood: number | null };
        events: { title: string }[];
        moon: { phase: string };
      }>(await send("GET", `${ORIGIN}/api/today`, undefined, bearer(token)), 200);
      // The profile's zone is the one the year was written in.
      expect(today.timeZone).toBe(timeZone);
      expect(today.birthdays).toEqual([expect.objectContaining({ name: "Anna Petrova", inDays: 2 })]);
      expect(today.deadlines).toEqual([expect.objectContaining({ name: "Trip to the coast", inDays: 2 })]);
      expect(today.timer?.text).toBe("Focus: the quarterly plan");
      // The meditation streak runs to yesterday, 23 days at least, with nothing yet today.
      expect(today.streaksAtRisk).toEqual([
        expect.objectContaining({ stackName: "Health", title: "Meditation streak", length: expect.any(Number) }),
      ]);
      expect(today.streaksAtRisk[0]?.length).toBeGreaterThanOrEqual(23);
      expect(today.journal).toEqual({ entries: 4, mood: 4 });
      // The rent's monthly day joins them on the 1st.
      expect(today.events.map((e) => e.title)).toEqual(expect.arrayContaining(["Dentist", "Yoga class"]));
      expect(today.moon.phase).toEqual(expect.any(String));

      const list = await bodyOf<{ id: number }[]>(await journal(token, "GET", "/stacks"), 200);
      const stacks = await Promise.all(
        list.map(async (s) => bodyOf<Stack>(await journal(token, "GET", `/stacks/${s.id}`), 200)),
      );
      expect(stacks.map((s) => s.name)).toEqual(["Health", "Habits", "People"]);
      const items = stacks.flatMap((s) => s.items);
      expect(new Set(items.map((i) => i.type))).toEqual(new Set(STACK_ITEM_TYPES));
      expect(items.map((i) => i.title)).toContain("Meditation, 5 days a week");
      for (const item of items) {
        const data = await bodyOf<Record<string, unknown>>(
          await journal(token, "POST", "/stack-item-data", {
            type: item.type,
            uptimeOnly: item.uptimeOnly,
            tagsSign: item.tagsSign,
            config: item.config,
          }),
          200,
        );
        expect(shows(item.type, data), `${item.title} (${item.type}) shows something`).toBe(true);
        // The weekly goal: the daily streak's weeks (23 days and more, to yesterday) met it, three at least.
        if (item.title === "Meditation, 5 days a week") {
          expect(data.goal).toMatchObject({ times: 5, per: "week" });
          expect((data.currentStreak as { length: number }).length).toBeGreaterThanOrEqual(3);
        }
      }
    },
  );

  it("holds the people, checklists, the timer's saves, two runs, events, a donation page and a finished import", async () => {
    await demoWithYear(Date.now(), "Europe/Berlin");
    const token = await demoToken();
    const get = async <T>(path: string) =>
      bodyOf<T>(await send("GET", `${ORIGIN}/api${path}`, undefined, { ...bearer(token), Origin: ORIGIN }), 200);
    const people = await get<{ name: string }[]>("/people");
    expect(people.length).toBe(25);
    const stats = await get<{ count: number; others: number }>("/journal/timer/stats");
    expect(stats.count).toBeGreaterThan(10);
    const runs = await get<{ text: string }[]>("/journal/entries?tag=run");
    expect(runs.map((e) => e.text)).toEqual([
      "Run: 8.03 km in 00:44:31, pace 5:33 /km",
      "Run: 5.21 km in 00:29:14, pace 5:37 /km",
    ]);
    const donate = await get<{ donatePageTitle: string }>("/donate/info");
    expect(donate.donatePageTitle).toBe("Buy me a coffee");
    const imports = await get<{ format: string; state: string; added: Record<string, number> }[]>("/user/imports");
    expect(imports).toEqual([
      expect.objectContaining({ format: "daylio", state: "done", added: expect.objectContaining({ tags: 0 }) }),
    ]);
    // What the run says it added is what carries its id.
    const carried = await env.DB.prepare("SELECT count(*) AS n FROM entries WHERE import_id IS NOT NULL").first<{
      n: number;
    }>();
    expect(imports[0]?.added.entries).toBe(carried?.n);
    // Some of the year is in Russian.
    const russian = await env.DB.prepare("SELECT count(*) AS n FROM entries WHERE text GLOB '*[а-я]*'").first<{
      n: number;
    }>();
    expect(russian?.n).toBeGreaterThan(20);
  });
});

/** A user's rows in each table the year writes, their ids and the user's left out: what two writes compare by. */
async function rowsOf(userId: number) {
  const read = async (sql: string) => (await env.DB.prepare(sql).bind(userId).all()).results;
  return {
    entries: await read(
      `SELECT text, date, modified_at, fingerprint, asleep, asleep_after, awake_at, import_mark,
         (SELECT group_concat(t.name, ',') FROM entry_tags et JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id) AS tags,
         (SELECT group_concat(m.name || '=' || em.value, ',') FROM entry_metrics em JOIN metrics m ON m.id = em.metric_id
           WHERE em.entry_id = e.id) AS metrics
       FROM entries e WHERE user_id = ?1 ORDER BY date, id`,
    ),
    tags: await read("SELECT name, use_count, last_used_at FROM tags WHERE user_id = ?1 ORDER BY name"),
    people: await read("SELECT name, email, birth_date, birth_month_day FROM people WHERE user_id = ?1 ORDER BY id"),
    steps: await read(
      "SELECT name, content, total_items, completed_items, deadline FROM steps WHERE user_id = ?1 ORDER BY id",
    ),
    items: await read(
      `SELECT s.name, i.title, i.type, i.tags_sign, i.uptime_only, i.position, json_extract(i.config, '$.filter') AS filter
       FROM stack_items i JOIN stacks s ON s.id = i.stack_id WHERE i.user_id = ?1 ORDER BY i.id`,
    ),
    timers: await read(
      "SELECT text, started_at, paused_at, complete, (SELECT date FROM entries WHERE id = entry_id) AS saved FROM timers WHERE user_id = ?1 ORDER BY id",
    ),
    events: await read(`SELECT title, date, "start", "end", "repeat" FROM events WHERE user_id = ?1 ORDER BY id`),
    imports: await read("SELECT format, state, started_at, summary FROM imports WHERE user_id = ?1"),
  };
}

describe("the demo's year for a fixed today", () => {
  // Tuesday 10 March 2026, 10:30 in Berlin (UTC+1 until the 29th).
  const NOW = Date.UTC(2026, 2, 10, 9, 30);
  const ZONE = "Europe/Berlin";

  it("is the same rows every time it is written for the same today", async () => {
    const first = await demoWithYear(NOW, ZONE);
    const second = await demoWithYear(NOW, ZONE, "again@nook.localhost");
    const [a, b] = [await rowsOf(first.id), await rowsOf(second.id)];
    expect(a.entries.length).toBe(first.written.entries);
    expect(b).toEqual(a);
    expect(demoYear({ now: NOW, timeZone: ZONE })).toEqual(demoYear({ now: NOW, timeZone: ZONE }));
  });

  it("counts its days from today in the profile's zone", () => {
    const plan = demoYear({ now: NOW, timeZone: ZONE });
    expect(plan.today).toBe("2026-03-10");
    // Anna's birthday two days on; the trip's checklist due then at 18:00 Berlin, 17:00 UTC.
    expect(plan.people[0]).toMatchObject({ name: "Anna Petrova", birthDate: "1988-03-12" });
    expect(plan.checklists[0]).toMatchObject({ name: "Trip to the coast", deadline: Date.UTC(2026, 2, 12, 17, 0) });
    // The weekly class began 20 weeks ago, a Tuesday like today.
    expect(plan.events[0]).toMatchObject({ title: "Yoga class", date: "2025-10-21", repeat: "weekly" });
    // The timer runs from 25 minutes ago; the last entry is today's mood, at 0.9 of the day so far (9 h 27 min
    // after Berlin's midnight, 23:00 UTC the day before); nothing is in the future.
    expect(plan.timers.at(-1)).toMatchObject({ startedAt: Date.UTC(2026, 2, 10, 9, 5), savedAt: null });
    expect(plan.entries.at(-1)).toMatchObject({ text: "Feeling good today", date: Date.UTC(2026, 2, 10, 8, 27) });
    // The first day is 364 days back: 11 March 2025, in Berlin's winter time.
    expect(plan.entries[0]?.date).toBeGreaterThanOrEqual(Date.UTC(2025, 2, 10, 23, 0));
    expect(plan.entries[0]?.date).toBeLessThan(Date.UTC(2025, 2, 11, 23, 0));
  });

  it("moves with today: a week later, every entry a week later and the birthday and deadline with them", () => {
    // In UTC a week is 7 × 24 hours whatever the season, and a week keeps the weekdays the year is drawn on.
    const now = Date.UTC(2026, 6, 1, 12, 0);
    const [before, after] = [now, now + 7 * DAY].map((n) => demoYear({ now: n, timeZone: "UTC" })) as [
      ReturnType<typeof demoYear>,
      ReturnType<typeof demoYear>,
    ];
    expect([before.today, after.today]).toEqual(["2026-07-01", "2026-07-08"]);
    expect(after.entries).toEqual(before.entries.map((e) => ({ ...e, date: e.date + 7 * DAY })));
    expect([before.people[0]?.birthDate, after.people[0]?.birthDate]).toEqual(["1988-07-03", "1988-07-10"]);
    expect([before.checklists[0]?.deadline, after.checklists[0]?.deadline]).toEqual([
      Date.UTC(2026, 6, 3, 18, 0),
      Date.UTC(2026, 6, 10, 18, 0),
    ]);
    expect(after.timers.at(-1)?.startedAt).toBe(now + 7 * DAY - 25 * 60_000);
  });
});
