import { beforeEach, describe, expect, it } from "vitest";
import { ADA, peopleCall } from "../people/test-calls.ts";
import { newSteps, stepsCall } from "../steps/test-calls.ts";
import { expectStatus, resetDb, signedInUser } from "../test/helpers.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  // Ann's profile zone is Europe/Moscow (UTC+3, no DST).
  await resetDb();
  ann = await signedInUser("Ann");
});

const calendar = async (query: { from: string; to: string; tz?: string }) =>
  (await expectStatus(await ann.api.calendar.$get({ query }), 200)).json();
const person = async (name: string, birthDate: string) =>
  (await (await peopleCall(ann, "POST", "", { ...ADA, name, birthDate })).json<{ id: number }>()).id;
const entryAt = (date: string) => ann.call("POST", "/entries", { text: "x", date });

describe("the calendar's one call", () => {
  it("is empty for an empty span", async () => {
    expect(await calendar({ from: "2026-01-01", to: "2026-01-01" })).toEqual({
      birthdays: [],
      deadlines: [],
      events: [],
      activity: {},
    });
  });

  it("gives each birthday in the span with the age turned, across a year boundary", async () => {
    const ada = await person("Ada", "1990-01-02");
    const bob = await person("Bob", "1985-12-30");
    await person("Cy", "1990-06-15");
    const { birthdays } = await calendar({ from: "2025-12-01", to: "2026-01-31" });
    expect(birthdays).toEqual([
      { date: "2025-12-30", personId: bob, name: "Bob", age: 40 },
      { date: "2026-01-02", personId: ada, name: "Ada", age: 36 },
    ]);
  });

  it("puts a 29 February birthday on 28 February in common years, on the 29th in leap years", async () => {
    const leap = await person("Leap", "2000-02-29");
    expect((await calendar({ from: "2025-02-01", to: "2025-03-31" })).birthdays).toEqual([
      { date: "2025-02-28", personId: leap, name: "Leap", age: 25 },
    ]);
    expect((await calendar({ from: "2028-02-29", to: "2028-02-29" })).birthdays).toEqual([
      { date: "2028-02-29", personId: leap, name: "Leap", age: 28 },
    ]);
    expect((await calendar({ from: "2028-02-28", to: "2028-02-28" })).birthdays).toEqual([]);
  });

  it("lists a birthday twice in a span longer than a year, never before the person was born", async () => {
    const ada = await person("Ada", "2025-03-10");
    expect((await calendar({ from: "2025-01-01", to: "2026-02-03" })).birthdays).toEqual([]);
    expect((await calendar({ from: "2026-01-01", to: "2027-02-03" })).birthdays).toEqual([
      { date: "2026-03-10", personId: ada, name: "Ada", age: 1 },
    ]);
    const old = await person("Old", "1950-01-15");
    expect((await calendar({ from: "2025-01-01", to: "2026-02-03" })).birthdays).toEqual([
      { date: "2025-01-15", personId: old, name: "Old", age: 75 },
      { date: "2026-01-15", personId: old, name: "Old", age: 76 },
    ]);
  });

  it("puts a deadline on its local day: the profile's zone, or ?tz=", async () => {
    const s = await newSteps(ann, "Oslo");
    const late = await newSteps(ann, "Late");
    // 22:30 UTC on 1 March is 01:30 on 2 March in Moscow.
    await stepsCall(ann, "PUT", `/${s.id}`, { id: s.id, name: "Oslo", deadline: "2026-03-01T22:30:00Z" });
    await stepsCall(ann, "PUT", `/${late.id}`, { id: late.id, name: "Late", deadline: "2026-04-01T10:00:00Z" });
    await newSteps(ann, "No deadline");
    expect((await calendar({ from: "2026-03-01", to: "2026-03-31" })).deadlines).toEqual([
      { date: "2026-03-02", stepsId: s.id, name: "Oslo" },
    ]);
    expect((await calendar({ from: "2026-03-01", to: "2026-03-31", tz: "America/New_York" })).deadlines).toEqual([
      { date: "2026-03-01", stepsId: s.id, name: "Oslo" },
    ]);
  });

  it("counts entries a local day, at the span's edges and across a DST change", async () => {
    await entryAt("2026-03-07T20:59:00Z"); // 23:59 on 7 March in Moscow: outside
    await entryAt("2026-03-07T21:00:00Z"); // 00:00 on 8 March
    await entryAt("2026-03-08T12:00:00Z");
    await entryAt("2026-03-09T20:59:59Z"); // 23:59:59 on 9 March
    await entryAt("2026-03-09T21:00:00Z"); // 10 March: outside
    expect((await calendar({ from: "2026-03-08", to: "2026-03-09" })).activity).toEqual({
      "2026-03-08": 2,
      "2026-03-09": 1,
    });
    // New York moves to summer time at 02:00 on 8 March 2026 (UTC−5 → UTC−4).
    await resetDb();
    ann = await signedInUser("Ann");
    await entryAt("2026-03-08T04:59:00Z"); // 23:59 on 7 March, EST
    await entryAt("2026-03-08T05:00:00Z"); // 00:00 on 8 March, EST
    await entryAt("2026-03-09T03:59:00Z"); // 23:59 on 8 March, EDT
    await entryAt("2026-03-09T04:00:00Z"); // 00:00 on 9 March, EDT
    expect((await calendar({ from: "2026-03-07", to: "2026-03-09", tz: "America/New_York" })).activity).toEqual({
      "2026-03-07": 1,
      "2026-03-08": 2,
      "2026-03-09": 1,
    });
  });

  it("covers a whole year view in one call", async () => {
    await person("Ada", "1990-01-02");
    await entryAt("2026-12-31T12:00:00Z");
    const year = await calendar({ from: "2026-01-01", to: "2026-12-31" });
    expect(year.birthdays).toHaveLength(1);
    expect(year.activity).toEqual({ "2026-12-31": 1 });
  });
});
