import { env } from "cloudflare:test";
import { addDays, todayIn } from "@nook/shared/common/calendar-date";
import { startOfLocalDay } from "@nook/shared/common/time-zone";
import { MOON_PHASES } from "@nook/shared/lupileon/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { calendarCall } from "../calendar/test-calls.ts";
import { peopleCall } from "../people/test-calls.ts";
import { bearer, bodyOf, ORIGIN, resetDb, send, signedInUser } from "../test/helpers.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

/** Ann's today in a zone, and the first instant of a day counted from it. */
const ZONE = "Pacific/Kiritimati";
const today = () => todayIn(ZONE);
const midnight = (daysFromToday: number) => {
  const [y, m, d] = addDays(today(), daysFromToday).split("-").map(Number) as [number, number, number];
  return startOfLocalDay(y, m, d, ZONE);
};
const iso = (ms: number) => new Date(ms).toISOString();

interface Today {
  date: string;
  timeZone: string;
  birthdays: { date: string; inDays: number; name: string; age: number; tag: string }[];
  deadlines: { name: string; date: string; inDays: number; totalItems: number; completedItems: number }[];
  timer: { text: string } | null;
  streaksAtRisk: { stackName: string; title: string; length: number; more: boolean }[];
  journal: { entries: number; mood: number | null };
  events: { title: string; start: string | null }[];
  moon: { phase: string };
}
const todayOf = async (user: User, tz: string | null = ZONE) =>
  bodyOf<Today>(await send("GET", `${ORIGIN}/api/today${tz ? `?tz=${tz}` : ""}`, undefined, bearer(user.token)), 200);
const person = (name: string, birthDate: string, tags: string[] = []) =>
  peopleCall(ann, "POST", "", { name, email: "p@example.org", birthDate, tags });
const entry = (date: number, body: object = {}) =>
  ann.call("POST", "/entries", { text: "x", date: iso(date), ...body });

describe("GET /api/today", () => {
  it("is the profile's today when no zone is given, and empty for a new account", async () => {
    const got = await todayOf(ann, null);
    expect(got).toMatchObject({
      date: todayIn("Europe/Moscow"),
      timeZone: "Europe/Moscow",
      birthdays: [],
      deadlines: [],
      timer: null,
      streaksAtRisk: [],
      journal: { entries: 0, mood: null },
      events: [],
    });
    expect(MOON_PHASES).toContain(got.moon.phase);
    // The same day's name as the birth-date insights give it.
    const moon = await bodyOf<{ phaseName: string }>(
      await send("GET", `${ORIGIN}/api/lupileon/moon/${got.date}?tz=Europe/Moscow`, undefined, bearer(ann.token)),
      200,
    );
    expect(got.moon.phase).toBe(moon.phaseName);
  });

  it("counts today's entries from the local midnight, not the one before, and gives the latest mood", async () => {
    await entry(midnight(0) - 1, { metrics: [{ name: "mood", value: 1 }] });
    expect((await todayOf(ann)).journal).toEqual({ entries: 0, mood: null });
    await entry(midnight(0));
    expect((await todayOf(ann)).journal).toEqual({ entries: 1, mood: null });
    await entry(midnight(0) + 1000, { text: "", metrics: [{ name: "mood", value: 4 }] });
    await entry(midnight(0) + 2000, { metrics: [{ name: "energy", value: 2 }] });
    expect((await todayOf(ann)).journal).toEqual({ entries: 3, mood: 4 });
  });

  it("gives the birthdays of today and the next 7 days, with the age turned and the tag to write about them", async () => {
    const t = today();
    const year = (d: string, y: number) => `${y}${d.slice(4)}`;
    await person("Yesterday", year(addDays(t, -1), 1990));
    await person("Ada", year(t, 1990), ["@ada", "math"]);
    await person("Week", year(addDays(t, 7), 2000));
    await person("Eight", year(addDays(t, 8), 2000));
    const { birthdays } = await todayOf(ann);
    const turned = (born: number, d: string) => Number(d.slice(0, 4)) - born;
    expect(birthdays).toEqual([
      { date: t, inDays: 0, personId: expect.any(Number), name: "Ada", age: turned(1990, t), tag: "@ada" },
      {
        date: addDays(t, 7),
        inDays: 7,
        personId: expect.any(Number),
        name: "Week",
        age: turned(2000, addDays(t, 7)),
        tag: "@week",
      },
    ]);
  });

  it("lists deadlines overdue, due today or within 3 days, unfinished, soonest first", async () => {
    const list = async (name: string, deadline: number, content = "- [ ] one\n- [x] two") => {
      const made = await (await send("POST", `${ORIGIN}/api/steps`, { name }, bearer(ann.token))).json<{
        data: { id: number };
      }>();
      const res = await send(
        "PUT",
        `${ORIGIN}/api/steps/${made.data.id}`,
        { id: made.data.id, name, content, deadline: iso(deadline) },
        bearer(ann.token),
      );
      expect(res.status).toBe(200);
    };
    await list("Overdue", midnight(0) - 1);
    await list("Done", midnight(1) - 1, "- [x] all");
    await list("In three", midnight(4) - 1);
    await list("In four", midnight(4));
    const { deadlines } = await todayOf(ann);
    expect(deadlines.map((d) => [d.name, d.inDays, d.date, d.completedItems, d.totalItems])).toEqual([
      ["Overdue", -1, addDays(today(), -1), 1, 2],
      ["In three", 3, addDays(today(), 3), 1, 2],
    ]);
  });

  it("gives the unfinished timer, today's own events, and a streak that ends tonight without an entry", async () => {
    await ann.call("POST", "/timer", { text: "Reading", tags: [], initAt: iso(Date.now()) });
    await calendarCall(ann, "POST", "/events", {
      title: "Gym",
      date: addDays(today(), -7),
      start: "18:00",
      end: "19:00",
      repeat: "weekly",
    });
    await calendarCall(ann, "POST", "/events", { title: "Tomorrow", date: addDays(today(), 1) });
    const stack = await (await ann.call("POST", "/stacks", { name: "Habits" })).json<{ id: number }>();
    await ann.call("POST", "/stack-items", {
      stackId: stack.id,
      title: "Runs",
      type: "streaks",
      config: { filter: [{ name: "run" }] },
    });
    await entry(midnight(-2) + 3_600_000, { tags: ["run"] });
    await entry(midnight(-1) + 3_600_000, { tags: ["run"] });
    const got = await todayOf(ann);
    expect(got.timer).toMatchObject({ text: "Reading" });
    expect(got.events).toEqual([
      {
        date: today(),
        eventId: expect.any(Number),
        title: "Gym",
        start: "18:00",
        end: "19:00",
        repeat: "weekly",
        continued: false,
      },
    ]);
    expect(got.streaksAtRisk).toEqual([
      {
        stackId: stack.id,
        stackName: "Habits",
        itemId: expect.any(Number),
        title: "Runs",
        length: 2,
        more: false,
        goal: null,
      },
    ]);
    // A run today keeps it: no longer at risk.
    await entry(midnight(0), { tags: ["run"] });
    expect((await todayOf(ann)).streaksAtRisk).toEqual([]);
  });

  it("gives an event begun yesterday that runs over midnight into today, in the zones furthest east and west", async () => {
    for (const zone of [ZONE, "Pacific/Pago_Pago"]) {
      await resetDb();
      ann = await signedInUser("Ann");
      const t = todayIn(zone);
      const night = (title: string, date: string, start: string, end: string) =>
        calendarCall(ann, "POST", "/events", { title, date, start, end });
      await night("Night shift", addDays(t, -1), "22:00", "06:00");
      await night("Until midnight", addDays(t, -1), "22:00", "00:00");
      await night("Two days ago", addDays(t, -2), "22:00", "06:00");
      await night("Tonight", t, "23:00", "01:00");
      // Born today: no birthday on the day of birth.
      await person("Newborn", t);
      const got = await todayOf(ann, zone);
      expect(got.date).toBe(t);
      expect(got.events.map((e) => [e.title, e.start, (e as { continued?: boolean }).continued])).toEqual([
        ["Night shift", "22:00", true],
        ["Tonight", "23:00", false],
      ]);
      expect(got.birthdays).toEqual([]);
    }
  });

  it("counts a streak up to a year, and says a longer one is longer", async () => {
    const stack = await (await ann.call("POST", "/stacks", { name: "Habits" })).json<{ id: number }>();
    await ann.call("POST", "/stack-items", {
      stackId: stack.id,
      title: "Tea",
      type: "streaks",
      config: { filter: [{ name: "tea" }] },
    });
    // One a day at noon for `days` days, ending yesterday: written straight to D1, as an import's rows are.
    await entry(midnight(-500), { tags: ["tea"] });
    const tea = await env.DB.prepare("SELECT id FROM tags WHERE user_id = ? AND name = 'tea'")
      .bind(ann.id)
      .first<{ id: number }>();
    const teaDays = async (days: number) => {
      await env.DB.prepare("DELETE FROM entries WHERE user_id = ? AND date > ?").bind(ann.id, midnight(-450)).run();
      for (let from = 1; from <= days; from += 50) {
        const batch = [];
        for (let d = from; d < Math.min(from + 50, days + 1); d++) {
          const date = midnight(-d) + 12 * 3_600_000;
          batch.push(
            env.DB.prepare(
              "INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, 'tea', ?, ?, ?)",
            ).bind(ann.id, date, date, `tea${d}`),
            env.DB.prepare(
              "INSERT INTO entry_tags (entry_id, tag_id) SELECT id, ? FROM entries WHERE user_id = ? AND fingerprint = ?",
            ).bind(tea?.id, ann.id, `tea${d}`),
          );
        }
        await env.DB.batch(batch);
      }
    };
    const streak = async () => (await todayOf(ann)).streaksAtRisk.map((s) => [s.title, s.length, s.more]);
    await teaDays(300);
    expect(await streak()).toEqual([["Tea", 300, false]]);
    await teaDays(365);
    expect(await streak()).toEqual([["Tea", 365, false]]);
    await teaDays(400);
    expect(await streak()).toEqual([["Tea", 365, true]]);
  });

  it("shows Bob nothing of Ann's", async () => {
    const bob = await signedInUser("Bob");
    await person("Ada", `1990${today().slice(4)}`);
    await entry(midnight(0), { metrics: [{ name: "mood", value: 5 }] });
    await calendarCall(ann, "POST", "/events", { title: "Ann's", date: today() });
    await ann.call("POST", "/timer", { text: "Ann's", tags: [], initAt: iso(Date.now()) });
    expect(await todayOf(bob)).toMatchObject({
      birthdays: [],
      deadlines: [],
      timer: null,
      streaksAtRisk: [],
      journal: { entries: 0, mood: null },
      events: [],
    });
    expect((await todayOf(ann)).journal).toEqual({ entries: 1, mood: 5 });
  });

  it("refuses a zone that is not one, and answers 401 signed out", async () => {
    const res = await send("GET", `${ORIGIN}/api/today?tz=Mars/Olympus`, undefined, bearer(ann.token));
    expect(res.status).toBe(400);
    expect((await send("GET", `${ORIGIN}/api/today`)).status).toBe(401);
  });
});
