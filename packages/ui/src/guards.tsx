import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect } from "react";
import { useAuth } from "./auth.tsx";
import { originOf } from "./site.ts";

/** Shown while the auth check runs (a spinner, only if it takes a moment). */
export function Waiting() {
  return (
    <div className="waiting" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading...</Trans>
      </span>
    </div>
  );
}

/** Sign-in-only content: a signed-out visitor goes to the auth site's login, and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  // After a sign-out in this tab the page that signed out is not where to come back to: the guard may run
  // before the page's own move to the login (they race), and both must land on the same plain /login.
  const loggedOut = state.status === "anonymous" && state.loggedOut === true;
  useEffect(() => {
    if (state.status !== "anonymous") return;
    location.assign(
      loggedOut ? `${originOf("auth")}/login` : `${originOf("auth")}/login?next=${encodeURIComponent(location.href)}`,
    );
  }, [state.status, loggedOut]);
  return state.status === "authenticated" ? children : <Waiting />;
}

/**
 * Whether this page has been signed out since it loaded: kept for the page, not for one mount of the guard, so
 * a guard mounted again after the sign-in (a screen that suspends as it changes) still knows the person signed
 * in here, and leaves them to the page.
 */
let anonymousHere = false;

/**
 * Signed-out-only content: a visitor who arrives signed in goes to the main
 * site. One who signs in here is left to the page, which knows where to go next.
 */
export function RequireAnon({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === "anonymous") anonymousHere = true;
  const leaving = state.status === "authenticated" && !anonymousHere;
  useEffect(() => {
    if (leaving) location.assign(`${originOf("root")}/`);
  }, [leaving]);
  return state.status === "loading" || leaving ? <Waiting /> : children;
}
