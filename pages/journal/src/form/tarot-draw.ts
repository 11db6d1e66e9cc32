import { DRAW_PARAM, parseDrawId, SAVED_DRAWS_COOKIE, withSavedDraw } from "@nook/shared/random/saved-draws";
import { cookie, setCookie } from "@nook/ui/preferences";

/**
 * After a new entry is saved: when it came from a tarot draw's 'Save result'
 * link (the address names the draw, `&draw=`, and the entry keeps the tarot
 * tag), tell the random site, through the root domain's cookie, that the draw
 * is saved. Saved again from the same page, the id is already there.
 */
export function noteTarotDrawSaved(tags: readonly string[] = []) {
  const id = parseDrawId(new URLSearchParams(location.search).get(DRAW_PARAM));
  if (id && tags.includes("tarot")) setCookie(SAVED_DRAWS_COOKIE, withSavedDraw(cookie(SAVED_DRAWS_COOKIE), id));
}
