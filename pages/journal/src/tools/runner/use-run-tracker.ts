import {
  type ActiveRun,
  addFix,
  MAX_ACCURACY_M,
  pauseRun,
  type RunState,
  resumeRun,
  runState,
  startRun,
  stopRun,
  WATCH_OPTIONS,
} from "@nook/shared/runner/run";
import { useCallback, useEffect, useRef, useState } from "react";
import { loadCurrentRun, storeCurrentRun } from "./run-storage.ts";

/** What went wrong, kept as data so it shows in the language of the moment (spec 2 §8). */
export type TrackerError =
  | { kind: "denied" }
  | { kind: "error"; message: string }
  | { kind: "permission"; message: string | null }
  | { kind: "tracking"; message: string };

export type TrackerState = "idle" | "starting" | RunState;

/** Spec 2 §9: the time updates each second. */
const TICK_MS = 1000;
/** A running run is written down at most this often (its positions can be many), and on every change of state. */
const PERSIST_EVERY_MS = 5000;
const PERMISSION_DENIED = 1;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function newRunId() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The run in progress (spec 2 §4 "Runner"): idle → Start (asks for the
 * location; the first fix starts the clock with empty metrics) → running ⇄
 * paused → Stop (the watch ends) → stopped, until the page saves or discards
 * it. Kept in browser storage on the way, so a reload finds it, paused.
 */
export function useRunTracker() {
  const [run, setRun] = useState<ActiveRun | null>(loadCurrentRun);
  /** The run was found in storage after a reload: the page says why it is paused. */
  const [restored, setRestored] = useState(() => run !== null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<TrackerError | null>(null);
  /** The latest fix was too imprecise to count (its accuracy in whole metres), or null: the page says why nothing moves. */
  const [imprecise, setImprecise] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now);
  const watchId = useRef<number | null>(null);
  const startingRef = useRef(false);
  const mounted = useRef(true);
  const runRef = useRef(run);
  runRef.current = run;

  const state: TrackerState = run ? runState(run) : starting ? "starting" : "idle";

  const clearWatch = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
  }, []);

  // Written down with the moment it was last seen, so a run found running after a reload pauses there.
  const lastWrite = useRef({ at: 0, key: "" });
  const persist = useCallback((force: boolean) => {
    const current = runRef.current;
    const at = Date.now();
    const key = current ? `${current.id}:${runState(current)}` : "";
    if (!force && key === lastWrite.current.key && at - lastWrite.current.at < PERSIST_EVERY_MS) return;
    lastWrite.current = { at, key };
    storeCurrentRun(current && { ...current, seenAt: current.watch.pausedAt === null ? at : current.seenAt });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: run is the trigger: each change is written down (throttled while running)
  useEffect(() => persist(false), [run, persist]);

  useEffect(() => {
    mounted.current = true;
    const leave = () => persist(true);
    window.addEventListener("pagehide", leave);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", leave);
      // Leaving the page ends the watch; the run waits in storage, paused from here when the page comes back.
      leave();
      clearWatch();
    };
  }, [persist, clearWatch]);

  useEffect(() => {
    setNow(Date.now());
    if (state !== "running") return;
    const tick = setInterval(() => {
      setNow(Date.now());
      persist(false);
    }, TICK_MS);
    return () => clearInterval(tick);
  }, [state, persist]);

  const onPosition = useCallback((position: GeolocationPosition) => {
    const at = Date.now();
    const { latitude, longitude, speed, accuracy } = position.coords;
    // Positions are timed on the page's own clock, the stopwatch's: a device's fix times may come from another.
    const fix = { latitude, longitude, speed, accuracy };
    setImprecise(accuracy <= MAX_ACCURACY_M ? null : Math.round(accuracy));
    if (startingRef.current) {
      // The first fix says the location is shared: the run starts here, metrics empty.
      startingRef.current = false;
      setStarting(false);
      setRestored(false);
      setRun(addFix(startRun(newRunId(), at), fix, at));
    } else {
      setRun((r) => r && addFix(r, fix, at));
    }
    setError((e) => (e?.kind === "tracking" ? null : e));
  }, []);

  const onPositionError = useCallback(
    (err: GeolocationPositionError) => {
      const denied = err.code === PERMISSION_DENIED;
      if (startingRef.current) {
        startingRef.current = false;
        setStarting(false);
        clearWatch();
        setError(denied ? { kind: "denied" } : { kind: "error", message: err.message });
      } else if (denied) {
        // No more positions will come: the clock stops with them until Resume asks again.
        clearWatch();
        setRun((r) => r && pauseRun(r, Date.now()));
        setError({ kind: "denied" });
      } else {
        // A timeout or a lost signal: the watch goes on and the next fix clears the message.
        setError({ kind: "tracking", message: err.message });
      }
    },
    [clearWatch],
  );

  const watch = useCallback(() => {
    clearWatch();
    watchId.current = navigator.geolocation.watchPosition(onPosition, onPositionError, WATCH_OPTIONS);
  }, [clearWatch, onPosition, onPositionError]);

  /** Start: asks for the location (spec 2 §6); the run begins with the first fix. */
  const start = useCallback(async () => {
    if (runRef.current || startingRef.current) return;
    // From here until the first fix or an error: a second press does nothing, and the first fix starts the run.
    startingRef.current = true;
    setError(null);
    setStarting(true);
    const fail = (e: TrackerError) => {
      startingRef.current = false;
      setError(e);
      setStarting(false);
    };
    try {
      if (!("geolocation" in navigator)) return fail({ kind: "permission", message: null });
      const permission = await navigator.permissions?.query({ name: "geolocation" });
      if (!mounted.current) return;
      if (permission?.state === "denied") return fail({ kind: "denied" });
      watch();
    } catch (err) {
      fail({ kind: "permission", message: messageOf(err) });
    }
  }, [watch]);

  const pause = useCallback(() => setRun((r) => r && pauseRun(r, Date.now())), []);

  const resume = useCallback(() => {
    setError(null);
    setRestored(false);
    setRun((r) => r && resumeRun(r, Date.now()));
    // After a reload, or a refused permission, there is no watch yet.
    if (watchId.current === null) {
      try {
        watch();
      } catch (err) {
        setError({ kind: "permission", message: messageOf(err) });
      }
    }
  }, [watch]);

  const stop = useCallback(() => {
    clearWatch();
    setRestored(false);
    setRun((r) => r && stopRun(r, Date.now()));
  }, [clearWatch]);

  /** After Save or Delete: back to idle. */
  const clear = useCallback(() => {
    clearWatch();
    setError(null);
    setImprecise(null);
    setRun(null);
  }, [clearWatch]);

  return { run, state, now, error, imprecise, restored, start, pause, resume, stop, clear };
}
