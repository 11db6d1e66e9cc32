import { env } from "cloudflare:test";
import type { StreakGoal } from "@nook/shared/stacks/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import { type TestEntry, userWithEntries } from "../stacks/engine/test-entries.ts";
import { resetDb } from "../test/helpers.ts";
import { type StreakItem, streaksAtRisk } from "./streak-risk.ts";

// Streaks at risk with a habit goal, at fixed moments: the period's last two days, short of the goal, with
// the days left enough to meet it and a run of periods behind it that met it.
beforeEach(resetDb);

const item = (itemId: number, tag: string, goal: StreakGoal | null): StreakItem => ({
  itemId,
  stackId: 1,
  stackName: "Habits",
  title: tag,
  config: { filter: [{ name: tag, not: false }], timeRange: null, metricId: null, goal },
  tagsSign: "&&",
  uptimeOnly: false,
});

async function atRisk(userId: number, items: StreakItem[], now: string, timeZone = "UTC") {
  const tagRows = (
    await env.DB.prepare("SELECT id, name FROM tags WHERE user_id = ?").bind(userId).all<{ id: number; name: string }>()
  ).results;
  const found = await streaksAtRisk(openDb(env.DB), userId, items, tagRows, Date.parse(now), timeZone);
  return found.map((s) => ({ title: s.title, length: s.length, more: s.more, goal: s.goal }));
}

const on = (tag: string, ...dates: string[]): TestEntry[] => dates.map((date) => ({ date, tags: [tag] }));

describe("streaks at risk with a goal", () => {
  it("are short of three runs a week on Saturday and Sunday while the days left can make it up", async () => {
    const u = await userWithEntries("Ann", [
      // Three weeks that met the goal (from Mondays 2, 9 and 16 November), then two days this week.
      ...on("run", "2026-11-02T07:00:00Z", "2026-11-04T07:00:00Z", "2026-11-06T07:00:00Z"),
      ...on("run", "2026-11-09T07:00:00Z", "2026-11-10T07:00:00Z", "2026-11-15T07:00:00Z"),
      ...on("run", "2026-11-16T07:00:00Z", "2026-11-18T07:00:00Z", "2026-11-20T07:00:00Z", "2026-11-21T07:00:00Z"),
      ...on("run", "2026-11-23T07:00:00Z", "2026-11-24T07:00:00Z"),
      // Swims: the weeks of 9 and 16 November met the goal; this week has one day, two short.
      ...on("swim", "2026-11-09T07:00:00Z", "2026-11-10T07:00:00Z", "2026-11-11T07:00:00Z"),
      ...on("swim", "2026-11-16T07:00:00Z", "2026-11-17T07:00:00Z", "2026-11-18T07:00:00Z"),
      ...on("swim", "2026-11-23T07:00:00Z"),
      // Yoga: last week fell short (two days), so no streak is behind this week's one day.
      ...on("yoga", "2026-11-09T07:00:00Z", "2026-11-10T07:00:00Z", "2026-11-11T07:00:00Z"),
      ...on("yoga", "2026-11-16T07:00:00Z", "2026-11-17T07:00:00Z"),
      ...on("yoga", "2026-11-23T07:00:00Z", "2026-11-24T07:00:00Z"),
    ]);
    const weekly = { times: 3, per: "week" as const };
    const items = [item(1, "run", weekly), item(2, "swim", weekly), item(3, "yoga", weekly)];
    const runs = (count: number) => ({
      title: "run",
      length: 3,
      more: false,
      goal: { times: 3, per: "week", count, periodEnd: "2026-11-29" },
    });
    const swims = {
      title: "swim",
      length: 2,
      more: false,
      goal: { times: 3, per: "week", count: 1, periodEnd: "2026-11-29" },
    };
    // Friday: the week ends in two days, no risk yet.
    expect(await atRisk(u.user.id, items, "2026-11-27T18:00:00Z")).toEqual([]);
    // Saturday evening: one run short with two days left; two swims short with two days left.
    expect(await atRisk(u.user.id, items, "2026-11-28T18:00:00Z")).toEqual([runs(2), swims]);
    // Sunday: one run can still come tonight; two swims cannot, so that streak is no longer at risk.
    expect(await atRisk(u.user.id, items, "2026-11-29T18:00:00Z")).toEqual([runs(2)]);
    // Monday: a new week, its end far off.
    expect(await atRisk(u.user.id, items, "2026-11-30T18:00:00Z")).toEqual([]);
  });

  it("is not at risk once the week has met the goal, nor on Sunday when today's match leaves it short", async () => {
    const u = await userWithEntries("Ann", [
      ...on("run", "2026-11-16T07:00:00Z", "2026-11-18T07:00:00Z", "2026-11-20T07:00:00Z"),
      ...on("run", "2026-11-23T07:00:00Z", "2026-11-28T07:00:00Z"),
      // Two more the same Saturday: a day counts once.
      ...on("run", "2026-11-28T08:00:00Z", "2026-11-28T09:00:00Z"),
    ]);
    const items = [item(1, "run", { times: 3, per: "week" })];
    expect(await atRisk(u.user.id, items, "2026-11-28T18:00:00Z")).toEqual([
      { title: "run", length: 1, more: false, goal: { times: 3, per: "week", count: 2, periodEnd: "2026-11-29" } },
    ]);
    // Sunday with a run already: one day short, and no day left to add.
    const sunday = await userWithEntries("Sam", [
      ...on("run", "2026-11-16T07:00:00Z", "2026-11-18T07:00:00Z", "2026-11-20T07:00:00Z"),
      ...on("run", "2026-11-23T07:00:00Z", "2026-11-29T07:00:00Z"),
    ]);
    expect(await atRisk(sunday.user.id, items, "2026-11-29T18:00:00Z")).toEqual([]);
    // Met this week: three days.
    const met = await userWithEntries("Mo", [
      ...on("run", "2026-11-16T07:00:00Z", "2026-11-18T07:00:00Z", "2026-11-20T07:00:00Z"),
      ...on("run", "2026-11-23T07:00:00Z", "2026-11-25T07:00:00Z", "2026-11-28T07:00:00Z"),
    ]);
    expect(await atRisk(met.user.id, items, "2026-11-28T18:00:00Z")).toEqual([]);
  });

  it("reads months by the profile's local days, in a zone 14 hours ahead of UTC", async () => {
    const u = await userWithEntries("Ann", [
      ...on("tea", "2026-10-05T00:00:00Z", "2026-10-20T00:00:00Z"),
      // 1 November 01:00 in Kiritimati, still 31 October in UTC.
      ...on("tea", "2026-10-31T11:00:00Z"),
      // 30 November 02:00 in Kiritimati: after now.
      ...on("tea", "2026-11-29T12:00:00Z"),
    ]);
    const items = [item(1, "tea", { times: 2, per: "month" })];
    // 29 November 20:00 in Kiritimati, the day before the month's last.
    const now = "2026-11-29T06:00:00Z";
    expect(await atRisk(u.user.id, items, now, "Pacific/Kiritimati")).toEqual([
      { title: "tea", length: 1, more: false, goal: { times: 2, per: "month", count: 1, periodEnd: "2026-11-30" } },
    ]);
    // In UTC, October has three days and November none so far: two short, with two days left.
    expect(await atRisk(u.user.id, items, now)).toEqual([
      { title: "tea", length: 1, more: false, goal: { times: 2, per: "month", count: 0, periodEnd: "2026-11-30" } },
    ]);
    // 28 November in Kiritimati: three days before the month ends.
    expect(await atRisk(u.user.id, items, "2026-11-27T12:00:00Z", "Pacific/Kiritimati")).toEqual([]);
  });

  it("counts a year of weeks, and says a longer run is longer", async () => {
    // One run every Wednesday for 60 weeks before the week of 23 November 2026.
    const wednesdays = Array.from({ length: 60 }, (_, k) =>
      new Date(Date.parse("2026-11-18T07:00:00Z") - k * 7 * 86_400_000).toISOString(),
    );
    const u = await userWithEntries("Ann", on("run", ...wednesdays));
    const twice = [item(1, "run", { times: 1, per: "week" })];
    expect(await atRisk(u.user.id, twice, "2026-11-28T18:00:00Z")).toEqual([
      { title: "run", length: 52, more: true, goal: { times: 1, per: "week", count: 0, periodEnd: "2026-11-29" } },
    ]);
    // Bob's runs this week are not Ann's.
    await userWithEntries("Bob", on("run", "2026-11-23T07:00:00Z", "2026-11-24T07:00:00Z"));
    expect((await atRisk(u.user.id, twice, "2026-11-28T18:00:00Z"))[0]?.goal?.count).toBe(0);
  });
});
