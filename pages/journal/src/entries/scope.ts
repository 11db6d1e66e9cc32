import { isCalendarDate } from "@nook/shared/common/calendar-date";
import { normalizeTagName } from "@nook/shared/common/tags";
import { startOfLocalDay } from "@nook/shared/common/time-zone";
import { ENTRY_TAGS_MAX } from "@nook/shared/journal/limits";

/**
 * Which entries a link from another site asks for: `?tag=@ada&tag=@math` —
 * the entries with any of those tags (a person's card; each tag its own
 * parameter, so a tag may hold a comma; the older `?tags=@ada,@math` is read
 * too) — or `?day=YYYY-MM-DD` — the entries of that local day (a calendar
 * day, in the profile's zone). Null: all of them.
 */
export type EntryScope = { kind: "tags"; tags: string[] } | { kind: "day"; day: string } | null;

export function scopeFromSearch(search: string): EntryScope {
  const params = new URLSearchParams(search);
  const day = params.get("day");
  if (day !== null && isCalendarDate(day)) return { kind: "day", day };
  const tags = [
    ...new Set(
      [...params.getAll("tag"), ...(params.get("tags") ?? "").split(",")]
        .map(normalizeTagName)
        .filter((t) => t && !t.startsWith("!")),
    ),
  ].slice(0, ENTRY_TAGS_MAX);
  return tags.length ? { kind: "tags", tags } : null;
}

/** The start of a day in the profile's zone, `shift` days on ("YYYY-MM-DD", 0 its own start, 1 the next day's). */
function localMidnight(day: string, shift: number, timeZone: string): number {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  // Date.UTC carries a day past the month's end into the next month; the zone's own start of that day.
  const next = new Date(Date.UTC(y, m - 1, d + shift));
  return startOfLocalDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
}

/** The first instant after a day in the profile's zone: where a day's list starts (newest first). */
export function endOfLocalDay(day: string, timeZone: string): string {
  return new Date(localMidnight(day, 1, timeZone)).toISOString();
}

/**
 * A page of entries (newest first, all before the day's end) cut at the
 * start of `day` in the profile's zone: its entries, and whether the page
 * went past the day (so no older page can hold any more of it).
 */
export function keepDay<E extends { date: string }>(
  page: E[],
  day: string,
  timeZone: string,
): { entries: E[]; past: boolean } {
  const start = localMidnight(day, 0, timeZone);
  const entries = page.filter((e) => Date.parse(e.date) >= start);
  return { entries, past: entries.length < page.length };
}
