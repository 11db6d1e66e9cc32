/**
 * A datetime-local field's value (a wall-clock time, to the minute) and back,
 * in a named IANA zone — the profile's, not the browser's: the one
 * rule for every date field here.
 *
 * A wall-clock time does not always name exactly one instant:
 * - in a DST gap (02:30 on the night New York springs forward) it names none:
 *   it is read with the offset before the gap, so it moves forward by the
 *   gap's length (02:30 EST → 03:30 EDT), as a clock set then would show;
 * - in a DST overlap (01:30 on the night New York falls back) it names two:
 *   the earlier is taken (01:30 EDT, not 01:30 EST).
 *
 * Written small, on Intl alone (the journal's first load is nearly full): not
 * shared/common/time-zone.ts, whose import here splits the first load into
 * three chunks, 2 KB more gzipped.
 */
const DAY = 86_400_000;

/** An instant's wall clock in a zone, "YYYY-MM-DDTHH:MM:SS" (Swedish dates are ISO's). */
const formats: Record<string, Intl.DateTimeFormat> = {};
function wallClock(ms: number, timeZone: string): string {
  const two = "2-digit";
  // biome-ignore lint/suspicious/noAssignInExpressions: made once per zone
  return (formats[timeZone] ??= new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: two,
    day: two,
    hour: two,
    minute: two,
    second: two,
  }))
    .format(ms)
    .replace(/\s/, "T");
}

export function toLocalInput(date: string | number | Date, timeZone: string): string {
  return wallClock(new Date(date).getTime(), timeZone).slice(0, 16);
}

/** The moment a datetime-local value names in `timeZone`, in epoch ms; null when empty or not a date. */
export function fromLocalInput(value: string, timeZone: string): number | null {
  // The wall clock as if it were UTC; what does not read back (30 February, 24:00) is not a date-time.
  const wall = Date.parse(`${value}Z`);
  if (Number.isNaN(wall) || new Date(wall).toISOString().slice(0, 16) !== value) return null;
  // Read with the zone's offset a day before (no zone is more than 14 h off UTC, none changes its clocks
  // twice in two days), else a day after; when neither reads back, the time is in a gap: the first,
  // read with the offset in force before the gap, moves it forward. In an overlap the first is the earlier.
  const at = (ms: number) => wall - (Date.parse(`${wallClock(ms, timeZone)}Z`) - Math.floor(ms / 1000) * 1000);
  const early = at(wall - DAY);
  if (toLocalInput(early, timeZone) === value) return early;
  const late = at(wall + DAY);
  return toLocalInput(late, timeZone) === value ? late : early;
}
