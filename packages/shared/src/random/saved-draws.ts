/**
 * Which tarot draws the journal has saved as entries (a draw is marked
 * "Saved" only once an entry from it exists). The random site puts the
 * draw's id in its 'Save result' link (`&draw=<id>`); the journal, when it
 * saves an entry that came from that link, adds the id to a small cookie on
 * the root domain, which the random site reads when its page is shown.
 */

/** The cookie both sites share (on the suite's root domain). */
export const SAVED_DRAWS_COOKIE = "tarot-saved";
/** The address parameter of the journal's new-entry form that names the draw. */
export const DRAW_PARAM = "draw";
/** The cookie keeps this many ids, the latest last: enough for draws saved between two visits. */
export const SAVED_DRAWS_MAX = 8;

/** A draw's ids: its drawing instant in milliseconds, base 36 (8 characters until the year 5188). */
const ID = /^[0-9a-z]{1,11}$/;

/** The id of the draw made at `date` (ISO), as the link and the cookie carry it. */
export function drawId(date: string): string {
  return Date.parse(date).toString(36);
}

/** An id as it came from an address or a cookie: itself when it has an id's shape, else null. */
export function parseDrawId(raw: string | null | undefined): string | null {
  return raw && ID.test(raw) ? raw : null;
}

/** The ids in the cookie's value ("id.id.id"); anything else in it is ignored. */
export function parseSavedDraws(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(".")
    .filter((id) => ID.test(id))
    .slice(-SAVED_DRAWS_MAX);
}

/** The cookie's value with `id` added last (once), the oldest dropped beyond the maximum. */
export function withSavedDraw(raw: string | undefined, id: string): string {
  return [...parseSavedDraws(raw).filter((d) => d !== id), id].slice(-SAVED_DRAWS_MAX).join(".");
}
