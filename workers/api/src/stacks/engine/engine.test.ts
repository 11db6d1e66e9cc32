import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../test/helpers.ts";
import { MetricNotFound } from "./index.ts";
import { type TestEntry, userWithEntries } from "./test-entries.ts";

// Every statistic on hand-built entry sets with answers worked out by hand.
beforeEach(resetDb);

const BERLIN = { timeZone: "Europe/Berlin", now: Date.parse("2026-11-22T12:00:00Z") }; // Sunday, 13:00 CET
const UTC = { timeZone: "UTC", now: Date.parse("2026-11-22T12:00:00Z") };

describe("streaks", () => {
  it("finds runs of local days across a DST change and a month boundary, alive through yesterday", async () => {
    const x = (date: string): TestEntry => ({ date, tags: ["x"] });
    const u = await userWithEntries("Ann", [
      // Berlin leaves DST on 25 October at 01:00 UTC.
      x("2026-10-24T22:30:00Z"), // 25 Oct 00:30 CEST — the 24th in UTC, or at a fixed +1
      x("2026-10-25T23:30:00Z"), // 26 Oct 00:30 CET
      x("2026-10-26T12:00:00Z"), // 26 Oct, the day's latest
      x("2026-10-30T10:00:00Z"),
      x("2026-10-31T10:00:00Z"),
      x("2026-11-01T10:00:00Z"),
      x("2026-11-02T10:00:00Z"),
      x("2026-11-10T10:00:00Z"),
      x("2026-11-19T10:00:00Z"),
      x("2026-11-20T10:00:00Z"),
      x("2026-11-21T09:00:00Z"),
      x("2026-11-21T09:00:00Z"), // a tie on the last day: the later id ends the streak
      { date: "2026-11-22T10:00:00Z", tags: ["y"] }, // today, but not a match
    ]);
    const s = await u.stat({ type: "streaks", tags: "x" }, BERLIN);
    expect(s.currentStreak).toEqual({ length: 3 });
    expect(s.currentStreakDateFrom).toBe("2026-11-19");
    expect(s.daysSinceLastEntry).toBe(1);
    expect(s.topStreaks).toEqual([
      { length: 4, startDate: "2026-10-30", endDate: "2026-11-02", endEntryId: u.ids[6], isCurrent: false },
      { length: 3, startDate: "2026-11-19", endDate: "2026-11-21", endEntryId: u.ids[11], isCurrent: true },
      { length: 2, startDate: "2026-10-25", endDate: "2026-10-26", endEntryId: u.ids[2], isCurrent: false },
      { length: 1, startDate: "2026-11-10", endDate: "2026-11-10", endEntryId: u.ids[7], isCurrent: false },
    ]);
    // 24 October … 22 November, oldest first.
    const on = new Set([1, 2, 6, 7, 8, 9, 17, 26, 27, 28]);
    expect(s.lastDays).toEqual(Array.from({ length: 30 }, (_, i) => on.has(i)));
  });

  it("has no current streak when the last match is two days old, and counts today as day 0", async () => {
    const u = await userWithEntries("Ann", [
      { date: "2026-11-19T10:00:00Z", tags: ["x"] },
      { date: "2026-11-20T10:00:00Z", tags: ["x"] },
      { date: "2026-11-22T11:00:00Z", tags: ["z"] },
    ]);
    const s = await u.stat({ type: "streaks", tags: "x" }, UTC);
    expect(s).toMatchObject({ currentStreak: { length: 0 }, currentStreakDateFrom: null, daysSinceLastEntry: 2 });
    expect(s.topStreaks[0]).toMatchObject({ length: 2, isCurrent: false });
    const z = await u.stat({ type: "streaks", tags: "z" }, UTC);
    expect(z).toMatchObject({
      currentStreak: { length: 1 },
      currentStreakDateFrom: "2026-11-22",
      daysSinceLastEntry: 0,
    });
  });
});

describe("filters", () => {
  it("combines tags with && and ||, and negation removes", async () => {
    const u = await userWithEntries("Ann", [
      { date: "2026-11-01T00:00:00Z", tags: ["a"] },
      { date: "2026-11-02T00:00:00Z", tags: ["a", "b"] },
      { date: "2026-11-03T00:00:00Z", tags: ["b"] },
      { date: "2026-11-04T00:00:00Z", tags: ["a", "c"] },
      { date: "2026-11-05T00:00:00Z", tags: ["c"] },
      { date: "2026-11-06T00:00:00Z", tags: [] },
    ]);
    const ids = async (tags: string, tagsSign: "&&" | "||" = "&&") =>
      (await u.stat({ type: "list", tags, tagsSign }, UTC)).entries.map((e) => u.ids.indexOf(e.id) + 1).sort();
    expect(await ids("a b")).toEqual([2]);
    expect(await ids("a b", "||")).toEqual([1, 2, 3, 4]);
    expect(await ids("a !c")).toEqual([1, 2]);
    expect(await ids("a c !b", "||")).toEqual([1, 4, 5]);
    expect(await ids("!a")).toEqual([3, 5, 6]);
    expect(await ids("a zzz")).toEqual([]);
    expect(await ids("a zzz", "||")).toEqual([1, 2, 4]);
    expect(await ids("a !zzz")).toEqual([1, 2, 4]);
  });

  it("starts every range at its edge in the user's zone and never counts the future", async () => {
    const at = (date: string): TestEntry => ({ date, tags: ["t"] });
    const u = await userWithEntries("Ann", [
      at("2026-10-31T22:59:59.999Z"),
      at("2026-10-31T23:00:00.000Z"), // 1 Nov 00:00 CET: the month
      at("2026-11-15T22:59:59.999Z"),
      at("2026-11-15T23:00:00.000Z"), // Monday 16 Nov 00:00 CET: the week
      at("2026-11-21T11:59:59.999Z"),
      at("2026-11-21T12:00:00.000Z"), // now − 24 h
      at("2026-11-21T22:59:59.999Z"),
      at("2026-11-21T23:00:00.000Z"), // 22 Nov 00:00 CET: today
      at("2026-11-22T12:00:00.000Z"), // now
      at("2026-11-22T12:00:00.001Z"), // the future
    ]);
    const count = async (range: "today" | "24h" | "week" | "month" | null) =>
      (await u.stat({ type: "sum", tags: "t", range }, BERLIN)).value;
    expect(await count("today")).toBe(2);
    expect(await count("24h")).toBe(4);
    expect(await count("week")).toBe(6);
    expect(await count("month")).toBe(8);
    expect(await count(null)).toBe(9);
    expect(await u.stat({ type: "velocity", tags: "t", range: "today" }, BERLIN)).toEqual({
      count: 2,
      dateFrom: "2026-11-21T23:00:00.000Z",
      seconds: 13 * 3600,
    });
  });
});

describe("uptime only", () => {
  const night: TestEntry[] = [
    { date: "2026-11-21T20:00:00Z", tags: ["smoke"] },
    { date: "2026-11-21T23:00:00Z", tags: ["down"] },
    { date: "2026-11-22T03:00:00Z", tags: ["smoke"] }, // asleep
    { date: "2026-11-22T07:00:00Z", tags: ["up"] },
    { date: "2026-11-22T09:00:00Z", tags: ["smoke"] },
  ];

  it("cuts the night out of a gap and leaves out what happened asleep", async () => {
    const u = await userWithEntries("Ann", night);
    expect(await u.stat({ type: "top time between", tags: "smoke" }, UTC)).toEqual([
      { t1: "2026-11-22T03:00:00.000Z", t2: "2026-11-21T20:00:00.000Z", d: 7 * 3600 },
      { t1: "2026-11-22T09:00:00.000Z", t2: "2026-11-22T03:00:00.000Z", d: 6 * 3600 },
    ]);
    expect(await u.stat({ type: "top time between", tags: "smoke", uptimeOnly: true }, UTC)).toEqual([
      { t1: "2026-11-22T09:00:00.000Z", t2: "2026-11-21T20:00:00.000Z", d: 5 * 3600 },
    ]);
    expect(await u.stat({ type: "avg", tags: "smoke" }, UTC)).toEqual({ value: 6.5 * 3600, count: 3, metric: null });
    expect(await u.stat({ type: "avg", tags: "smoke", uptimeOnly: true }, UTC)).toEqual({
      value: 5 * 3600,
      count: 2,
      metric: null,
    });
  });

  it("cuts the night out of velocity's window, and a sleep still going up to now", async () => {
    const u = await userWithEntries("Ann", night);
    expect(await u.stat({ type: "velocity", tags: "smoke" }, UTC)).toEqual({
      count: 3,
      dateFrom: "2026-11-21T20:00:00.000Z",
      seconds: 16 * 3600,
    });
    expect(await u.stat({ type: "velocity", tags: "smoke", uptimeOnly: true }, UTC)).toEqual({
      count: 2,
      dateFrom: "2026-11-21T20:00:00.000Z",
      seconds: 8 * 3600,
    });
    const napping = await userWithEntries("Bob", [
      ...night,
      { date: "2026-11-22T10:00:00Z", tags: ["down"] },
      { date: "2026-11-22T11:00:00Z", tags: ["smoke"] }, // asleep, no up yet
    ]);
    expect(await napping.stat({ type: "velocity", tags: "smoke", uptimeOnly: true }, UTC)).toEqual({
      count: 2,
      dateFrom: "2026-11-21T20:00:00.000Z",
      seconds: 6 * 3600,
    });
    // A range starting inside the night counts only the awake part of it.
    expect(await u.stat({ type: "velocity", tags: "smoke", uptimeOnly: true, range: "today" }, UTC)).toEqual({
      count: 1,
      dateFrom: "2026-11-22T00:00:00.000Z",
      seconds: 5 * 3600,
    });
  });

  it("hides what happened in a sleep that began before the range", async () => {
    const u = await userWithEntries("Ann", [
      { date: "2026-11-10T22:00:00Z", tags: ["down"] }, // twelve days asleep
      { date: "2026-11-15T22:00:00Z", tags: ["down"] },
      { date: "2026-11-22T08:00:00Z", tags: ["smoke"] }, // asleep
      { date: "2026-11-22T09:00:00Z", tags: ["up"] },
      { date: "2026-11-22T10:00:00Z", tags: ["smoke"] },
    ]);
    expect(await u.stat({ type: "sum", tags: "smoke", uptimeOnly: true, range: "today" }, UTC)).toMatchObject({
      value: 1,
    });
    // Today's window is 12 h, of which 9 h asleep.
    expect(await u.stat({ type: "velocity", tags: "smoke", uptimeOnly: true, range: "today" }, UTC)).toEqual({
      count: 1,
      dateFrom: "2026-11-22T00:00:00.000Z",
      seconds: 3 * 3600,
    });
  });

  it("counts the markers themselves as awake: falling asleep and waking up", async () => {
    const u = await userWithEntries("Ann", night);
    expect((await u.stat({ type: "sum", tags: "down up", tagsSign: "||", uptimeOnly: true }, UTC)).value).toBe(2);
  });
});

describe("metrics", () => {
  const runs: TestEntry[] = [
    { date: "2026-11-18T10:00:00Z", tags: ["run"], metrics: { km: 5, duration: 1800 } },
    { date: "2026-11-19T10:00:00Z", tags: ["run"], metrics: { km: 10.5 } },
    { date: "2026-11-20T10:00:00Z", tags: ["run"] },
    { date: "2026-11-21T10:00:00Z", tags: ["run"], metrics: { km: 5 } },
    { date: "2026-11-21T11:00:00Z", tags: ["walk"], metrics: { km: 3 } },
  ];

  it("sums and averages the chosen metric over the matches that carry it", async () => {
    const u = await userWithEntries("Ann", runs);
    const km = { id: u.metricId("km"), name: "km" };
    expect(await u.stat({ type: "sum", tags: "run", metric: "km" }, UTC)).toEqual({
      value: 20.5,
      count: 3,
      metric: km,
    });
    expect(await u.stat({ type: "avg", tags: "run", metric: "km" }, UTC)).toEqual({
      value: 20.5 / 3,
      count: 3,
      metric: km,
    });
    expect(await u.stat({ type: "sum", tags: "run" }, UTC)).toEqual({ value: 4, count: 4, metric: null });
  });

  it("ranks the top entries by the metric, the later first on a tie", async () => {
    const u = await userWithEntries("Ann", runs);
    const max = await u.stat({ type: "max", tags: "run", metric: "km" }, UTC);
    expect(max.entries.map((e) => e.id)).toEqual([u.ids[1], u.ids[3], u.ids[0]]);
    expect(max.entries[2]).toMatchObject({
      date: "2026-11-18T10:00:00.000Z",
      tags: [{ name: "run" }],
      metrics: [
        { name: "duration", value: 1800 },
        { name: "km", value: 5 },
      ],
    });
    const min = await u.stat({ type: "min", tags: "run", metric: "km" }, UTC);
    expect(min.entries.map((e) => e.id)).toEqual([u.ids[3], u.ids[0], u.ids[1]]);
    expect(await u.stat({ type: "max", tags: "run" }, UTC)).toEqual({ entries: [], metric: null });
  });

  it("refuses a metric that is not the user's", async () => {
    const u = await userWithEntries("Ann", runs);
    const other = await userWithEntries("Bob", [{ date: "2026-11-01T00:00:00Z", metrics: { secret: 1 } }]);
    await expect(
      u.stat(
        { type: "sum", tags: "run", config: { filter: [], timeRange: null, metricId: other.metricId("secret") } },
        UTC,
      ),
    ).rejects.toBeInstanceOf(MetricNotFound);
  });
});

describe("time since, list and calendar", () => {
  it("finds the latest match, and lists the latest first", async () => {
    const u = await userWithEntries("Ann", [
      { date: "2026-11-20T10:00:00Z", tags: ["tea"], text: "green" },
      { date: "2026-11-21T10:00:00Z", tags: ["tea"], text: "black" },
      { date: "2026-11-21T10:00:00Z", tags: ["tea"], text: "same moment, later id" },
      { date: "2026-11-23T10:00:00Z", tags: ["tea"], text: "tomorrow" },
    ]);
    const since = await u.stat({ type: "time since", tags: "tea" }, UTC);
    expect(since.date).toBe("2026-11-21T10:00:00.000Z");
    expect(since.entry).toMatchObject({ id: u.ids[2], text: "same moment, later id" });
    const list = await u.stat({ type: "list", tags: "tea" }, UTC);
    expect(list.entries.map((e) => e.text)).toEqual(["same moment, later id", "black", "green"]);
  });

  it("counts matches per local day over the last 365 days", async () => {
    const t = (date: string): TestEntry => ({ date, tags: ["t"] });
    const u = await userWithEntries("Ann", [
      t("2025-11-22T22:59:59.999Z"), // 22 Nov 2025 in Berlin: day 366 back
      t("2025-11-22T23:00:00.000Z"), // 23 Nov 2025 00:00: the first day
      t("2026-10-24T22:30:00Z"), // 25 Oct 00:30 CEST
      t("2026-10-25T22:30:00Z"), // 25 Oct 23:30 CET
      t("2026-11-22T12:00:00Z"),
    ]);
    expect(await u.stat({ type: "calendar", tags: "t" }, BERLIN)).toEqual({
      counts: { "2025-11-23": 1, "2026-10-25": 2, "2026-11-22": 1 },
    });
  });
});

describe("streaks with a habit goal", () => {
  it("counts ISO weeks with at least 3 days of runs, a day once however many runs it holds", async () => {
    const run = (date: string): TestEntry => ({ date, tags: ["run"] });
    const u = await userWithEntries("Ann", [
      // Week of 19 October: 3 days.
      run("2026-10-19T07:00:00Z"),
      run("2026-10-20T07:00:00Z"),
      run("2026-10-21T07:00:00Z"),
      // Week of 26 October: 3 days, the last on Sunday 1 November.
      run("2026-10-27T07:00:00Z"),
      run("2026-10-28T07:00:00Z"),
      run("2026-11-01T23:30:00Z"),
      // Week of 2 November: 3 days; two runs on Friday 6, the later one ends the streak.
      run("2026-11-02T07:00:00Z"),
      run("2026-11-04T07:00:00Z"),
      run("2026-11-06T07:00:00Z"),
      run("2026-11-06T18:00:00Z"),
      // Week of 9 November: 3 runs on 2 days, short of the goal.
      run("2026-11-10T07:00:00Z"),
      run("2026-11-12T07:00:00Z"),
      run("2026-11-12T18:00:00Z"),
      // Week of 16 November: 4 days.
      run("2026-11-16T07:00:00Z"),
      run("2026-11-17T07:00:00Z"),
      run("2026-11-18T07:00:00Z"),
      run("2026-11-20T07:00:00Z"),
      // This week, from Monday 23 November.
      run("2026-11-23T07:00:00Z"),
      run("2026-11-24T10:00:00Z"),
      run("2026-11-25T09:00:00Z"),
    ]);
    const goal = { times: 3, per: "week" as const };
    const at = (iso: string) =>
      u.stat({ type: "streaks", tags: "run", goal }, { timeZone: "UTC", now: Date.parse(iso) });
    const october = {
      length: 3,
      startDate: "2026-10-19",
      endDate: "2026-11-06",
      endEntryId: u.ids[9],
      isCurrent: false,
    };

    // Tuesday 24 November 08:00: one day so far this week; last week's streak is alive until Sunday.
    const tuesday = await at("2026-11-24T08:00:00Z");
    expect(tuesday).toMatchObject({
      currentStreak: { length: 1 },
      currentStreakDateFrom: "2026-11-16",
      daysSinceLastEntry: 1,
      goal: { times: 3, per: "week", count: 1, periodStart: "2026-11-23", periodEnd: "2026-11-29" },
    });
    expect(tuesday.topStreaks).toEqual([
      october,
      { length: 1, startDate: "2026-11-16", endDate: "2026-11-20", endEntryId: u.ids[16], isCurrent: true },
    ]);

    // Wednesday noon: the third day; this week has met the goal and counts.
    const wednesday = await at("2026-11-25T12:00:00Z");
    expect(wednesday).toMatchObject({
      currentStreak: { length: 2 },
      currentStreakDateFrom: "2026-11-16",
      daysSinceLastEntry: 0,
      goal: { times: 3, per: "week", count: 3, periodStart: "2026-11-23", periodEnd: "2026-11-29" },
    });
    expect(wednesday.topStreaks).toEqual([
      october,
      { length: 2, startDate: "2026-11-16", endDate: "2026-11-25", endEntryId: u.ids[19], isCurrent: true },
    ]);
    // The days themselves stay days: the last 30 end today.
    expect(wednesday.lastDays.slice(-3)).toEqual([true, true, true]);

    // Monday 30 November: nothing yet this week, and the streak of two weeks lives on.
    expect(await at("2026-11-30T12:00:00Z")).toMatchObject({
      currentStreak: { length: 2 },
      goal: { count: 0, periodStart: "2026-11-30", periodEnd: "2026-12-06" },
    });
    // Monday 7 December: last week ended short, so no streak.
    expect(await at("2026-12-07T12:00:00Z")).toMatchObject({
      currentStreak: { length: 0 },
      currentStreakDateFrom: null,
      daysSinceLastEntry: 12,
    });
  });

  it("counts calendar months by the profile's local days, in a zone 14 hours ahead of UTC", async () => {
    const tea = (date: string): TestEntry => ({ date, tags: ["tea"] });
    const u = await userWithEntries("Ann", [
      tea("2026-09-10T00:00:00Z"),
      tea("2026-09-20T00:00:00Z"),
      tea("2026-09-30T11:00:00Z"), // 1 October 01:00 in Kiritimati
      tea("2026-10-15T00:00:00Z"),
      tea("2026-11-05T00:00:00Z"),
      tea("2026-11-30T12:00:00Z"), // 1 December 02:00 in Kiritimati
    ]);
    const now = Date.parse("2026-12-10T00:00:00Z");
    const goal = { times: 2, per: "month" as const };
    const kiritimati = await u.stat({ type: "streaks", tags: "tea", goal }, { timeZone: "Pacific/Kiritimati", now });
    // September and October met it; November (one day) did not, so nothing is current.
    expect(kiritimati).toMatchObject({
      currentStreak: { length: 0 },
      currentStreakDateFrom: null,
      daysSinceLastEntry: 9,
      goal: { times: 2, per: "month", count: 1, periodStart: "2026-12-01", periodEnd: "2026-12-31" },
    });
    expect(kiritimati.topStreaks).toEqual([
      { length: 2, startDate: "2026-09-10", endDate: "2026-10-15", endEntryId: u.ids[3], isCurrent: false },
    ]);
    // In UTC the same entries are September 3 days, October 1, November 2: November's month is current.
    const utc = await u.stat({ type: "streaks", tags: "tea", goal }, { timeZone: "UTC", now });
    expect(utc).toMatchObject({
      currentStreak: { length: 1 },
      currentStreakDateFrom: "2026-11-05",
      goal: { count: 0, periodStart: "2026-12-01", periodEnd: "2026-12-31" },
    });
    expect(utc.topStreaks).toEqual([
      { length: 1, startDate: "2026-11-05", endDate: "2026-11-30", endEntryId: u.ids[5], isCurrent: true },
      { length: 1, startDate: "2026-09-10", endDate: "2026-09-30", endEntryId: u.ids[2], isCurrent: false },
    ]);
  });
});

describe("nothing to compute", () => {
  it("answers every type for a user without entries, and for a filter nothing matches", async () => {
    const empty = await userWithEntries("Ann", []);
    const some = await userWithEntries("Bob", [{ date: "2026-11-21T10:00:00Z", tags: ["a"] }]);
    for (const u of [empty, some]) {
      const ask = <T extends Parameters<typeof u.stat>[0]["type"]>(type: T) => u.stat({ type, tags: "nope" }, UTC);
      expect(await ask("list")).toEqual({ entries: [] });
      expect(await ask("time since")).toEqual({ date: null, entry: null });
      expect(await ask("top time between")).toEqual([]);
      expect(await ask("sum")).toEqual({ value: 0, count: 0, metric: null });
      expect(await ask("avg")).toEqual({ value: null, count: 0, metric: null });
      expect(await ask("max")).toEqual({ entries: [], metric: null });
      expect(await ask("min")).toEqual({ entries: [], metric: null });
      expect(await ask("velocity")).toEqual({ count: 0, dateFrom: null, seconds: 0 });
      expect(await ask("streaks")).toEqual({
        lastDays: Array(30).fill(false),
        currentStreak: { length: 0 },
        currentStreakDateFrom: null,
        daysSinceLastEntry: null,
        topStreaks: [],
        goal: null,
      });
      expect(await ask("calendar")).toEqual({ counts: {} });
      expect(await u.stat({ type: "sum", tags: "nope", uptimeOnly: true }, UTC)).toEqual({
        value: 0,
        count: 0,
        metric: null,
      });
    }
  });
});
