/**
 * A datetime-local field's value (a wall-clock time, to the minute) and back,
 * in a named IANA zone — the profile's (DESIGN §3), not the browser's: the one
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
const formats = new Map<string, Intl.DateTimeFormat>();
const DAY = 86_400_000;

/** An instant's wall clock in a zone, "YYYY-MM-DDTHH:MM:SS" (Swedish dates are ISO's). */
function wallClock(ms: number, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    const two = "2-digit";
    f = new Intl.DateTimeFormat("sv-SE", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: two,
      day: two,
      hour: two,
      minute: two,
      second: two,
    });
    formats.set(timeZone, f);
  }
  return f.format(ms).replace(/\s/, "T");
}

export function toLocalInput(date: string | number | Date, timeZone: string): string {
  return wallClock(new Date(date).getTime(), timeZone).slice(0, 16);
}

/** The zone's offset from UTC at an instant, in ms (wall clock minus UTC). */
const offsetAt = (ms: number, timeZone: string) =>
  Date.parse(`${wallClock(ms, timeZone)}Z`) - Math.floor(ms / 1000) * 1000;

/** The moment a datetime-local value names in `timeZone`, in epoch ms; null when empty or not a date. */
export function fromLocalInput(value: string, timeZone: string): number | null {
  // The wall clock as if it were UTC; a day that does not exist (30 February) does not read back.
  const wall = Date.parse(`${value}Z`);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) || Number.isNaN(wall)) return null;
  if (new Date(wall).toISOString().slice(0, 16) !== value) return null;
  // The offsets a day either side: no zone is more than 14 h off UTC, so the instant lies between,
  // and no zone changes its clocks twice within two days.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  // The candidates that read back as this wall time, the earlier first (an overlap has two);
  // none is a gap, read with the offset in force before it (the time moves forward).
  for (const t of [wall - Math.max(before, after), wall - Math.min(before, after)])
    if (t + offsetAt(t, timeZone) === wall) return t;
  return wall - before;
}
