import { env } from "cloudflare:test";
import { addDays } from "@nook/shared/common/calendar-date";
import { zonedTimeToMs } from "@nook/shared/common/time-zone";
import type { Finding, Insights } from "@nook/shared/insights/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import { bodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { createEntry } from "./entry-write.ts";
import { insightsOf } from "./insights.ts";
import type { User } from "./test-calls.ts";

/*
 * Seeded accounts with known effects. Every expected figure is SciPy's, worked out apart from this code by
 * scripts/reference/insights.py from the same days (each scenario there is written as it is here); the test
 * never calls the shipped statistics again.
 */

/** An entry at a wall time of a local day, written as the journal's POST writes it. */
async function write(
  user: User,
  zone: string,
  day: string,
  time: string,
  tags: string[],
  metrics: Record<string, number>,
) {
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  await createEntry(openDb(env.DB), user.id, {
    text: "",
    tags,
    metrics: Object.entries(metrics).map(([name, value]) => ({ name, value })),
    date: zonedTimeToMs(y, mo, d, h, mi, zone),
  });
}

async function insights(user: User, query: string): Promise<Insights> {
  return bodyOf<Insights>(await user.call("GET", `/insights?${query}`), 200);
}

/** A finding's figures to ten places, its p and q relative to SciPy's (they reach 1e-43). */
function expectFinding(found: Finding | undefined, expected: Omit<Finding, "kind"> & { kind?: Finding["kind"] }) {
  expect(found).toBeDefined();
  const f = found as Finding;
  expect({ name: f.name, lag: f.lag, days: f.days, significant: f.significant }).toEqual({
    name: expected.name,
    lag: expected.lag,
    days: expected.days,
    significant: expected.significant,
  });
  for (const key of ["withMean", "withoutMean", "difference", "low", "high"] as const) {
    const want = expected[key];
    if (want === null) expect(f[key]).toBeNull();
    else expect(f[key]).toBeCloseTo(want, 10);
  }
  for (const key of ["p", "q"] as const)
    if (expected[key] === 1) expect(f[key]).toBeCloseTo(1, 12);
    else expect(f[key] / expected[key]).toBeCloseTo(1, 7);
}

const find = (r: Insights, name: string, lag: 0 | 1) => r.findings.find((f) => f.name === name && f.lag === lag);

let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

// A: 120 days from Monday 2026-01-05 in the profile's Pacific/Kiritimati (UTC+14). The mood at local 00:30
// (10:30 UTC the day before), #run on the even days at 23:30 in an entry of its own (09:30 UTC the same day):
// counted by UTC days, #run would sit beside the next day's mood.
const A_ZONE = "Pacific/Kiritimati";
const moodA = (i: number) => (i % 2 === 0 ? (i % 4 === 0 ? 5 : 4) : i % 4 === 1 ? 3 : 2);
async function seedA(user: User, flip = false) {
  for (let i = 0; i < 120; i++) {
    const day = addDays("2026-01-05", i);
    const tags = [...(i % 3 === 0 ? ["@ada"] : []), ...([1, 3, 5, 7, 9].includes(i) ? ["rare"] : [])];
    await write(user, A_ZONE, day, "00:30", tags, { mood: flip ? 6 - moodA(i) : moodA(i) });
    if (i % 2 === 0) await write(user, A_ZONE, day, "23:30", ["run"], {});
  }
}

describe("GET /api/journal/insights", () => {
  it("finds a tag on 60 of 120 days with moods 4–5 against 2–3, with the interval's exact bounds, in the profile's zone far from UTC", async () => {
    await env.DB.prepare("UPDATE users SET time_zone = ? WHERE id = ?").bind(A_ZONE, ann.id).run();
    await seedA(ann);
    // Bob's days are Ann's, moods the other way round: nothing of his may count in hers.
    const bob = await signedInUser("Bob");
    await seedA(bob, true);

    const r = await insights(ann, "from=2026-01-05&to=2026-05-04");
    expect({ from: r.from, to: r.to, days: r.days, tested: r.tested }).toEqual({
      from: "2026-01-05",
      to: "2026-05-04",
      days: 120,
      // #run and @ada at both lags; #rare, on 5 days, is not tested.
      tested: 4,
    });
    expect(r.findings.map((f) => `${f.kind} ${f.name} ${f.lag}`)).toEqual([
      // The two #run findings have the same p, then the larger |difference| — equal — then the name, the lag.
      "tag run 0",
      "tag run 1",
      "person @ada 0",
      "person @ada 1",
    ]);
    expectFinding(find(r, "run", 0), {
      name: "run",
      lag: 0,
      days: 60,
      withMean: 4.5,
      withoutMean: 2.5,
      difference: 2,
      low: 1.8177011630790878,
      high: 2.182298836920912,
      p: 4.714151098472836e-43,
      q: 9.428302196945672e-43,
      significant: true,
    });
    // The day after a run is an odd day: the same effect, the other way.
    expectFinding(find(r, "run", 1), {
      name: "run",
      lag: 1,
      days: 60,
      withMean: 2.5,
      withoutMean: 4.5,
      difference: -2,
      low: -2.182298836920912,
      high: -1.8177011630790878,
      p: 4.714151098472836e-43,
      q: 9.428302196945672e-43,
      significant: true,
    });
    expectFinding(find(r, "@ada", 0), {
      kind: "person",
      name: "@ada",
      lag: 0,
      days: 40,
      withMean: 3.5,
      withoutMean: 3.5,
      difference: 0,
      low: -0.43562963316715547,
      high: 0.43562963316715547,
      p: 1,
      q: 1,
      significant: false,
    });
    expect(r.findings.some((f) => f.name === "rare")).toBe(false);
    expect(r.weekdays.map((w) => w.days)).toEqual([18, 17, 17, 17, 17, 17, 17]);
    const means = [
      3.5, 3.4705882352941178, 3.5294117647058822, 3.411764705882353, 3.588235294117647, 3.4705882352941178,
      3.5294117647058822,
    ];
    r.weekdays.forEach((w, i) => {
      expect(w.weekday).toBe(i);
      expect(w.mean).toBeCloseTo(means[i] as number, 12);
    });

    // Bob's own answer is his, the moods the other way round.
    const his = await insights(bob, `from=2026-01-05&to=2026-05-04&tz=${A_ZONE}`);
    expect(find(his, "run", 0)).toMatchObject({ withMean: 1.5, withoutMean: 3.5, difference: -2 });
  });

  it("finds a metric's rank correlation with the day's mood, a day's value the sum of its entries, across a clock change", async () => {
    // B: 60 days from 2026-02-16 in America/Los_Angeles (clocks change on 8 March). One entry a day at
    // 23:00 (07:00 UTC the next day) with the mood and, on days i % 5 != 4, km; days i % 10 == 0 have a
    // second entry of 2 km.
    const zone = "America/Los_Angeles";
    const kmOf = (i: number) => (i % 5 === 4 ? null : ((i * 7) % 11) + 1);
    for (let i = 0; i < 60; i++) {
      const km = kmOf(i);
      const total = km === null ? null : km + (i % 10 === 0 ? 2 : 0);
      const mood = total === null || i % 7 === 3 ? 3 : Math.min(5, 1 + Math.floor(total / 3));
      const day = addDays("2026-02-16", i);
      await write(ann, zone, day, "23:00", [], km === null ? { mood } : { mood, km });
      if (i % 10 === 0) await write(ann, zone, day, "12:00", [], { km: 2 });
    }
    const r = await insights(ann, `from=2026-02-16&to=2026-04-16&tz=${zone}`);
    expect(r.days).toBe(60);
    expect(r.tested).toBe(1);
    expectFinding(r.findings[0], {
      kind: "metric",
      name: "km",
      lag: 0,
      days: 48,
      withMean: null,
      withoutMean: null,
      difference: 0.894846460789747,
      low: 0.8160655268265771,
      high: 0.9409813219811872,
      p: 1.0008764026545246e-17,
      q: 1.0008764026545246e-17,
      significant: true,
    });
  });

  it("finds a next-day effect, both tests adjusted together", async () => {
    // C: 80 days from 2026-06-01 in Asia/Kolkata (UTC+5:30). #late on days i % 4 == 0 at 23:50; the mood at
    // 12:00: the day after #late 1 or 2, the others 3 to 5.
    const zone = "Asia/Kolkata";
    const moodC = (i: number) => [4, i % 8 === 1 ? 2 : 1, 3, i % 3 === 0 ? 5 : 4][i % 4] as number;
    for (let i = 0; i < 80; i++) {
      const day = addDays("2026-06-01", i);
      await write(ann, zone, day, "12:00", [], { mood: moodC(i) });
      if (i % 4 === 0) await write(ann, zone, day, "23:50", ["late"], {});
    }
    const r = await insights(ann, `from=2026-06-01&to=2026-08-19&tz=${encodeURIComponent(zone)}`);
    expect(r.tested).toBe(2);
    expect(r.findings.map((f) => f.lag)).toEqual([1, 0]);
    expectFinding(find(r, "late", 1), {
      name: "late",
      lag: 1,
      days: 20,
      withMean: 1.5,
      withoutMean: 3.783333333333333,
      difference: -2.283333333333333,
      low: -2.5690035858801683,
      high: -1.997663080786498,
      p: 3.2681045081516076e-19,
      q: 6.536209016303215e-19,
      significant: true,
    });
    expectFinding(find(r, "late", 0), {
      name: "late",
      lag: 0,
      days: 20,
      withMean: 4,
      withoutMean: 2.95,
      difference: 1.0499999999999998,
      low: 0.7294417782024896,
      high: 1.37055822179751,
      p: 1.5297058992524478e-8,
      q: 1.5297058992524478e-8,
      significant: true,
    });
  });

  it("answers the last 365 days by default, and nothing found on an empty journal", async () => {
    const r = await insights(ann, "tz=UTC");
    const today = new Date().toISOString().slice(0, 10);
    expect(r).toEqual({
      from: addDays(today, -364),
      to: today,
      days: 0,
      tested: 0,
      findings: [],
      weekdays: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, days: 0, mean: null })),
    });
  });
});

describe("the findings' order and their cap", () => {
  it("lists the significant first, the surest first, then by size, name and lag; at most 100, every test adjusted", () => {
    // 40 days, moods 4 on the even ones and 2 on the odd: a tag on the even days differs by 2.0 with no spread
    // on either side (p 0), the day after it by −2.0; 150 more such tags; "noise" on days 0–19 (half of each
    // kind: no difference, p 1); "few" on 5 days, not tested.
    const moods = Array.from({ length: 40 }, (_, day) => ({ day, mood: day % 2 ? 2 : 4 }));
    const names = [
      { id: 1, name: "even", metric: 0 },
      { id: 2, name: "noise", metric: 0 },
      { id: 3, name: "few", metric: 0 },
      ...Array.from({ length: 150 }, (_, i) => ({ id: 10 + i, name: `t${String(i).padStart(3, "0")}`, metric: 0 })),
    ];
    const tagDays = moods.map(({ day }) => ({
      day,
      tags: [
        ...(day % 2 ? [] : [1, ...names.slice(3).map((n) => n.id)]),
        ...(day < 20 ? [2] : []),
        ...(day % 2 === 0 && day < 10 ? [3] : []),
      ].join(","),
    }));
    const r = insightsOf([moods, tagDays.filter((d) => d.tags), [], names], "2026-01-01", "2026-02-09");
    expect(r.tested).toBe(2 * 152);
    expect(r.findings).toHaveLength(100);
    expect(r.findings.slice(0, 4).map((f) => `${f.name} ${f.lag} ${f.difference}`)).toEqual([
      "even 0 2",
      "even 1 -2",
      "t000 0 2",
      "t000 1 -2",
    ]);
    expect(r.findings.every((f) => f.significant)).toBe(true);
    expect(r.findings.some((f) => f.name === "noise" || f.name === "few")).toBe(false);
  });
});
