import { SELF } from "cloudflare:test";
import { ORIGIN } from "../test/helpers.ts";

/** Sends a file to the import: `query` after `?`, the body as CSV unless another type is said. */
export function importFile(token: string, query: string, body: string | Uint8Array, type = "text/csv") {
  return SELF.fetch(`${ORIGIN}/api/user/import?${query}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, "Content-Type": type },
    body,
  });
}

/** Daylio's header, as its export writes it. */
export const DAYLIO_HEADER = "full_date,date,weekday,time,mood,activities,note_title,note";
/** Rows after Daylio's header. */
export const daylio = (...rows: string[]) => [DAYLIO_HEADER, ...rows].join("\n");

/** A Daylio import's query giving custom moods their groups: `moods` a JSON list of `["mood", group]` pairs. */
export const moodsQuery = (pairs: unknown[][]) => `format=daylio&moods=${encodeURIComponent(JSON.stringify(pairs))}`;

/** Every list of a Nook export, empty (and no donation page). */
export const EMPTY_NOOK_DATA = {
  tags: [],
  metrics: [],
  stacks: [],
  timers: [],
  people: [],
  checklists: [],
  donateInfo: null,
  donations: [],
  entries: [],
};

/** A Nook export of a profile made `at`, holding only what `over` gives (a test builds the file it needs on it). */
export function nookFile(over: Record<string, unknown> = {}, at = "2026-03-05T12:00:00.000Z") {
  return {
    format: "nook",
    version: 1,
    exportedAt: at,
    profile: {
      email: "a@b.c",
      name: "A",
      username: "a",
      dateOfBirth: null,
      accentColor: "orange",
      timeZone: null,
      createdAt: at,
    },
    ...EMPTY_NOOK_DATA,
    ...over,
  };
}
