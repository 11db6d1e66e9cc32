import { DRAW_PARAM, parseDrawId, SAVED_DRAWS_COOKIE, withSavedDraw } from "@nook/shared/random/saved-draws";
import { cookie, setCookie } from "@nook/ui/preferences";

/**
 * After a new entry is saved: when it came from a tarot draw's 'Save result'
 * link (the address still names the draw, `&draw=`, and the entry keeps the
 * tarot tag), tell the random site, through the root domain's cookie, that
 * the draw is saved; the address forgets the draw, so it is told once.
 */
export function noteTarotDrawSaved(tags: readonly string[] = []) {
  const url = new URL(location.href);
  const id = parseDrawId(url.searchParams.get(DRAW_PARAM));
  if (!url.searchParams.has(DRAW_PARAM)) return;
  if (id && tags.includes("tarot")) setCookie(SAVED_DRAWS_COOKIE, withSavedDraw(cookie(SAVED_DRAWS_COOKIE), id));
  url.searchParams.delete(DRAW_PARAM);
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
