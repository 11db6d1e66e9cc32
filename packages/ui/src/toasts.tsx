import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

/** Spec §4/§9: shown after 100 ms, kept 3 s by default, faded over 1 s, then removed; a click closes one. */
export const TOAST_DELAY_MS = 100;
export const TOAST_DURATION_MS = 3000;
export const TOAST_FADE_MS = 1000;

type Phase = "pending" | "shown" | "fading";
interface Toast {
  id: number;
  text: string;
  kind: "info" | "error";
  phase: Phase;
}

type Show = (text: string, options?: { kind?: "info" | "error"; durationMs?: number }) => void;
const ToastContext = createContext<Show | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number[]>());

  const remove = useCallback((id: number) => {
    for (const t of timers.current.get(id) ?? []) clearTimeout(t);
    timers.current.delete(id);
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);

  const show = useCallback<Show>(
    (text, options = {}) => {
      const id = nextId.current++;
      const duration = options.durationMs ?? TOAST_DURATION_MS;
      const phase = (p: Phase) => setToasts((all) => all.map((t) => (t.id === id ? { ...t, phase: p } : t)));
      setToasts((all) => [...all, { id, text, kind: options.kind ?? "info", phase: "pending" }]);
      timers.current.set(id, [
        window.setTimeout(() => phase("shown"), TOAST_DELAY_MS),
        window.setTimeout(() => phase("fading"), TOAST_DELAY_MS + duration),
        window.setTimeout(() => remove(id), TOAST_DELAY_MS + duration + TOAST_FADE_MS),
      ]);
    },
    [remove],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const ids of all.values()) for (const id of ids) clearTimeout(id);
    };
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts
          .filter((t) => t.phase !== "pending")
          .map((t) => (
            // Plain text in the live region, not a button: a toast's words must not shadow
            // the page's own controls (a 'Logout failed' toast is no 'Logout' button).
            // A click closing it is a convenience; it fades by itself, so no key is needed.
            // biome-ignore lint/a11y/noStaticElementInteractions: see above
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={t.id}
              data-testid="toast"
              className={`toast toast-${t.kind}${t.phase === "fading" ? " toast-fading" : ""}`}
              style={{ transitionDuration: `${TOAST_FADE_MS}ms` }}
              onClick={() => remove(t.id)}
            >
              {t.text}
            </div>
          ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): Show {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast outside ToastProvider");
  return show;
}
