import { DEFAULT_REMINDERS } from "@nook/shared/push/schemas";
import { describe, expect, it } from "vitest";
import { type AlarmData, alarmsWithin } from "./alarms.ts";

// Berlin's clocks go forward at 02:00 on 28 March 2027: CET (UTC+1) before, CEST (UTC+2) after.
const BERLIN = "Europe/Berlin";
const ALL_ON = { ...DEFAULT_REMINDERS, birthdays: true, deadlines: true, events: true };
const utc = (iso: string) => Date.parse(iso);
const NONE: AlarmData = { born: [], due: [], own: [], leads: undefined };
/** The alarms of `data` from 20 March to 10 April 2027, as [key, the instant it is set for]. */
const alarms = (data: Partial<AlarmData>, settings = ALL_ON, zone = BERLIN) =>
  alarmsWithin({ ...NONE, ...data }, settings, zone, utc("2027-03-20T00:00:00Z"), utc("2027-04-10T00:00:00Z")).map(
    (a) => [a.key, new Date(a.at).toISOString()],
  );

describe("birthdays, deadlines and events as alarms", () => {
  it("without a feed: 09:00 on the day for a birthday and a deadline, in the day's own offset", () => {
    const data = {
      born: [{ id: 7, name: "Ada", birthDate: "1990-03-28", tag: "@ada" }],
      due: [{ id: 3, name: "Taxes", deadline: utc("2027-03-26T22:30:00Z"), totalItems: 4, completedItems: 1 }],
    };
    // The birthday on the day the clocks change: 09:00 CEST is 07:00Z. The deadline's instant is 23:30 on the
    // 26th in Berlin: its day is the 26th, 09:00 CET is 08:00Z.
    expect(alarms(data)).toEqual([
      ["deadline:3:2027-03-26", "2027-03-26T08:00:00.000Z"],
      ["birthday:7:2027-03-28", "2027-03-28T07:00:00.000Z"],
    ]);
  });

  it("at the feed's lead times: a day before at 09:00, a week before at 09:00", () => {
    const data = {
      born: [{ id: 7, name: "Ada", birthDate: "1990-03-28", tag: null }],
      due: [{ id: 3, name: "Taxes", deadline: utc("2027-04-05T10:00:00Z"), totalItems: 0, completedItems: 0 }],
      leads: { birthdays: 900, deadlines: 9540, events: null },
    };
    expect(alarms(data)).toEqual([
      // 27 March 09:00 CET.
      ["birthday:7:2027-03-28", "2027-03-27T08:00:00.000Z"],
      // 29 March 09:00 CEST, a week before 5 April.
      ["deadline:3:2027-04-05", "2027-03-29T07:00:00.000Z"],
    ]);
  });

  it("a timed event 15 minutes before each start, an all-day one at 09:00, and the feed's hour before", () => {
    const own = [
      { id: 1, title: "Choir", date: "2027-03-14", start: "19:30", repeat: "weekly" as const },
      { id: 2, title: "Holiday", date: "2027-04-02", start: null, repeat: "none" as const },
    ];
    expect(alarms({ own })).toEqual([
      ["event:1:2027-03-21", "2027-03-21T18:15:00.000Z"],
      ["event:1:2027-03-28", "2027-03-28T17:15:00.000Z"],
      ["event:2:2027-04-02", "2027-04-02T07:00:00.000Z"],
      ["event:1:2027-04-04", "2027-04-04T17:15:00.000Z"],
    ]);
    // An hour before a timed one; a day before (at 09:00) an all-day one, as the feed's VALARMs say.
    expect(alarms({ own, leads: { birthdays: null, deadlines: null, events: 1440 } })).toEqual([
      ["event:1:2027-03-21", "2027-03-20T18:30:00.000Z"],
      // 24 hours before 19:30 CEST: 18:30 CET the day before, the clocks changed between.
      ["event:1:2027-03-28", "2027-03-27T17:30:00.000Z"],
      ["event:2:2027-04-02", "2027-04-01T07:00:00.000Z"],
      ["event:1:2027-04-04", "2027-04-03T17:30:00.000Z"],
    ]);
  });

  it("29 February on the 28th in a common year; none on the day of birth; only the kinds turned on", () => {
    const born = [
      { id: 1, name: "Leap", birthDate: "2000-02-29", tag: null },
      { id: 2, name: "Newborn", birthDate: "2027-03-25", tag: null },
    ];
    const window = (from: string, to: string, settings = ALL_ON) =>
      alarmsWithin({ ...NONE, born }, settings, "UTC", utc(from), utc(to)).map((a) => a.key);
    expect(window("2027-02-20T00:00:00Z", "2027-03-31T00:00:00Z")).toEqual(["birthday:1:2027-02-28"]);
    expect(window("2028-02-20T00:00:00Z", "2028-03-31T00:00:00Z")).toEqual([
      "birthday:1:2028-02-29",
      "birthday:2:2028-03-25",
    ]);
    expect(window("2028-02-20T00:00:00Z", "2028-03-31T00:00:00Z", { ...ALL_ON, birthdays: false })).toEqual([]);
  });

  it("keeps only the alarms set within the window, from its first minute up to, not at, its end", () => {
    const born = [{ id: 7, name: "Ada", birthDate: "1990-03-28", tag: null }];
    const at = utc("2027-03-28T07:00:00Z");
    expect(alarmsWithin({ ...NONE, born }, ALL_ON, BERLIN, at, at + 60_000)).toHaveLength(1);
    expect(alarmsWithin({ ...NONE, born }, ALL_ON, BERLIN, at - 60_000, at)).toHaveLength(0);
  });
});
