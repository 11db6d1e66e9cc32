/** Wall-clock parts of an instant in an IANA time zone, and the way back. */

export interface ZonedParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export { profileTimeZone } from "./profile-zone.ts";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** True for an IANA zone name this runtime knows ("Europe/Moscow"); the one check, used by every schema. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** The instant a wall-clock time happens in a zone (the earlier one in a DST overlap). */
export function zonedTimeToMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall;
  // Two corrections settle the offset, DST changes included.
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(guess, timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wall - seen;
  }
  return guess;
}

/**
 * The first instant of a local calendar day: its midnight, or — where the
 * clocks jump over midnight (America/Santiago in September) — the moment
 * they land in the day.
 */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): number {
  const target = Date.UTC(year, month - 1, day) / 86_400_000;
  const midnight = zonedTimeToMs(year, month, day, 0, 0, timeZone);
  if (localDayNumber(midnight, timeZone) >= target) return midnight;
  // Still the day before: the day begins within the next few hours, at a whole second.
  let [lo, hi] = [midnight, midnight + 6 * 3_600_000];
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (localDayNumber(mid, timeZone) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Start of a statistics range (DESIGN §5): `today` from local midnight, `24h`
 * rolling, `week` from local Monday, `month` from the local 1st.
 */
export function rangeStart(range: "today" | "24h" | "week" | "month", now: number, timeZone: string): number {
  if (range === "24h") return now - 24 * 60 * 60 * 1000;
  const p = zonedParts(now, timeZone);
  if (range === "today") return startOfLocalDay(p.year, p.month, p.day, timeZone);
  if (range === "month") return startOfLocalDay(p.year, p.month, 1, timeZone);
  const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return startOfLocalDay(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone);
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The zone's offset from UTC at an instant, in ms (local wall clock − UTC). */
export function utcOffset(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/** The local calendar day of an instant as a day number (days since 1970-01-01). */
export function localDayNumber(ms: number, timeZone: string): number {
  return Math.floor((ms + utcOffset(ms, timeZone)) / DAY_MS);
}

/** "YYYY-MM-DD" of a day number. */
export function dayNumberToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export interface OffsetChange {
  /** The first instant (whole second) with the new offset. */
  at: number;
  offset: number;
}

const yearChanges = new Map<string, OffsetChange[]>();

/**
 * The offset changes of a zone within one UTC year, found by sampling weekly
 * and bisecting to the second; cached per zone and year (they never change
 * for a given runtime). Two changes within one week would read as one.
 */
function changesInYear(timeZone: string, year: number): OffsetChange[] {
  const key = `${timeZone}|${year}`;
  let out = yearChanges.get(key);
  if (out) return out;
  out = [];
  const end = Date.UTC(year + 1, 0, 1);
  let t = Date.UTC(year, 0, 1);
  let offset = utcOffset(t, timeZone);
  while (t < end) {
    const next = Math.min(t + WEEK_MS, end);
    const after = utcOffset(next, timeZone);
    if (after !== offset) {
      let [lo, hi] = [t, next];
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (utcOffset(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, offset: after });
      offset = after;
    }
    t = next;
  }
  yearChanges.set(key, out);
  return out;
}

/**
 * The zone's offset over [from, to]: the offset at `from` and every change
 * after it up to `to`. Day-based statistics turn this into one SQL CASE so
 * the database groups entries by local day.
 */
export function offsetSpan(timeZone: string, from: number, to: number): { first: number; changes: OffsetChange[] } {
  const changes: OffsetChange[] = [];
  const [y0, y1] = [new Date(from).getUTCFullYear(), new Date(to).getUTCFullYear()];
  for (let y = y0; y <= y1; y++)
    for (const c of changesInYear(timeZone, y)) if (c.at > from && c.at <= to) changes.push(c);
  return { first: utcOffset(from, timeZone), changes };
}
