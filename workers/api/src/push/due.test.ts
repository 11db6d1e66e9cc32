import { DEFAULT_REMINDERS, type ReminderSettings } from "@nook/shared/push/schemas";
import { describe, expect, it } from "vitest";
import { dueIn, fireAt, localDay, nextDue, wallToInstant } from "./due.ts";

const t = (iso: string) => Date.parse(iso);
const keys = (settings: ReminderSettings, zone: string, iso: string) => dueIn(settings, zone, t(iso)).map((d) => d.key);
const daily = (time: string, quiet: ReminderSettings["quiet"] = null): ReminderSettings => ({
  ...DEFAULT_REMINDERS,
  daily: { time },
  quiet,
});
const BERLIN = "Europe/Berlin";

describe("a wall time in a zone", () => {
  it("is one instant on an ordinary day: 21:00 in Berlin is 20:00Z in winter, 19:00Z in summer", () => {
    expect(wallToInstant(BERLIN, "2027-03-27", "21:00")).toBe(t("2027-03-27T20:00:00Z"));
    expect(wallToInstant(BERLIN, "2027-03-28", "21:00")).toBe(t("2027-03-28T19:00:00Z"));
  });

  it("that is skipped (Berlin, 28 Mar 2027, 02:00 CET → 03:00 CEST at 01:00Z) comes at the gap's end", () => {
    expect(wallToInstant(BERLIN, "2027-03-28", "02:30")).toBe(t("2027-03-28T01:00:00Z"));
    expect(wallToInstant(BERLIN, "2027-03-28", "02:00")).toBe(t("2027-03-28T01:00:00Z"));
    expect(wallToInstant(BERLIN, "2027-03-28", "01:59")).toBe(t("2027-03-28T00:59:00Z"));
    expect(wallToInstant(BERLIN, "2027-03-28", "03:00")).toBe(t("2027-03-28T01:00:00Z"));
  });

  it("that comes twice (Berlin, 31 Oct 2027, 03:00 CEST → 02:00 CET at 01:00Z) is the first time", () => {
    expect(wallToInstant(BERLIN, "2027-10-31", "02:30")).toBe(t("2027-10-31T00:30:00Z"));
    expect(wallToInstant(BERLIN, "2027-10-31", "03:00")).toBe(t("2027-10-31T02:00:00Z"));
  });

  it("in a zone fourteen hours ahead (Pacific/Kiritimati) is on the UTC day before", () => {
    expect(wallToInstant("Pacific/Kiritimati", "2027-03-28", "09:00")).toBe(t("2027-03-27T19:00:00Z"));
    expect(localDay("Pacific/Kiritimati", t("2027-03-27T19:00:00Z"))).toBe("2027-03-28");
  });
});

describe("what is due in a minute", () => {
  it("is the daily reminder in its minute, any second of it, and not the minutes either side", () => {
    const s = daily("21:00");
    expect(keys(s, BERLIN, "2027-06-10T19:00:00Z")).toEqual(["daily:2027-06-10"]);
    expect(keys(s, BERLIN, "2027-06-10T19:00:59.999Z")).toEqual(["daily:2027-06-10"]);
    expect(keys(s, BERLIN, "2027-06-10T18:59:59Z")).toEqual([]);
    expect(keys(s, BERLIN, "2027-06-10T19:01:00Z")).toEqual([]);
  });

  it("across the spring change: 02:30 is sent at 03:00 CEST (01:00Z), once", () => {
    const s = daily("02:30");
    expect(keys(s, BERLIN, "2027-03-28T01:00:00Z")).toEqual(["daily:2027-03-28"]);
    expect(keys(s, BERLIN, "2027-03-28T00:30:00Z")).toEqual([]);
    expect(keys(s, BERLIN, "2027-03-28T01:30:00Z")).toEqual([]);
    // The day before and after, at 02:30 local as usual.
    expect(keys(s, BERLIN, "2027-03-27T01:30:00Z")).toEqual(["daily:2027-03-27"]);
    expect(keys(s, BERLIN, "2027-03-29T00:30:00Z")).toEqual(["daily:2027-03-29"]);
  });

  it("across the autumn change: 02:30 is sent at the first 02:30 (00:30Z), not at the second (01:30Z)", () => {
    const s = daily("02:30");
    expect(keys(s, BERLIN, "2027-10-31T00:30:00Z")).toEqual(["daily:2027-10-31"]);
    expect(keys(s, BERLIN, "2027-10-31T01:30:00Z")).toEqual([]);
    expect(keys(s, BERLIN, "2027-11-01T01:30:00Z")).toEqual(["daily:2027-11-01"]);
  });

  it("in Kiritimati: 09:00 on the 28th is sent at 19:00Z on the 27th, keyed by the local day", () => {
    expect(keys(daily("09:00"), "Pacific/Kiritimati", "2027-03-27T19:00:00Z")).toEqual(["daily:2027-03-28"]);
    expect(keys(daily("23:30"), "Pacific/Kiritimati", "2027-03-28T09:30:00Z")).toEqual(["daily:2027-03-28"]);
  });

  it("is each chosen streak item's reminder, keyed by item and day", () => {
    const s: ReminderSettings = { ...DEFAULT_REMINDERS, streaks: { time: "20:00", items: [5, 7] } };
    const due = dueIn(s, BERLIN, t("2027-03-28T18:00:00Z"));
    expect(due.map((d) => [d.key, d.item])).toEqual([
      ["streak:5:2027-03-28", 5],
      ["streak:7:2027-03-28", 7],
    ]);
    expect(dueIn({ ...s, streaks: { time: "20:00", items: [] } }, BERLIN, t("2027-03-28T18:00:00Z"))).toEqual([]);
  });

  it("is nothing when nothing reminds", () => {
    expect(dueIn(DEFAULT_REMINDERS, BERLIN, t("2027-03-28T18:00:00Z"))).toEqual([]);
    expect(nextDue(DEFAULT_REMINDERS, BERLIN, t("2027-03-28T18:00:00Z"))).toBeNull();
  });
});

describe("quiet hours over midnight (22:00–07:00 in Berlin) hold a reminder until they end", () => {
  const quiet = { from: "22:00", to: "07:00" };

  it("23:15 on 10 Jun (21:15Z) is sent at 07:00 on the 11th (05:00Z), keyed by the 10th", () => {
    const s = daily("23:15", quiet);
    expect(keys(s, BERLIN, "2027-06-10T21:15:00Z")).toEqual([]);
    const [due] = dueIn(s, BERLIN, t("2027-06-11T05:00:00Z"));
    expect(due).toEqual({
      kind: "daily",
      key: "daily:2027-06-10",
      day: "2027-06-10",
      at: t("2027-06-10T21:15:00Z"),
      fire: t("2027-06-11T05:00:00Z"),
    });
  });

  it("06:00 after midnight is sent at 07:00 that day; 07:00 and 21:59 are outside and sent as set", () => {
    expect(keys(daily("06:00", quiet), BERLIN, "2027-06-11T05:00:00Z")).toEqual(["daily:2027-06-11"]);
    expect(keys(daily("06:00", quiet), BERLIN, "2027-06-11T04:00:00Z")).toEqual([]);
    expect(keys(daily("07:00", quiet), BERLIN, "2027-06-11T05:00:00Z")).toEqual(["daily:2027-06-11"]);
    expect(keys(daily("21:59", quiet), BERLIN, "2027-06-10T19:59:00Z")).toEqual(["daily:2027-06-10"]);
  });

  it("held across the spring change: 23:00 CET on 27 Mar (22:00Z) is sent at 07:00 CEST on the 28th (05:00Z)", () => {
    expect(keys(daily("23:00", quiet), BERLIN, "2027-03-28T05:00:00Z")).toEqual(["daily:2027-03-27"]);
    expect(keys(daily("23:00", quiet), BERLIN, "2027-03-27T22:00:00Z")).toEqual([]);
  });

  it("hours within a day (13:00–15:00) hold a 14:00 reminder to 15:00; from == to is no quiet hours", () => {
    expect(fireAt(BERLIN, { from: "13:00", to: "15:00" }, t("2027-06-10T12:00:00Z"))).toBe(t("2027-06-10T13:00:00Z"));
    expect(fireAt(BERLIN, { from: "13:00", to: "13:00" }, t("2027-06-10T12:00:00Z"))).toBe(t("2027-06-10T12:00:00Z"));
  });

  it("hold an alarm too: a birthday's 22:30 alarm is sent at 07:00 the next morning", () => {
    const alarms = [{ key: "birthday:4:2027", at: t("2027-06-10T20:30:00Z") }];
    const s = { ...DEFAULT_REMINDERS, quiet };
    expect(dueIn(s, BERLIN, t("2027-06-10T20:30:00Z"), alarms)).toEqual([]);
    expect(dueIn(s, BERLIN, t("2027-06-11T05:00:00Z"), alarms).map((d) => d.key)).toEqual(["birthday:4:2027"]);
    expect(dueIn(DEFAULT_REMINDERS, BERLIN, t("2027-06-10T20:30:00Z"), alarms).map((d) => d.key)).toEqual([
      "birthday:4:2027",
    ]);
  });
});

describe("when an account is next due", () => {
  it("is the next minute a reminder is sent, this one included", () => {
    const s = daily("21:00");
    expect(nextDue(s, BERLIN, t("2027-03-28T19:00:30Z"))).toBe(t("2027-03-28T19:00:00Z"));
    expect(nextDue(s, BERLIN, t("2027-03-28T19:01:00Z"))).toBe(t("2027-03-29T19:00:00Z"));
    expect(nextDue(s, BERLIN, t("2027-03-27T20:01:00Z"))).toBe(t("2027-03-28T19:00:00Z"));
  });

  it("is the quiet hours' end for a held reminder", () => {
    const s = daily("23:15", { from: "22:00", to: "07:00" });
    expect(nextDue(s, BERLIN, t("2027-06-10T12:00:00Z"))).toBe(t("2027-06-11T05:00:00Z"));
  });
});
