import { useEffect, type ReactNode } from "react";
import { useAuth } from "./auth.tsx";
import { originOf } from "./site.ts";

function Waiting() {
  return <div className="waiting" aria-busy="true" />;
}

/** Sign-in-only content: a signed-out visitor goes to the auth site's login, and comes back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  useEffect(() => {
    if (state.status === "anonymous") location.assign(`${originOf("auth")}/login?next=${encodeURIComponent(location.href)}`);
  }, [state.status]);
  return state.status === "authenticated" ? children : <Waiting />;
}

/** Signed-out-only content: a signed-in visitor goes to the main site. */
export function RequireAnon({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  useEffect(() => {
    if (state.status === "authenticated") location.assign(`${originOf("root")}/`);
  }, [state.status]);
  return state.status === "anonymous" ? children : <Waiting />;
}
