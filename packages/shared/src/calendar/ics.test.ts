import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, type IcsCalendar, type IcsItem, icsCalendar, vtimezone } from "./ics.ts";

const NOW = Date.UTC(2026, 2, 1, 12, 34, 56);
const encoder = new TextEncoder();

/** A calendar of the given items in a zone, as text. */
function feed(items: IcsItem[], timeZone = "Europe/Berlin", name = "Nook"): string {
  const cal: IcsCalendar = { name, timeZone, now: NOW, items };
  return icsCalendar(cal);
}

/** The text read back by ical.js: TZIDs resolve through the file's own VTIMEZONE, nothing registered. */
function parse(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text));
}

function events(text: string): ICAL.Event[] {
  return parse(text)
    .getAllSubcomponents("vevent")
    .map((v) => new ICAL.Event(v));
}

function only(text: string): ICAL.Event {
  const [event, ...rest] = events(text);
  if (!event || rest.length) throw new Error("expected exactly one event");
  return event;
}

/** The first `n` occurrences as ical.js expands them. */
function occurrences(event: ICAL.Event, n: number): ICAL.Time[] {
  const it = event.iterator();
  const out: ICAL.Time[] = [];
  for (let t = it.next(); t && out.length < n; t = it.next()) out.push(t);
  return out;
}

const days = (times: ICAL.Time[]) => times.map((t) => t.toString().slice(0, 10));
const instants = (times: ICAL.Time[]) => times.map((t) => t.toJSDate().toISOString());

const item = (over: Partial<IcsItem>): IcsItem => ({
  uid: "event-1@nook",
  summary: "Item",
  date: "2026-03-01",
  repeat: "none",
  ...over,
});

/**
 * What a TEXT value reads back as, written out on its own: newlines (CRLF, CR, LF) as LF, control
 * characters other than tab and newline gone, a lone surrogate as U+FFFD.
 */
function expectedText(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c === 0x0d) {
      out += "\n";
      if (next === 0x0a) i++;
    } else if (c === 0x0a || c === 0x09) out += s[i];
    else if (c < 0x20 || c === 0x7f) continue;
    else if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += s.slice(i, i + 2);
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += "\uFFFD";
    else out += s[i];
  }
  return out;
}

describe("escapeText", () => {
  it("escapes backslash, semicolon, comma and every kind of newline", () => {
    expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeText("1\n2\r\n3\r4")).toBe("1\\n2\\n3\\n4");
    expect(escapeText("\r\r\n\n")).toBe("\\n\\n\\n");
  });

  it("drops control characters but keeps tabs, and reads newlines before dropping", () => {
    expect(escapeText("a\u0000b\u0007c\u001bd\u007fe\tf")).toBe("abcde\tf");
    expect(escapeText("x\r\u0000\ny")).toBe("x\\n\\ny");
  });

  it("turns a lone surrogate into U+FFFD and keeps pairs", () => {
    expect(escapeText("a\uD800b\uDC00c😀")).toBe("a\uFFFDb\uFFFDc😀");
    expect(escapeText("\uDC00\uD800")).toBe("\uFFFD\uFFFD");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds the 76th onto a continuation", () => {
    expect(foldLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
    expect(foldLine("a".repeat(75 + 74 + 1))).toBe(`${"a".repeat(75)}\r\n ${"a".repeat(74)}\r\n a`);
  });

  it("counts UTF-8 octets and never cuts a character", () => {
    // 25 three-octet characters fill a line; the 26th moves on whole.
    expect(foldLine("ж".repeat(37) + "€".repeat(1))).toBe(`${"ж".repeat(37)}\r\n €`);
    expect(foldLine("€".repeat(26))).toBe(`${"€".repeat(25)}\r\n €`);
    // Emoji are 4 octets: 18 make 72, the 19th would make 76.
    expect(foldLine("😀".repeat(19))).toBe(`${"😀".repeat(18)}\r\n 😀`);
  });
});

describe("icsCalendar", () => {
  it("writes the calendar's frame, CRLF after every line", () => {
    const text = feed([item({ summary: "Day" })], "Europe/Berlin", "Anna's, calendar");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(text.split("\r\n").slice(0, 8)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Nook//Calendar feed//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Anna's\\, calendar",
      "NAME:Anna's\\, calendar",
      "X-WR-TIMEZONE:Europe/Berlin",
    ]);
  });

  it("writes a VTIMEZONE exactly when a timed item needs it", () => {
    const allDay = parse(feed([item({})]));
    expect(allDay.getAllSubcomponents("vtimezone")).toHaveLength(0);
    const timed = parse(feed([item({}), item({ uid: "t@nook", start: "09:00", end: "10:00" })]));
    const zones = timed.getAllSubcomponents("vtimezone");
    expect(zones.map((z) => z.getFirstPropertyValue("tzid"))).toEqual(["Europe/Berlin"]);
  });

  it("folds long lines at 75 octets and they unfold to the property, emoji never cut", () => {
    const summary = "😀".repeat(200);
    const description = `Привет; мир, \\ ${"ü".repeat(100)}\nzweite Zeile`;
    const text = feed([item({ summary, description })]);
    const lines = text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    for (const line of lines) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      // A cut surrogate pair would encode as U+FFFD and decode differently.
      expect(new TextDecoder("utf-8", { fatal: true }).decode(encoder.encode(line))).toBe(line);
    }
    const unfolded = text.replaceAll("\r\n ", "").split("\r\n");
    expect(unfolded).toContain(`SUMMARY:${summary}`);
    expect(unfolded).toContain(`DESCRIPTION:Привет\\; мир\\, \\\\ ${"ü".repeat(100)}\\nzweite Zeile`);
    const event = only(text);
    expect(event.summary).toBe(summary);
    expect(event.description).toBe(description);
  });

  it("round-trips a summary of emoji, Cyrillic, ; , \\ and newlines through ical.js", () => {
    const summary = "День рождения 🎂; торт, свечи \\ и\r\nпесня\rещё\nконец 👨‍👩‍👧";
    const event = only(feed([item({ summary })]));
    expect(event.summary).toBe("День рождения 🎂; торт, свечи \\ и\nпесня\nещё\nконец 👨‍👩‍👧");
  });

  it("writes DTSTAMP in UTC and UIDs as given", () => {
    const text = feed([item({ uid: "event-12@nook" }), item({ uid: "birthday-3@nook", start: "08:00", end: "09:00" })]);
    expect(text).toContain("DTSTAMP:20260301T123456Z\r\n");
    const [a, b] = parse(text).getAllSubcomponents("vevent");
    expect(a?.getFirstPropertyValue("uid")).toBe("event-12@nook");
    expect(b?.getFirstPropertyValue("uid")).toBe("birthday-3@nook");
    const stamp = a?.getFirstPropertyValue("dtstamp") as ICAL.Time;
    expect(stamp.zone?.tzid).toBe("UTC");
    expect(stamp.toJSDate().toISOString()).toBe("2026-03-01T12:34:56.000Z");
  });

  it("writes LAST-MODIFIED when given, a description only when it has text", () => {
    const text = feed([
      item({ uid: "a@nook", modifiedAt: Date.UTC(2025, 11, 31, 23, 59, 1), description: "" }),
      item({ uid: "b@nook", description: "\u0000\u0001" }),
    ]);
    expect(text).toContain("LAST-MODIFIED:20251231T235901Z\r\n");
    expect(text.match(/LAST-MODIFIED/g)).toHaveLength(1);
    expect(text).not.toContain("DESCRIPTION");
  });
});

describe("all-day items", () => {
  it("span their date, are transparent, and repeat weekly", () => {
    const text = feed([item({ date: "2026-03-30", repeat: "weekly" })]);
    expect(text).toContain("DTSTART;VALUE=DATE:20260330\r\nDTEND;VALUE=DATE:20260331\r\nRRULE:FREQ=WEEKLY\r\n");
    expect(text).toContain("TRANSP:TRANSPARENT\r\n");
    const event = only(text);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2026-03-30");
    expect(event.endDate.toString()).toBe("2026-03-31");
    expect(days(occurrences(event, 5))).toEqual(["2026-03-30", "2026-04-06", "2026-04-13", "2026-04-20", "2026-04-27"]);
  });

  it("end on the next day across a month and a year", () => {
    const event = only(feed([item({ date: "2026-12-31" })]));
    expect(event.endDate.toString()).toBe("2027-01-01");
    expect(days(occurrences(event, 3))).toEqual(["2026-12-31"]);
  });

  it("repeat monthly from the 31st, skipping months without one", () => {
    const text = feed([item({ date: "2026-01-31", repeat: "monthly" })]);
    expect(text).toContain("RRULE:FREQ=MONTHLY\r\n");
    expect(days(occurrences(only(text), 7))).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
      "2026-08-31",
      "2026-10-31",
      "2026-12-31",
    ]);
  });

  it("repeat yearly from 29 February on the 28th in common years, for a birthday", () => {
    const text = feed([item({ date: "2024-02-29", repeat: "yearly", leapDayOnFeb28: true })]);
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n");
    expect(days(occurrences(only(text), 5))).toEqual([
      "2024-02-29",
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
  });

  it("repeat yearly from 29 February only in leap years without the flag, spelt out for ical.js", () => {
    const text = feed([item({ date: "2024-02-29", repeat: "yearly" })]);
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\r\n");
    expect(days(occurrences(only(text), 3))).toEqual(["2024-02-29", "2028-02-29", "2032-02-29"]);
  });

  it("repeat yearly on any other day plainly, the flag notwithstanding", () => {
    const text = feed([item({ date: "2024-03-01", repeat: "yearly", leapDayOnFeb28: true })]);
    expect(text).toContain("RRULE:FREQ=YEARLY\r\n");
    expect(days(occurrences(only(text), 3))).toEqual(["2024-03-01", "2025-03-01", "2026-03-01"]);
  });
});

describe("timed items", () => {
  it("keep 09:00 in Berlin across the spring change: 08:00Z before, 07:00Z after", () => {
    const text = feed([item({ date: "2026-03-19", start: "09:00", end: "10:30", repeat: "weekly" })]);
    expect(text).toContain(
      "DTSTART;TZID=Europe/Berlin:20260319T090000\r\nDTEND;TZID=Europe/Berlin:20260319T103000\r\n",
    );
    expect(text).not.toContain("TRANSP");
    const event = only(text);
    // Resolved through the file's VTIMEZONE (nothing is registered), not the machine's zone.
    expect(event.startDate.zone?.tzid).toBe("Europe/Berlin");
    expect(instants(occurrences(event, 4))).toEqual([
      "2026-03-19T08:00:00.000Z",
      "2026-03-26T08:00:00.000Z",
      "2026-04-02T07:00:00.000Z",
      "2026-04-09T07:00:00.000Z",
    ]);
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-03-19T09:30:00.000Z");
  });

  it("keep 09:00 in New York across the November change: 13:00Z before, 14:00Z after", () => {
    const text = feed(
      [item({ date: "2026-10-22", start: "09:00", end: "09:30", repeat: "weekly" })],
      "America/New_York",
    );
    expect(instants(occurrences(only(text), 3))).toEqual([
      "2026-10-22T13:00:00.000Z",
      "2026-10-29T13:00:00.000Z",
      "2026-11-05T14:00:00.000Z",
    ]);
  });

  it("end on the next day when the end is at or before the start", () => {
    const text = feed([
      item({ uid: "late@nook", date: "2026-03-28", start: "22:00", end: "01:00" }),
      item({ uid: "day@nook", date: "2026-06-30", start: "08:00", end: "08:00" }),
    ]);
    expect(text).toContain(
      "DTSTART;TZID=Europe/Berlin:20260328T220000\r\nDTEND;TZID=Europe/Berlin:20260329T010000\r\n",
    );
    const [late, day] = events(text);
    expect(late?.endDate.toString()).toBe("2026-03-29T01:00:00");
    expect(late?.startDate.toJSDate().toISOString()).toBe("2026-03-28T21:00:00.000Z");
    expect(late?.endDate.toJSDate().toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(day?.endDate.toString()).toBe("2026-07-01T08:00:00");
    expect(day?.duration.toSeconds()).toBe(24 * 3600);
  });

  it("have no DTEND without an end: the event is its start instant", () => {
    const text = feed([item({ start: "07:15" })]);
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260301T071500\r\n");
    expect(text).not.toContain("DTEND");
  });

  it("resolve in a zone without DST and one behind UTC", () => {
    const tokyo = only(feed([item({ date: "2026-07-01", start: "12:00", end: "13:00" })], "Asia/Tokyo"));
    expect(tokyo.startDate.toJSDate().toISOString()).toBe("2026-07-01T03:00:00.000Z");
    const utc = only(feed([item({ date: "2026-07-01", start: "12:00", end: "13:00" })], "UTC"));
    expect(utc.startDate.toJSDate().toISOString()).toBe("2026-07-01T12:00:00.000Z");
    const stJohns = only(feed([item({ date: "2026-01-15", start: "12:00", end: "13:00" })], "America/St_Johns"));
    expect(stJohns.startDate.toJSDate().toISOString()).toBe("2026-01-15T15:30:00.000Z");
  });
});

describe("alarms", () => {
  const cases: [number, string][] = [
    [0, "TRIGGER:PT0S"],
    [15, "TRIGGER:-PT15M"],
    [60, "TRIGGER:-PT1H"],
    [90, "TRIGGER:-PT1H30M"],
    [900, "TRIGGER:-PT15H"],
    [1440, "TRIGGER:-P1D"],
    [1470, "TRIGGER:-P1DT30M"],
    [9540, "TRIGGER:-P6DT15H"],
    [-540, "TRIGGER:PT9H"],
  ];

  it("write each trigger as an RFC 5545 duration that ical.js reads as −minutesBefore", () => {
    const alarms = cases.map(([minutesBefore], i) => ({ minutesBefore, description: `Reminder ${i}; soon` }));
    const text = feed([item({ alarms })]);
    const unfolded = text.replaceAll("\r\n ", "");
    for (const [, line] of cases) expect(unfolded).toContain(`\r\n${line}\r\n`);
    const valarms = parse(text).getFirstSubcomponent("vevent")?.getAllSubcomponents("valarm") ?? [];
    expect(valarms.map((a) => (a.getFirstPropertyValue("trigger") as ICAL.Duration).toSeconds())).toEqual([
      0, -900, -3600, -5400, -54000, -86400, -88200, -572400, 32400,
    ]);
    expect(valarms.map((a) => a.getFirstPropertyValue("action"))).toEqual(cases.map(() => "DISPLAY"));
    expect(valarms[1]?.getFirstPropertyValue("description")).toBe("Reminder 1; soon");
  });
});

/** The zone a bare VTIMEZONE block describes, as ical.js reads it. */
function zoneOf(lines: string[]): ICAL.Timezone {
  const cal = parse(["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR", ""].join("\r\n"));
  const component = cal.getFirstSubcomponent("vtimezone");
  if (!component) throw new Error("no VTIMEZONE");
  return new ICAL.Timezone(component);
}

/** A local wall time in a zone, as an ISO instant. */
function utcOf(zone: ICAL.Timezone, year: number, month: number, day: number, hour: number, minute = 0): string {
  return ICAL.Time.fromData({ year, month, day, hour, minute }, zone).toJSDate().toISOString();
}

describe("vtimezone", () => {
  const year2026: [number, number] = [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)];

  it("writes Berlin's 2026: the winter offset at the start, then each change in the old offset's time", () => {
    expect(vtimezone("Europe/Berlin", ...year2026)).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Europe/Berlin",
      "BEGIN:STANDARD",
      "DTSTART:20260101T010000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0100",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:20260329T020000",
      "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200",
      "END:DAYLIGHT",
      "BEGIN:STANDARD",
      "DTSTART:20261025T030000",
      "TZOFFSETFROM:+0200",
      "TZOFFSETTO:+0100",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  it("gives ical.js Berlin's summer and winter offsets", () => {
    const berlin = zoneOf(vtimezone("Europe/Berlin", ...year2026));
    expect(utcOf(berlin, 2026, 7, 1, 12)).toBe("2026-07-01T10:00:00.000Z");
    expect(utcOf(berlin, 2026, 1, 15, 12)).toBe("2026-01-15T11:00:00.000Z");
    expect(utcOf(berlin, 2026, 3, 29, 1, 59)).toBe("2026-03-29T00:59:00.000Z");
    expect(utcOf(berlin, 2026, 3, 29, 3)).toBe("2026-03-29T01:00:00.000Z");
  });

  it("writes one STANDARD for a zone without changes", () => {
    expect(vtimezone("Asia/Tokyo", ...year2026)).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Asia/Tokyo",
      "BEGIN:STANDARD",
      "DTSTART:20260101T090000",
      "TZOFFSETFROM:+0900",
      "TZOFFSETTO:+0900",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
    expect(vtimezone("UTC", ...year2026)).toContain("TZOFFSETTO:+0000");
  });

  it("handles half hours: Kolkata ahead of UTC, St John's behind it with DST", () => {
    const kolkata = vtimezone("Asia/Kolkata", ...year2026);
    expect(kolkata).toContain("TZOFFSETTO:+0530");
    expect(kolkata.filter((l) => l.startsWith("BEGIN:"))).toEqual(["BEGIN:VTIMEZONE", "BEGIN:STANDARD"]);
    expect(utcOf(zoneOf(kolkata), 2026, 1, 15, 12)).toBe("2026-01-15T06:30:00.000Z");

    const stJohns = vtimezone("America/St_Johns", ...year2026);
    expect(stJohns).toEqual(expect.arrayContaining(["TZOFFSETFROM:-0330", "TZOFFSETTO:-0230"]));
    // 8 March 2026 02:00 NST the clocks go forward; 1 November 02:00 NDT back.
    expect(stJohns).toEqual(expect.arrayContaining(["DTSTART:20260308T020000", "DTSTART:20261101T020000"]));
    const zone = zoneOf(stJohns);
    expect(utcOf(zone, 2026, 1, 15, 12)).toBe("2026-01-15T15:30:00.000Z");
    expect(utcOf(zone, 2026, 7, 1, 12)).toBe("2026-07-01T14:30:00.000Z");
  });

  it("marks the southern summer as DAYLIGHT", () => {
    const sydney = vtimezone("Australia/Sydney", ...year2026);
    expect(sydney.slice(2, 7)).toEqual([
      "BEGIN:DAYLIGHT",
      "DTSTART:20260101T110000",
      "TZOFFSETFROM:+1100",
      "TZOFFSETTO:+1100",
      "END:DAYLIGHT",
    ]);
    const zone = zoneOf(sydney);
    expect(utcOf(zone, 2026, 1, 15, 12)).toBe("2026-01-15T01:00:00.000Z");
    expect(utcOf(zone, 2026, 7, 1, 12)).toBe("2026-07-01T02:00:00.000Z");
  });

  it("writes an offset with seconds as ±hhmmss", () => {
    // Berlin kept local mean time, +00:53:28, until 1 April 1893.
    const lines = vtimezone("Europe/Berlin", Date.UTC(1893, 0, 1), Date.UTC(1893, 11, 31));
    expect(lines).toEqual(
      expect.arrayContaining(["DTSTART:18930401T000000", "TZOFFSETFROM:+005328", "TZOFFSETTO:+0100"]),
    );
  });
});

describe("what a feed polled by apps needs", () => {
  it("asks to be read again after the hours given, and only when given", () => {
    const text = icsCalendar({ name: "Nook", timeZone: "Europe/Berlin", now: NOW, refreshHours: 6, items: [] });
    expect(text).toContain(
      "\r\nX-WR-TIMEZONE:Europe/Berlin\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\nX-PUBLISHED-TTL:PT6H\r\n",
    );
    expect(feed([])).not.toContain("REFRESH-INTERVAL");
  });

  it("writes the same text all year for the same items: DTSTAMP is an item's own time, the zone's span by the year", () => {
    const items = [item({ start: "09:00", end: "10:00", modifiedAt: Date.UTC(2026, 0, 2, 3, 4, 5) })];
    const at = (now: number) => icsCalendar({ name: "Nook", timeZone: "Europe/Berlin", now, items });
    expect(at(Date.UTC(2026, 0, 1))).toBe(at(Date.UTC(2026, 11, 31, 23, 59, 59)));
    expect(at(NOW)).toContain("DTSTAMP:20260102T030405Z\r\n");
    // A new year reaches the VTIMEZONE a year further.
    expect(at(Date.UTC(2027, 0, 1))).not.toBe(at(NOW));
  });

  it("starts a birthday's series a year after the day of birth, as ical.js expands it", () => {
    const birthday = (date: string, leapDayOnFeb28?: boolean) =>
      days(occurrences(only(feed([item({ date, repeat: "yearly", notOnFirst: true, leapDayOnFeb28 })])), 3));
    expect(birthday("1990-03-05")).toEqual(["1991-03-05", "1992-03-05", "1993-03-05"]);
    expect(birthday("2000-02-29", true)).toEqual(["2001-02-28", "2002-02-28", "2003-02-28"]);
    // Without the 28th: the next 29 February, past 2100 (no leap year).
    expect(birthday("2096-02-29")).toEqual(["2104-02-29", "2108-02-29", "2112-02-29"]);
    // Only a yearly item: a single one stays on its day.
    expect(days(occurrences(only(feed([item({ date: "1990-03-05", notOnFirst: true })])), 2))).toEqual(["1990-03-05"]);
  });
});

describe("any text", () => {
  // Every UTF-16 unit, so lone surrogates and control characters come up, and the characters that matter most.
  const unit = fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.constantFrom("\\", ";", ",", "\n", "\r", "\r\n", "\t", " ", ":", '"', "😀", "ж", "\u0000", "\u007f"),
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  );
  const text = fc.string({ unit, maxLength: 200 });

  it("parses and round-trips summary and description", () => {
    fc.assert(
      fc.property(text, text, (summary, description) => {
        const out = feed([item({ summary, description, alarms: [{ minutesBefore: 15, description: summary }] })]);
        for (const line of out.split("\r\n")) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
        const event = only(out);
        expect(event.summary).toBe(expectedText(summary));
        expect(event.description ?? "").toBe(expectedText(description));
        const alarm = event.component.getFirstSubcomponent("valarm");
        expect(alarm?.getFirstPropertyValue("description")).toBe(expectedText(summary));
      }),
      { numRuns: 200 },
    );
  });
});
