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
 * Start of a statistics range (DESIGN §5): `today` from local midnight, `24h`
 * rolling, `week` from local Monday, `month` from the local 1st.
 */
export function rangeStart(range: "today" | "24h" | "week" | "month", now: number, timeZone: string): number {
  if (range === "24h") return now - 24 * 60 * 60 * 1000;
  const p = zonedParts(now, timeZone);
  if (range === "today") return zonedTimeToMs(p.year, p.month, p.day, 0, 0, timeZone);
  if (range === "month") return zonedTimeToMs(p.year, p.month, 1, 0, 0, timeZone);
  const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - p.weekday));
  return zonedTimeToMs(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), 0, 0, timeZone);
}
