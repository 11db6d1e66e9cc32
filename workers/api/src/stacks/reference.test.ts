import type { StackItemType } from "@nook/shared/stacks/schemas";
import { describe, expect, it } from "vitest";
import type { StatQuery } from "./engine/types.ts";
import { type RefEntry, type RefUser, referenceStat } from "./reference.ts";

// The reference (reference.ts) on small cases worked out by hand, so that the property test's oracle is not
// just trusted.

const METRICS = [
  { id: 7, name: "weight" },
  { id: 3, name: "mood" },
];
const TAG_IDS: Record<string, number> = { a: 1, b: 2, c: 3, x: 4, down: 5, up: 6 };

/** Entries from (ISO date, tags, metrics by name); ids 1, 2, … in the given order. */
function user(list: [string, string[], Record<string, number>?][]): RefUser {
  const entries: RefEntry[] = list.map(([date, tags, metrics = {}], i) => ({
    id: i + 1,
    date: Date.parse(date),
    text: `e${i + 1}`,
    modifiedAt: Date.parse(date),
    tags,
    metrics: Object.entries(metrics).map(([name, value]) => ({
      metricId: METRICS.find((m) => m.name === name)?.id ?? 0,
      name,
      value,
    })),
  }));
  return { entries, tagIds: TAG_IDS, metrics: METRICS };
}

function query<T extends StackItemType>(
  type: T,
  tags: string,
  more: {
    tagsSign?: "&&" | "||";
    uptimeOnly?: boolean;
    timeRange?: StatQuery["config"]["timeRange"];
    metricId?: number;
  } = {},
): StatQuery<T> {
  const filter = tags
    .split(" ")
    .filter(Boolean)
    .map((t) => ({ name: t.replace(/^!/, ""), not: t.startsWith("!") }));
  return {
    type,
    tagsSign: more.tagsSign ?? "&&",
    uptimeOnly: more.uptimeOnly ?? false,
    config: { filter, timeRange: more.timeRange ?? null, metricId: more.metricId ?? null },
  };
}

const ids = (r: { entries: { id: number }[] }) => r.entries.map((e) => e.id);

describe("the reference", () => {
  it("counts streaks by local day, across a month boundary", () => {
    const u = user([
      ["2026-01-30T10:00:00Z", ["x"]], // 30 Jan
      ["2026-01-30T23:30:00Z", ["x"]], // 31 Jan 00:30 in Berlin (still the 30th in UTC)
      ["2026-01-31T23:30:00Z", ["x"]], // 1 Feb 00:30 in Berlin
      ["2026-01-20T12:00:00Z", ["x"]], // a lone day
      ["2026-02-02T11:00:00Z", ["y"]], // today, not a match
      ["2026-02-03T11:00:00Z", ["x"]], // tomorrow: not counted yet
    ]);
    const berlin = { now: Date.parse("2026-02-02T12:00:00Z"), timeZone: "Europe/Berlin" };
    const s = referenceStat(u, query("streaks", "x"), berlin);
    expect(s.currentStreak).toEqual({ length: 3 });
    expect(s.currentStreakDateFrom).toBe("2026-01-30");
    expect(s.daysSinceLastEntry).toBe(1);
    expect(s.topStreaks).toEqual([
      { length: 3, startDate: "2026-01-30", endDate: "2026-02-01", endEntryId: 3, isCurrent: true },
      { length: 1, startDate: "2026-01-20", endDate: "2026-01-20", endEntryId: 4, isCurrent: false },
    ]);
    // Day 29 is 2 February; 1 Feb, 31 Jan, 30 Jan are 28, 27, 26; 20 January is 16.
    expect(s.lastDays).toEqual(Array.from({ length: 30 }, (_, i) => [16, 26, 27, 28].includes(i)));

    // In UTC the same entries fall on 30 Jan (twice) and 31 Jan: two days before today, no current streak.
    const utc = referenceStat(u, query("streaks", "x"), { ...berlin, timeZone: "UTC" });
    expect(utc.currentStreak).toEqual({ length: 0 });
    expect(utc.currentStreakDateFrom).toBeNull();
    expect(utc.daysSinceLastEntry).toBe(2);
    expect(utc.topStreaks[0]).toEqual({
      length: 2,
      startDate: "2026-01-30",
      endDate: "2026-01-31",
      endEntryId: 3,
      isCurrent: false,
    });
    expect(referenceStat(u, query("calendar", "x"), berlin).counts).toEqual({
      "2026-01-20": 1,
      "2026-01-30": 1,
      "2026-01-31": 1,
      "2026-02-01": 1,
    });
    expect(referenceStat(u, query("calendar", "x"), { ...berlin, timeZone: "UTC" }).counts).toEqual({
      "2026-01-20": 1,
      "2026-01-30": 2,
      "2026-01-31": 1,
    });
  });

  it("takes && and || over the plain tags, and negation always removes", () => {
    const u = user([
      ["2026-03-01T10:00:00Z", ["a"]],
      ["2026-03-02T10:00:00Z", ["b", "c"]],
      ["2026-03-03T10:00:00Z", ["c"]],
      ["2026-03-04T10:00:00Z", []],
      ["2026-03-05T10:00:00Z", ["a", "b"]],
    ]);
    const at = { now: Date.parse("2026-03-10T00:00:00Z"), timeZone: "UTC" };
    expect(ids(referenceStat(u, query("list", "a b !c", { tagsSign: "||" }), at))).toEqual([5, 1]);
    expect(ids(referenceStat(u, query("list", "a b !c"), at))).toEqual([5]);
    expect(ids(referenceStat(u, query("list", "!c"), at))).toEqual([5, 4, 1]);
    expect(ids(referenceStat(u, query("list", "!c", { tagsSign: "||" }), at))).toEqual([5, 4, 1]);
    expect(ids(referenceStat(u, query("list", ""), at))).toEqual([5, 4, 3, 2, 1]);
    expect(ids(referenceStat(u, query("list", "zz", { tagsSign: "||" }), at))).toEqual([]);
    expect(ids(referenceStat(u, query("list", "b !b"), at))).toEqual([]);
  });

  it("cuts a night out of a gap, and leaves the asleep out", () => {
    const u = user([
      ["2026-05-01T20:00:00Z", ["x"]],
      ["2026-05-01T23:00:00Z", ["down"]],
      ["2026-05-02T02:00:00Z", ["x"]], // asleep
      ["2026-05-02T07:00:00Z", ["up"]],
      ["2026-05-02T09:00:00Z", ["x"]],
    ]);
    const at = { now: Date.parse("2026-05-02T12:00:00Z"), timeZone: "UTC" };
    // 13 hours between 20:00 and 09:00, 8 of them asleep.
    expect(referenceStat(u, query("top time between", "x", { uptimeOnly: true }), at)).toEqual([
      { t1: "2026-05-02T09:00:00.000Z", t2: "2026-05-01T20:00:00.000Z", d: 5 * 3600 },
    ]);
    expect(referenceStat(u, query("top time between", "x"), at)).toEqual([
      { t1: "2026-05-02T09:00:00.000Z", t2: "2026-05-02T02:00:00.000Z", d: 7 * 3600 },
      { t1: "2026-05-02T02:00:00.000Z", t2: "2026-05-01T20:00:00.000Z", d: 6 * 3600 },
    ]);
    expect(referenceStat(u, query("avg", "x", { uptimeOnly: true }), at)).toEqual({
      value: 5 * 3600,
      count: 2,
      metric: null,
    });
    expect(referenceStat(u, query("avg", "x"), at)).toEqual({ value: 6.5 * 3600, count: 3, metric: null });
    // 16 hours from the first match to now, 8 asleep.
    expect(referenceStat(u, query("velocity", "x", { uptimeOnly: true }), at)).toEqual({
      count: 2,
      dateFrom: "2026-05-01T20:00:00.000Z",
      seconds: 8 * 3600,
    });
  });

  it("sleeps to now after the last down, and reads an entry tagged down and up as an up marker", () => {
    const at = { now: Date.parse("2026-05-02T12:00:00Z"), timeZone: "UTC" };
    const open = user([
      ["2026-05-02T08:00:00Z", ["x"]],
      ["2026-05-02T10:00:00Z", ["down"]],
      ["2026-05-02T11:00:00Z", ["x"]], // asleep
    ]);
    expect(referenceStat(open, query("velocity", "x", { uptimeOnly: true }), at)).toEqual({
      count: 1,
      dateFrom: "2026-05-02T08:00:00.000Z",
      seconds: 2 * 3600,
    });
    // The range's start opens the window even inside a sleep: 10:00–12:00 asleep, 09:00–10:00 awake.
    const range = referenceStat(open, query("velocity", "x", { uptimeOnly: true, timeRange: "today" }), at);
    expect(range).toEqual({ count: 1, dateFrom: "2026-05-02T00:00:00.000Z", seconds: 10 * 3600 });

    const both = user([
      ["2026-05-02T06:00:00Z", ["down"]],
      ["2026-05-02T07:00:00Z", ["x"]], // asleep
      ["2026-05-02T08:00:00Z", ["down", "up", "x"]], // an up marker: awake, and ends the night
      ["2026-05-02T09:00:00Z", ["x"]],
    ]);
    expect(ids(referenceStat(both, query("list", "x", { uptimeOnly: true }), at))).toEqual([4, 3]);
    expect(referenceStat(both, query("velocity", "x", { uptimeOnly: true }), at).seconds).toBe(4 * 3600);

    // Ties: the marker order is (date, id); an entry at a down's instant but with a smaller id is awake.
    const tie = user([
      ["2026-05-02T09:00:00Z", ["x"]], // id 1, before the down in (date, id)
      ["2026-05-02T09:00:00Z", ["down"]], // id 2
      ["2026-05-02T09:00:00Z", ["x"]], // id 3, asleep
      ["2026-05-02T10:00:00Z", ["down"]], // a down after a down: asleep itself, but still a marker
      ["2026-05-02T11:00:00Z", ["up", "x"]],
    ]);
    expect(ids(referenceStat(tie, query("list", "", { uptimeOnly: true }), at))).toEqual([5, 2, 1]);
    expect(referenceStat(tie, query("top time between", "x", { uptimeOnly: true }), at)).toEqual([
      { t1: "2026-05-02T11:00:00.000Z", t2: "2026-05-02T09:00:00.000Z", d: 0 },
    ]);
  });

  it("sums, averages and ranks a metric over the matches that carry it", () => {
    const u = user([
      ["2026-03-01T10:00:00Z", ["a"], { weight: 2, mood: 5 }],
      ["2026-03-02T10:00:00Z", ["a"], { weight: 4.5 }],
      ["2026-03-03T10:00:00Z", ["a"], {}],
      ["2026-03-04T10:00:00Z", ["a"], { weight: 4.5 }],
      ["2026-03-05T10:00:00Z", ["b"], { weight: 100 }],
    ]);
    const at = { now: Date.parse("2026-03-10T00:00:00Z"), timeZone: "UTC" };
    const weight = METRICS[0] as { id: number; name: string };
    expect(referenceStat(u, query("sum", "a", { metricId: 7 }), at)).toEqual({ value: 11, count: 3, metric: weight });
    expect(referenceStat(u, query("sum", "a"), at)).toEqual({ value: 4, count: 4, metric: null });
    expect(referenceStat(u, query("avg", "a", { metricId: 7 }), at)).toEqual({
      value: 11 / 3,
      count: 3,
      metric: weight,
    });
    expect(referenceStat(u, query("avg", "zz", { metricId: 7 }), at)).toEqual({
      value: null,
      count: 0,
      metric: weight,
    });
    // Ties by (date, id), newest first.
    expect(ids(referenceStat(u, query("max", "a", { metricId: 7 }), at))).toEqual([4, 2, 1]);
    expect(ids(referenceStat(u, query("min", "a", { metricId: 7 }), at))).toEqual([1, 4, 2]);
    expect(referenceStat(u, query("max", "a"), at)).toEqual({ entries: [], metric: null });
    // Entries carry their tags and metrics sorted by name.
    expect(referenceStat(u, query("time since", "a"), at).entry).toEqual({
      id: 4,
      text: "e4",
      date: "2026-03-04T10:00:00.000Z",
      modifiedAt: "2026-03-04T10:00:00.000Z",
      tags: [{ id: 1, name: "a" }],
      metrics: [{ id: 7, name: "weight", value: 4.5 }],
    });
    expect(referenceStat(u, query("list", "a"), at).entries[3]?.metrics).toEqual([
      { id: 3, name: "mood", value: 5 },
      { id: 7, name: "weight", value: 2 },
    ]);
  });

  it("starts today at local midnight on a DST day", () => {
    // Berlin springs forward at 01:00 UTC on 29 March 2026; local midnight that day is 23:00 UTC on the 28th.
    const u = user([
      ["2026-03-28T22:59:59.999Z", ["a"]],
      ["2026-03-28T23:00:00Z", ["a"]],
      ["2026-03-29T10:00:00Z", ["a"]],
    ]);
    const at = { now: Date.parse("2026-03-29T12:00:00Z"), timeZone: "Europe/Berlin" };
    expect(ids(referenceStat(u, query("list", "a", { timeRange: "today" }), at))).toEqual([3, 2]);
    expect(referenceStat(u, query("velocity", "a", { timeRange: "today" }), at)).toEqual({
      count: 2,
      dateFrom: "2026-03-28T23:00:00.000Z",
      seconds: 13 * 3600,
    });
  });
});
