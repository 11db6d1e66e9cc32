import { profileTimeZone } from "@nook/shared/common/profile-zone";
import { useState } from "react";
import { browserTimeZone } from "./api.ts";
import { useAuth } from "./auth.tsx";
import { cookie, setCookie } from "./preferences.ts";

/** The pair of zones the person answered for, on the root domain: said once, on every site. */
const ANSWERED_COOKIE = "zone-notice";

/** The profile's zone (null: none, counted in UTC) and this browser's, when they differ. */
export interface ZoneMismatch {
  profile: string | null;
  browser: string;
}

/** A zone's canonical name ("Etc/UTC" and "UTC" are one zone), or the name as given if Intl does not know it. */
function canonical(zone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/**
 * Whether the site should say that this browser's zone is not the profile's:
 * signed in, the zones differ, and the person has not kept the
 * profile's for this pair before. `keep()` remembers that answer.
 */
export function useZoneMismatch(): { mismatch: ZoneMismatch | null; keep(): void } {
  const { state } = useAuth();
  const [answered, setAnswered] = useState(() => cookie(ANSWERED_COOKIE));
  const browser = browserTimeZone();
  const profile = state.status === "authenticated" ? state.user.timeZone : null;
  const pair = `${profile ?? ""}>${browser}`;
  const keep = () => {
    setCookie(ANSWERED_COOKIE, pair);
    setAnswered(pair);
  };
  // A profile without a zone is counted in UTC: a device in UTC agrees with it.
  const differs =
    state.status === "authenticated" && canonical(profileTimeZone(profile)) !== canonical(browser) && answered !== pair;
  return { mismatch: differs ? { profile, browser } : null, keep };
}
