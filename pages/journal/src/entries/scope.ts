import { isCalendarDate } from "@nook/shared/common/calendar-date";
import { normalizeTagName } from "@nook/shared/common/tags";
import { ENTRY_TAGS_MAX } from "@nook/shared/journal/limits";

/**
 * Which entries a link from another site asks for: `?tags=@ada,@math` — the
 * entries with any of those tags (a person's card) — or `?day=YYYY-MM-DD` —
 * the entries up to the end of that day (a calendar day). Null: all of them.
 */
export type EntryScope = { kind: "tags"; tags: string[] } | { kind: "day"; day: string } | null;

export function scopeFromSearch(search: string): EntryScope {
  const params = new URLSearchParams(search);
  const day = params.get("day");
  if (day !== null && isCalendarDate(day)) return { kind: "day", day };
  const tags = [
    ...new Set(
      (params.get("tags") ?? "")
        .split(",")
        .map(normalizeTagName)
        .filter((t) => t && !t.startsWith("!")),
    ),
  ].slice(0, ENTRY_TAGS_MAX);
  return tags.length ? { kind: "tags", tags } : null;
}

/** The first instant after a local day: where a day's list starts (newest first). */
export function endOfLocalDay(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return new Date(y, m - 1, d + 1).toISOString();
}
