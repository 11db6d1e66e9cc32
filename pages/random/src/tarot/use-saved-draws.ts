import { parseSavedDraws, SAVED_DRAWS_COOKIE } from "@nook/shared/random/saved-draws";
import { cookie } from "@nook/ui/preferences";
import { useEffect, useMemo, useState } from "react";

const read = () => cookie(SAVED_DRAWS_COOKIE) ?? "";

/**
 * The ids of the draws the journal has saved as entries (saved-draws.ts), read
 * from the root domain's cookie on load and again whenever this page is shown
 * or focused (the reader comes back from the journal's tab or page).
 */
export function useSavedDraws(): ReadonlySet<string> {
  const [raw, setRaw] = useState(read);
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible") setRaw(read());
    };
    document.addEventListener("visibilitychange", check);
    addEventListener("focus", check);
    addEventListener("pageshow", check);
    return () => {
      document.removeEventListener("visibilitychange", check);
      removeEventListener("focus", check);
      removeEventListener("pageshow", check);
    };
  }, []);
  return useMemo(() => new Set(parseSavedDraws(raw)), [raw]);
}
