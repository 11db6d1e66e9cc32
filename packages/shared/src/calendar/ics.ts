/**
 * An iCalendar (RFC 5545) writer for the calendar feed: pure text, no dependencies, so it runs in a
 * Worker. Items keep their wall times in the calendar's zone (TZID) and repeat by RRULE, so a phone's
 * calendar app expands them exactly as events.ts does on the page.
 */
import { addDays, dayNumber, isLeapYear } from "../common/calendar-date.ts";
import { offsetSpan } from "../common/time-zone.ts";

export type IcsRepeat = "none" | "weekly" | "monthly" | "yearly";

export interface IcsAlarm {
  /** Minutes before the start (for an all-day item: before 00:00 local of its day). 0 = at the start. A day before at 09:00 is 15 * 60. */
  minutesBefore: number;
  description: string;
}

export interface IcsItem {
  /** Stable and already globally unique ("event-12@nook"); written as is. */
  uid: string;
  summary: string;
  description?: string;
  /** "YYYY-MM-DD": the (first) day, in the calendar's zone. */
  date: string;
  /** "HH:MM" wall time in the calendar's zone; absent or null for an all-day item. */
  start?: string | null;
  /** "HH:MM"; at or before `start` the item ends on the next day at `end`. */
  end?: string | null;
  repeat: IcsRepeat;
  /** Yearly only: a 29 February date falls on the last day of February (28th in common years) — birthdays. */
  leapDayOnFeb28?: boolean;
  /**
   * Yearly only: `date` itself is no occurrence, the series starts on the next one — a birthday, which the
   * day of birth is not.
   */
  notOnFirst?: boolean;
  /** ms; written as LAST-MODIFIED, and as DTSTAMP (the item's last revision), so the text changes only with it. */
  modifiedAt?: number;
  alarms?: IcsAlarm[];
}

export interface IcsCalendar {
  /** X-WR-CALNAME and NAME. */
  name: string;
  /** IANA zone; timed items name it by TZID, described by a generated VTIMEZONE. */
  timeZone: string;
  /**
   * ms: the DTSTAMP of an item without `modifiedAt`, and the year the VTIMEZONE reaches ten years past. The
   * text depends on nothing else of it, so the same items give the same text all year (the feed's ETag).
   */
  now: number;
  /** Hours a calendar app waits before it reads the feed again: REFRESH-INTERVAL and X-PUBLISHED-TTL. */
  refreshHours?: number;
  items: IcsItem[];
}

const DAY_MS = 86_400_000;
const CRLF = "\r\n";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: TEXT cannot hold control characters; they are found to be dropped.
const SPECIAL = /\r\n?|[\n\\;,]|[\u0000-\u0008\u000B-\u001F\u007F]/g;

/**
 * A TEXT value (RFC 5545 §3.3.11): `\ ; ,` escaped, each newline (LF, CRLF or CR) as `\n`. Other control
 * characters cannot appear in TEXT and are dropped (tab stays); a lone surrogate has no UTF-8 form and
 * becomes U+FFFD.
 */
export function escapeText(s: string): string {
  // Newlines are read before anything is dropped, so "\r\0\n" stays two lines rather than becoming a CRLF.
  return s.replace(LONE_SURROGATE, "\uFFFD").replace(SPECIAL, (c) => {
    if (c[0] === "\r" || c === "\n") return "\\n";
    return c === "\\" || c === ";" || c === "," ? `\\${c}` : "";
  });
}

/** UTF-8 length of one code point (a lone surrogate is written as U+FFFD: 3 octets). */
const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * A content line folded at 75 octets of UTF-8 (RFC 5545 §3.1), the leading space of a continuation
 * counted in. Folds fall between code points, so no UTF-8 sequence or surrogate pair is cut.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const n = utf8Length(ch.codePointAt(0) ?? 0);
    if (octets + n > 75) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += n;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** An instant as a UTC DATE-TIME: 20260301T080000Z. */
function utcStamp(ms: number): string {
  return `${floatingStamp(ms)}Z`;
}

/** The UTC fields of `ms` as a DATE-TIME without zone: 20260301T080000 (local times pass in shifted). */
function floatingStamp(ms: number): string {
  const d = new Date(ms);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** A UTC offset in ms as ±hhmm, or ±hhmmss when it has seconds (the old local mean times). */
function utcOffsetText(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  // "-0000" is not allowed: UTC is +0000.
  return `${ms < 0 ? "-" : "+"}${pad(h)}${pad(m)}${s ? pad(s) : ""}`;
}

/** The offsets a zone keeps during one UTC year: the smallest is that year's standard time. */
function smallestOffset(zone: string, year: number): number {
  const { first, changes } = offsetSpan(zone, Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1));
  return Math.min(first, ...changes.map((c) => c.offset));
}

/** One STANDARD or DAYLIGHT observance: from `at` on, the zone is `to` ahead of UTC. */
function observance(zone: string, at: number, from: number, to: number): string[] {
  // DAYLIGHT is any offset above the year's smallest: the southern summer, double summer time, and the
  // rare permanent move to a larger offset too (clients use the kind only to name the offset).
  const kind = to > smallestOffset(zone, new Date(at).getUTCFullYear()) ? "DAYLIGHT" : "STANDARD";
  return [
    `BEGIN:${kind}`,
    // RFC 5545 §3.6.5: the onset as a local time in the offset before it.
    `DTSTART:${floatingStamp(at + from)}`,
    `TZOFFSETFROM:${utcOffsetText(from)}`,
    `TZOFFSETTO:${utcOffsetText(to)}`,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE of an IANA zone over [fromMs, toMs], as content lines (unfolded): one observance for the
 * offset at `fromMs`, then one per offset change Intl knows of, each a single onset (no RRULE), so the
 * block says exactly what the runtime's tz database says. A zone without changes gets one STANDARD.
 */
export function vtimezone(zone: string, fromMs: number, toMs: number): string[] {
  const { first, changes } = offsetSpan(zone, fromMs, toMs);
  const fromWhole = Math.floor(fromMs / 1000) * 1000;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`, ...observance(zone, fromWhole, first, first)];
  let before = first;
  for (const c of changes) {
    lines.push(...observance(zone, c.at, before, c.offset));
    before = c.offset;
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/** "YYYY-MM-DD" as a DATE: 20260301. */
const dateValue = (date: string) => date.replaceAll("-", "");

/** A date and "HH:MM" as a local DATE-TIME: 20260301T090000. */
const localValue = (date: string, time: string) => `${dateValue(date)}T${time.replace(":", "")}00`;

function rrule(item: IcsItem): string | null {
  switch (item.repeat) {
    case "none":
      return null;
    case "weekly":
      return "RRULE:FREQ=WEEKLY";
    // RFC 5545 skips a month without the start's day (the 31st falls seven times a year), as events.ts does.
    case "monthly":
      return "RRULE:FREQ=MONTHLY";
    case "yearly":
      if (item.date.slice(5) !== "02-29") return "RRULE:FREQ=YEARLY";
      // A birthday takes February's last day in common years. Otherwise 29 February stays in leap years,
      // as plain YEARLY means by RFC 5545; it is spelt out because some readers (ical.js 2.2) roll plain
      // YEARLY over to 1 March.
      return item.leapDayOnFeb28
        ? "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"
        : "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29";
  }
}

/**
 * An alarm's TRIGGER: a dur-value before the start (negative), or after it for a negative
 * `minutesBefore` (an all-day item's 09:00 on the day). Whole minutes; days where they are whole days.
 */
function trigger(minutesBefore: number): string {
  const total = Math.round(Math.abs(minutesBefore));
  if (total === 0) return "TRIGGER:PT0S";
  const [days, hours, minutes] = [Math.floor(total / 1440), Math.floor(total / 60) % 24, total % 60];
  const time = hours || minutes ? `T${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}` : "";
  return `TRIGGER:${minutesBefore > 0 ? "-" : ""}P${days ? `${days}D` : ""}${time}`;
}

/**
 * The day the item's series starts on: its date, or for `notOnFirst` the next year's day it falls on (a 29
 * February on the 28th when `leapDayOnFeb28`, else on the next leap year's 29th). The RRULE stays the date's.
 */
function firstDay(item: IcsItem): string {
  if (!item.notOnFirst || item.repeat !== "yearly") return item.date;
  const [year, monthDay] = [Number(item.date.slice(0, 4)), item.date.slice(5)];
  if (monthDay !== "02-29") return `${pad(year + 1, 4)}-${monthDay}`;
  if (item.leapDayOnFeb28) return `${pad(year + 1, 4)}-02-28`;
  let next = year + 1;
  while (!isLeapYear(next)) next++;
  return `${pad(next, 4)}-02-29`;
}

function vevent(item: IcsItem, zone: string, now: number): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${item.uid}`, `DTSTAMP:${utcStamp(item.modifiedAt ?? now)}`];
  const date = firstDay(item);
  if (item.start) {
    lines.push(`DTSTART;TZID=${zone}:${localValue(date, item.start)}`);
    // Without an end the event is the instant of its start (RFC 5545 §3.6.1), so DTEND is left out.
    if (item.end) {
      const endDate = item.end <= item.start ? addDays(date, 1) : date;
      lines.push(`DTEND;TZID=${zone}:${localValue(endDate, item.end)}`);
    }
  } else {
    lines.push(`DTSTART;VALUE=DATE:${dateValue(date)}`, `DTEND;VALUE=DATE:${dateValue(addDays(date, 1))}`);
  }
  const rule = rrule(item);
  if (rule) lines.push(rule);
  lines.push(`SUMMARY:${escapeText(item.summary)}`);
  const description = escapeText(item.description ?? "");
  if (description) lines.push(`DESCRIPTION:${description}`);
  if (item.modifiedAt !== undefined) lines.push(`LAST-MODIFIED:${utcStamp(item.modifiedAt)}`);
  // A day-long item is a marker, not an appointment: it leaves the day free for busy-time lookups.
  if (!item.start) lines.push("TRANSP:TRANSPARENT");
  for (const alarm of item.alarms ?? [])
    lines.push(
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${escapeText(alarm.description)}`,
      trigger(alarm.minutesBefore),
      "END:VALARM",
    );
  lines.push("END:VEVENT");
  return lines;
}

/**
 * The span the VTIMEZONE covers: from a year before the earliest timed item to ten years after the end of
 * `now`'s UTC year (or after the latest timed item, when that is later). A repeating item's occurrences past it keep the
 * last offset in a reader that only has this block; calendar apps generally resolve a TZID by its IANA
 * name and use their own rules anyway, so the block stays small rather than complete.
 */
function zoneSpan(items: readonly IcsItem[], now: number): [number, number] | null {
  const days = items.filter((i) => i.start).map((i) => dayNumber(i.date));
  if (days.length === 0) return null;
  const [first, last] = [Math.min(...days), Math.max(...days)];
  const yearEnd = Date.UTC(new Date(now).getUTCFullYear() + 1, 0, 1);
  return [(first - 366) * DAY_MS, Math.max(yearEnd, last * DAY_MS) + 3653 * DAY_MS];
}

/**
 * The calendar as an .ics text: CRLF line ends (the last line's too), folded at 75 octets. The VTIMEZONE
 * is written exactly when a timed item names it; all-day items are dates and need none.
 */
export function icsCalendar(cal: IcsCalendar): string {
  const name = escapeText(cal.name);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Nook//Calendar feed//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${name}`,
    `NAME:${name}`,
    `X-WR-TIMEZONE:${cal.timeZone}`,
  ];
  if (cal.refreshHours !== undefined)
    // RFC 7986's interval, and the older name Outlook and Apple Calendar read.
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshHours}H`, `X-PUBLISHED-TTL:PT${cal.refreshHours}H`);
  const span = zoneSpan(cal.items, cal.now);
  if (span) lines.push(...vtimezone(cal.timeZone, span[0], span[1]));
  for (const item of cal.items) lines.push(...vevent(item, cal.timeZone, cal.now));
  lines.push("END:VCALENDAR");
  return lines.map((l) => foldLine(l) + CRLF).join("");
}
