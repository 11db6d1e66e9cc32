import { describe, expect, it } from "vitest";
import { upcomingBirthdays } from "./upcoming-birthdays.ts";

const p = (name: string, birthDate: string) => ({ name, birthDate });
const names = (list: { person: { name: string } }[]) => list.map((b) => b.person.name);

describe("upcoming birthdays", () => {
  it("lists today's and the next 30 days' birthdays, soonest first, with the age turned", () => {
    const people = [
      p("Later", "1990-12-20"),
      p("Today", "1986-11-23"),
      p("Tomorrow", "2000-11-24"),
      p("Day 30", "1970-12-23"),
      p("Day 31", "1970-12-24"),
      p("Yesterday", "1980-11-22"),
    ];
    expect(upcomingBirthdays(people, "2026-11-23")).toEqual([
      { person: people[1], date: "2026-11-23", age: 40, inDays: 0 },
      { person: people[2], date: "2026-11-24", age: 26, inDays: 1 },
      { person: people[0], date: "2026-12-20", age: 36, inDays: 27 },
      { person: people[3], date: "2026-12-23", age: 56, inDays: 30 },
    ]);
  });

  it("keeps the given order for the same day", () => {
    const people = [p("Ann", "1990-01-05"), p("Bob", "1991-01-05"), p("Cy", "1992-01-04")];
    expect(names(upcomingBirthdays(people, "2026-01-01"))).toEqual(["Cy", "Ann", "Bob"]);
  });

  it("crosses the new year", () => {
    expect(upcomingBirthdays([p("Jan", "2000-01-02")], "2026-12-31")).toEqual([
      { person: p("Jan", "2000-01-02"), date: "2027-01-02", age: 27, inDays: 2 },
    ]);
  });

  it("gives 29 February its 28 February in a common year", () => {
    expect(upcomingBirthdays([p("Leap", "2000-02-29")], "2027-02-20")).toEqual([
      { person: p("Leap", "2000-02-29"), date: "2027-02-28", age: 27, inDays: 8 },
    ]);
  });

  it("leaves out people not born yet, or born today", () => {
    expect(upcomingBirthdays([p("Unborn", "2026-12-01"), p("Newborn", "2026-11-23")], "2026-11-23")).toEqual([]);
    // A first birthday counts.
    expect(names(upcomingBirthdays([p("One", "2025-11-30")], "2026-11-23"))).toEqual(["One"]);
  });

  it("takes another window", () => {
    const people = [p("A", "1990-11-25"), p("B", "1990-11-30")];
    expect(names(upcomingBirthdays(people, "2026-11-23", 3))).toEqual(["A"]);
  });
});
