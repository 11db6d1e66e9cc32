import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { planProblems, sqlOf } from "../test/query-plans.ts";

// A year in pixels: each local day's mean mood, or null. The day indexes are worked out by hand below:
// 2026 is a common year (365 days), so 12 March is day 31 + 28 + 11 = 70 and 31 December is day 364.
type User = Awaited<ReturnType<typeof signedInUser>>;
type Answer = { year: number; days: (number | null)[] };
let ann: User;
beforeEach(async () => {
  await resetDb();
  // The profile starts in Europe/Moscow (UTC+3 all year, helpers.ts).
  ann = await signedInUser("Ann");
});

const write = async (user: User, date: string, mood?: number, other?: { name: string; value: number }) => {
  const metrics = [...(mood === undefined ? [] : [{ name: "mood", value: mood }]), ...(other ? [other] : [])];
  await bodyOf(await user.call("POST", "/entries", { text: "x", date, metrics }), 201);
};
const pixels = async (user: User, query: string) => bodyOf<Answer>(await user.call("GET", `/pixels?${query}`), 200);
/** The answer's days that hold a mood, by index. */
const moods = (answer: Answer) =>
  Object.fromEntries(answer.days.flatMap((d, i) => (d === null ? [] : [[i, d] as const])));

describe("GET /api/journal/pixels", () => {
  it("gives a day a year, every one null without moods: 365 in a common year, 366 in a leap year", async () => {
    const common = await pixels(ann, "year=2026");
    expect(common.year).toBe(2026);
    expect(common.days).toHaveLength(365);
    expect(common.days.every((d) => d === null)).toBe(true);
    expect((await pixels(ann, "year=2028")).days).toHaveLength(366);
    expect((await pixels(ann, "year=2100")).days).toHaveLength(365);
    expect((await pixels(ann, "year=2000")).days).toHaveLength(366);
  });

  it("gives each local day the mean of its entries' moods; entries without a mood count for nothing", async () => {
    // Moscow is UTC+3: 10:00Z and 20:00Z are 12 March; 22:30Z is 01:30 on 13 March.
    await write(ann, "2026-03-12T10:00:00Z", 4);
    await write(ann, "2026-03-12T20:00:00Z", 5);
    await write(ann, "2026-03-12T20:30:00Z", undefined, { name: "km", value: 5 });
    await write(ann, "2026-03-12T22:30:00Z", 2);
    // Three moods on one day: (1 + 2 + 2) / 3.
    await write(ann, "2026-07-04T08:00:00Z", 1);
    await write(ann, "2026-07-04T09:00:00Z", 2);
    await write(ann, "2026-07-04T10:00:00Z", 2);
    // A day with an entry but no mood stays null.
    await write(ann, "2026-08-01T10:00:00Z", undefined, { name: "km", value: 3 });
    // 4 July is day 31+28+31+30+31+30+3 = 184.
    expect(moods(await pixels(ann, "year=2026"))).toEqual({ 70: 4.5, 71: 2, 184: 5 / 3 });
  });

  it("counts the days in the profile's zone, far from UTC either way, and `?tz=` overrides it", async () => {
    // 2025-12-31T10:30Z is 00:30 on 1 January 2026 in Kiritimati (UTC+14), 13:30 on 31 December 2025 in Moscow.
    await write(ann, "2025-12-31T10:30:00Z", 3);
    // 2027-01-01T10:00Z is 23:00 on 31 December 2026 in Pago Pago (UTC−11), 13:00 on 1 January 2027 in Moscow.
    await write(ann, "2027-01-01T10:00:00Z", 5);
    expect(moods(await pixels(ann, "year=2026"))).toEqual({});
    expect(moods(await pixels(ann, "year=2025"))).toEqual({ 364: 3 });
    expect(moods(await pixels(ann, "year=2027"))).toEqual({ 0: 5 });

    await env.DB.prepare("UPDATE users SET time_zone = 'Pacific/Kiritimati' WHERE id = ?").bind(ann.id).run();
    expect(moods(await pixels(ann, "year=2026"))).toEqual({ 0: 3 });
    expect(moods(await pixels(ann, "year=2025"))).toEqual({});
    expect(moods(await pixels(ann, "year=2026&tz=Pacific%2FPago_Pago"))).toEqual({ 364: 5 });
    // 2025-12-31T10:30Z is 23:30 on 30 December 2025 in Pago Pago: day 363.
    expect(moods(await pixels(ann, "year=2025&tz=Pacific%2FPago_Pago"))).toEqual({ 363: 3 });
  });

  it("splits days at a quarter-hour offset's midnight (Kathmandu, UTC+5:45)", async () => {
    await env.DB.prepare("UPDATE users SET time_zone = 'Asia/Kathmandu' WHERE id = ?").bind(ann.id).run();
    // 18:14Z is 23:59 on 1 June there; 18:15Z is 00:00 on 2 June (day 31+28+31+30+31 = 151, then 152).
    await write(ann, "2026-06-01T18:14:00Z", 1);
    await write(ann, "2026-06-01T18:15:00Z", 5);
    expect(moods(await pixels(ann, "year=2026"))).toEqual({ 151: 1, 152: 5 });
  });

  it("splits days across a change of the clocks (New York's spring and autumn)", async () => {
    await env.DB.prepare("UPDATE users SET time_zone = 'America/New_York' WHERE id = ?").bind(ann.id).run();
    // 8 March 2026: EST (UTC−5) until 07:00Z, EDT (UTC−4) after. 04:59Z is 23:59 on 7 March (day 65);
    // 05:00Z is midnight of 8 March (day 66); 2026-03-09T03:59Z is 23:59 EDT on 8 March, 04:00Z 9 March.
    await write(ann, "2026-03-08T04:59:00Z", 1);
    await write(ann, "2026-03-08T05:00:00Z", 2);
    await write(ann, "2026-03-09T03:59:00Z", 4);
    await write(ann, "2026-03-09T04:00:00Z", 5);
    // 1 November 2026: EDT until 06:00Z. 2026-11-02T04:59Z is 23:59 EST on 1 November (day 304), 05:00Z the 2nd.
    await write(ann, "2026-11-02T04:59:00Z", 3);
    await write(ann, "2026-11-02T05:00:00Z", 1);
    expect(moods(await pixels(ann, "year=2026"))).toEqual({ 65: 1, 66: 3, 67: 5, 304: 3, 305: 1 });
  });

  it("counts the days exactly where a zone's offset is not whole quarter-hours (Monrovia, UTC−0:44:30, in 1960)", async () => {
    await env.DB.prepare("UPDATE users SET time_zone = 'Africa/Monrovia' WHERE id = ?").bind(ann.id).run();
    // 1960 is a leap year: 1 May is day 31+29+31+30 = 121. Local midnight of 1 May is 00:44:30Z.
    await write(ann, "1960-05-01T00:44:29Z", 2);
    await write(ann, "1960-05-01T00:44:31Z", 4);
    const answer = await pixels(ann, "year=1960");
    expect(answer.days).toHaveLength(366);
    expect(moods(answer)).toEqual({ 120: 2, 121: 4 });
  });

  it("reads the year's entries through their date index, never the account's moods of other years", async () => {
    await write(ann, "2026-03-12T10:00:00Z", 4);
    const statements = await sqlOf(() => pixels(ann, "year=2026"));
    const mine = statements.filter((s) => s.includes("entry_metrics"));
    expect(mine).toHaveLength(1);
    for (const s of mine) {
      expect(await planProblems(s)).toEqual([]);
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${s}`)
        .bind(...Array.from({ length: (s.match(/\?/g) ?? []).length }, () => 1))
        .all<{ detail: string }>();
      // The year's entries by (user, date), each one's mood by its key: never a walk of every mood of the account.
      expect(plan.results.map((r) => r.detail)).toEqual([
        "SEARCH entries USING COVERING INDEX entries_user_date_id (user_id=? AND date>? AND date<?)",
        "SEARCH entry_metrics USING INDEX sqlite_autoindex_entry_metrics_1 (entry_id=? AND metric_id=?)",
        "SCALAR SUBQUERY 1",
        "SEARCH metrics USING COVERING INDEX metrics_user_name (user_id=? AND name=?)",
        "USE TEMP B-TREE FOR GROUP BY",
      ]);
    }
  });
});
