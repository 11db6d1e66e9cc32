import { type AccentColor, DEFAULT_ACCENT_COLOR, isAccentColor } from "@nook/shared/common/accent-colors";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { applyAccent, rememberAccent } from "./accent.ts";
import { api, ok } from "./api.ts";

export type AuthState =
  | { status: "loading" }
  | { status: "anonymous" }
  | { status: "authenticated"; user: { id: number; name: string; accentColor: AccentColor } };

interface AuthContextValue {
  state: AuthState;
  /** Re-checks the session (after sign-in, profile save). */
  refresh(): Promise<AuthState>;
  logout(): Promise<boolean>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

async function check(): Promise<AuthState> {
  try {
    const { tokenData, userData } = await ok(api.auth.checkAuth.$get());
    const accentColor = isAccentColor(userData.accentColor) ? userData.accentColor : DEFAULT_ACCENT_COLOR;
    return { status: "authenticated", user: { id: tokenData.id, name: tokenData.name, accentColor } };
  } catch {
    return { status: "anonymous" };
  }
}

/** The auth check at start: loading, then authenticated (name, id, accent) or anonymous. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading" });
  const refresh = useCallback(async () => {
    const next = await check();
    setState(next);
    return next;
  }, []);
  const logout = useCallback(async () => {
    try {
      await ok(api.auth.logout.$get());
      setState({ status: "anonymous" });
      return true;
    } catch {
      return false;
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The user's accent colours every site; while the check runs, the remembered one stays.
  const accent =
    state.status === "authenticated"
      ? state.user.accentColor
      : state.status === "anonymous"
        ? DEFAULT_ACCENT_COLOR
        : null;
  useEffect(() => {
    if (!accent) return;
    applyAccent(accent);
    rememberAccent(state.status === "authenticated" ? accent : null);
  }, [accent, state.status]);

  return <AuthContext value={{ state, refresh, logout }}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}
