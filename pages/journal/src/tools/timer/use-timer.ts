import { pause, resume, runningSeconds, type Stopwatch } from "@nook/shared/common/stopwatch";
import { GOAL_DEFAULT_MS } from "@nook/shared/timer/clock";
import { accountKey } from "@nook/ui/account";
import { discard, enqueue as keep, queuedWrites } from "@nook/ui/offline-queue";
import { readStored, writeStored } from "@nook/ui/stored";
import { invalidate, useData } from "@nook/ui/use-data";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ServerTimer, type TimerUpdate, timerApi } from "./timer-api.ts";

/** The page's timer: its stopwatch (epoch ms), its id once the server has it, and its content. */
export interface LocalTimer extends Stopwatch {
  /** null until the server has registered it (spec 2 §4: created locally, then registered). */
  id: number | null;
  initAt: number;
}

export interface Fields {
  text: string;
  tags: string[];
  /** A datetime-local moment in epoch ms; null for no goal. */
  goal: number | null;
  /**
   * The goal given as a length (seconds) while the timer is idle: the goal is then that long after the start,
   * set again when Start is pressed. Absent for a goal given as a moment.
   */
  goalLength?: number;
}

export type Status = "loading" | "idle" | "running" | "paused";

const DRAFT_KEY = "nook-timer-draft";
/** The server's unfinished timer (useData's key). */
const TIMER_KEY = "journal/timer";
/** Typing in the message is saved this long after the last key. */
const TEXT_SAVE_MS = 700;

const freshFields = (): Fields => ({ text: "", tags: [], goal: Date.now() + GOAL_DEFAULT_MS });

/** What an idle timer's fields hold is kept in this browser, so a reload loses nothing typed. */
function draftOf(raw: unknown): Fields | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const d = raw as Partial<Record<keyof Fields, unknown>>;
  return {
    text: typeof d.text === "string" ? d.text : "",
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === "string") : [],
    // A goal already past is no goal for the next start: the default again. A length stays a length.
    ...(typeof d.goalLength === "number" && d.goalLength > 0
      ? { goal: Date.now() + d.goalLength * 1000, goalLength: d.goalLength }
      : { goal: typeof d.goal === "number" && d.goal > Date.now() ? d.goal : Date.now() + GOAL_DEFAULT_MS }),
  };
}

const loadDraft = (): Fields => readStored(accountKey(DRAFT_KEY), draftOf, freshFields());

/**
 * A timer started with no network, which the server has not registered yet: kept in this browser
 * with its fields, so a reload before the network is back loses nothing; registered once it is.
 */
const LOCAL_KEY = "nook-timer-unregistered";

function localOf(raw: unknown): { timer: LocalTimer; fields: Fields } | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { timer, fields } = raw as { timer?: Record<string, unknown>; fields?: unknown };
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : undefined);
  const initAt = n(timer?.initAt);
  const startedAt = n(timer?.startedAt);
  const pausedTimeDiff = n(timer?.pausedTimeDiff);
  const pausedAt = timer?.pausedAt === null ? null : n(timer?.pausedAt);
  if (initAt === undefined || startedAt === undefined || pausedTimeDiff === undefined || pausedAt === undefined)
    return undefined;
  const f = draftOf(fields);
  const goal = (fields as { goal?: unknown } | undefined)?.goal;
  return {
    timer: { id: null, initAt, startedAt, pausedAt, pausedTimeDiff },
    // The goal as it was set, even if already past: it is this timer's.
    fields: { ...(f ?? freshFields()), goal: typeof goal === "number" ? goal : null },
  };
}

function fromServer(t: ServerTimer): { timer: LocalTimer; fields: Fields } {
  return {
    timer: {
      id: t.id,
      initAt: Date.parse(t.initAt),
      startedAt: Date.parse(t.startedAt),
      pausedAt: t.pausedAt === null ? null : Date.parse(t.pausedAt),
      pausedTimeDiff: t.pausedTimeDiff,
    },
    fields: { text: t.text, tags: t.tags.map((x) => x.name), goal: t.goal === null ? null : Date.parse(t.goal) },
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;
/** The call never reached the server (ApiError's status 0). */
const unreached = (error: unknown) => statusOf(error) === 0;
/** The timer's save waiting in the offline queue, whose server timer is as good as saved. */
const savePending = (id: number) => queuedWrites().some((w) => w.kind === "timer" && w.meta?.timer === id);

/** What a save sends: "sent" once the server has it, "waiting" when kept in this browser until the network is back. */
export type Saved = "sent" | "waiting" | false;
/** The server refused a write because its timer is not the page's any more (see enqueue). */
const isStale = (error: unknown) => statusOf(error) === 409 || statusOf(error) === 404;

function payload(timer: LocalTimer & { id: number }, fields: Fields, complete = false): TimerUpdate {
  return {
    id: timer.id,
    text: fields.text,
    tags: fields.tags,
    startedAt: iso(timer.startedAt),
    pausedAt: timer.pausedAt === null ? null : iso(timer.pausedAt),
    pausedTimeDiff: timer.pausedTimeDiff,
    goal: fields.goal === null ? null : iso(fields.goal),
    complete,
  };
}

/**
 * The timer's state machine (spec 2 §4) over the server's one unfinished
 * timer: idle → Start → running ⇄ Stop/Resume ⇄ paused → Save or Reset → idle.
 * The server is the record: read through useData, so on load, when the tab
 * comes back into view, and when another tab of this browser writes (the API
 * client announces it), the page reads it again and adopts it. Writes go out
 * one after another, in the order they were made.
 */
export function useTimer(onError: (error: unknown) => void) {
  // A timer started offline and not registered yet comes back as it was, before the server answers.
  const [restored] = useState(() => readStored(accountKey(LOCAL_KEY), localOf, undefined));
  const [status, setStatus] = useState<Status>(() =>
    restored ? (restored.timer.pausedAt === null ? "running" : "paused") : "loading",
  );
  const [timer, setTimer] = useState<LocalTimer | null>(() => restored?.timer ?? null);
  const [fields, setFieldsState] = useState<Fields>(() => restored?.fields ?? loadDraft());
  const timerRef = useRef(timer);
  const fieldsRef = useRef(fields);
  timerRef.current = timer;
  fieldsRef.current = fields;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const textSave = useRef<ReturnType<typeof setTimeout> | null>(null);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  /** A write of the whole timer missed the network: sent again before the server's state is read. */
  const dirty = useRef(restored !== undefined);
  const pushRef = useRef<() => Promise<unknown>>(async () => {});

  /**
   * Runs writes one at a time; a failed one is reported and the next still runs. A write the server refused
   * because its timer moved on elsewhere — saved (409) or reset (404) from another tab or device, or another
   * timer started first (409) — reads the server's state again, the timer's and the statistics alike: the
   * page shows what the server has instead of repeating the refused press.
   */
  const enqueue = useCallback(<T>(write: () => Promise<T>): Promise<T | undefined> => {
    const next = queue.current.then(write).then(
      (value) => value,
      (error: unknown) => {
        if (isStale(error)) void invalidate("journal");
        errorRef.current(error);
        return undefined;
      },
    );
    queue.current = next;
    return next;
  }, []);

  const adopt = useCallback((server: ServerTimer | null) => {
    if (!server) {
      setTimer(null);
      setStatus("idle");
      return;
    }
    const next = fromServer(server);
    setTimer(next.timer);
    setFieldsState(next.fields);
    setStatus(next.timer.pausedAt === null ? "running" : "paused");
  }, []);

  // The unregistered timer is kept while it is one; registered, saved or reset, it is forgotten.
  useEffect(() => {
    writeStored(accountKey(LOCAL_KEY), timer && timer.id === null ? { timer, fields } : undefined);
  }, [timer, fields]);

  // Each answer is a new object, so even "no timer" twice is adopted twice (another tab may have reset ours).
  const server = useData(TIMER_KEY, async () => {
    // A pause or resume the network missed goes first, then this tab's own writes, so the answer includes them;
    // a timer whose save waits in the offline queue is as good as saved, and never comes back.
    if (dirty.current) void pushRef.current();
    await queue.current;
    const timer = await timerApi.current();
    return { timer: timer && savePending(timer.id) ? null : timer };
  });
  useEffect(() => {
    if (server.data === undefined) return;
    // A start the server has not registered yet (its call failed) stays on the page until it is.
    if (!server.data.timer && timerRef.current?.id === null) return;
    adopt(server.data.timer);
  }, [server.data, adopt]);
  // Local writes move on from the answer kept: a later visit to the page waits for a fresh one.
  useEffect(() => () => void invalidate(TIMER_KEY), []);
  useEffect(() => {
    if (server.error === undefined) return;
    errorRef.current(server.error);
    setStatus((s) => (s === "loading" ? "idle" : s));
  }, [server.error]);

  /** The timer as the server must know it: registered first if the start's call had failed. */
  const registered = useCallback(async (): Promise<(LocalTimer & { id: number }) | null> => {
    const t = timerRef.current;
    if (!t) return null;
    if (t.id !== null) return t as LocalTimer & { id: number };
    const f = fieldsRef.current;
    const server = await timerApi.start({
      text: f.text,
      tags: f.tags,
      initAt: iso(t.initAt),
      goal: f.goal === null ? null : iso(f.goal),
    });
    if (!timerRef.current) {
      // Reset while the start was on its way: the server's copy goes too.
      await timerApi.reset(server.id);
      return null;
    }
    const withId = { ...timerRef.current, id: server.id };
    timerRef.current = withId;
    setTimer(withId);
    return withId;
  }, []);

  /** Drops a message save still waiting for the typing to pause; says whether one was waiting. */
  const cancelTextSave = useCallback(() => {
    const waiting = textSave.current !== null;
    if (textSave.current) clearTimeout(textSave.current);
    textSave.current = null;
    return waiting;
  }, []);

  /** Sends the page's whole timer (after registering it, when needed; `registered` answers the timer as it is now). */
  const push = useCallback(
    (keepalive = false) =>
      enqueue(async () => {
        try {
          const t = await registered();
          if (t) await timerApi.update(payload(t, fieldsRef.current), keepalive);
          dirty.current = false;
        } catch (error) {
          if (unreached(error)) dirty.current = true;
          throw error;
        }
      }),
    [enqueue, registered],
  );
  pushRef.current = push;

  const setFields = useCallback(
    (patch: Partial<Fields>) => {
      const next = { ...fieldsRef.current, ...patch };
      fieldsRef.current = next;
      setFieldsState(next);
      if (!timerRef.current) {
        writeStored(accountKey(DRAFT_KEY), next);
        return;
      }
      // Tags and goal change only while paused: sent at once. Typing is sent when it pauses.
      cancelTextSave();
      if ("text" in patch && Object.keys(patch).length === 1) {
        textSave.current = setTimeout(() => {
          textSave.current = null;
          void push();
        }, TEXT_SAVE_MS);
      } else void push();
    },
    [push, cancelTextSave],
  );

  // A message still being typed leaves with the tab.
  useEffect(() => {
    const flush = () => {
      if (cancelTextSave()) void push(true);
    };
    addEventListener("pagehide", flush);
    return () => removeEventListener("pagehide", flush);
  }, [push, cancelTextSave]);

  const start = useCallback(() => {
    if (timerRef.current) return;
    const now = Date.now();
    const local: LocalTimer = { id: null, initAt: now, startedAt: now, pausedAt: null, pausedTimeDiff: 0 };
    // A goal given as a length is that long after this start.
    const { goalLength, ...fields } = fieldsRef.current;
    if (goalLength !== undefined) {
      const next = { ...fields, goal: now + goalLength * 1000 };
      fieldsRef.current = next;
      setFieldsState(next);
    }
    timerRef.current = local;
    setTimer(local);
    setStatus("running");
    writeStored(accountKey(DRAFT_KEY), undefined);
    // Another tab or device started one first (409): enqueue reads it, and the page shows that one instead.
    void enqueue(registered);
  }, [enqueue, registered]);

  const stop = useCallback(() => {
    const t = timerRef.current;
    if (!t || t.pausedAt !== null) return;
    const next = pause(t, Date.now());
    timerRef.current = next;
    setTimer(next);
    setStatus("paused");
    void push();
  }, [push]);

  const resumeTimer = useCallback(() => {
    const t = timerRef.current;
    if (!t || t.pausedAt === null) return;
    const next = resume(t, Date.now());
    timerRef.current = next;
    setTimer(next);
    setStatus("running");
    void push();
  }, [push]);

  const clear = useCallback(() => {
    timerRef.current = null;
    setTimer(null);
    const fresh = freshFields();
    fieldsRef.current = fresh;
    setFieldsState(fresh);
    writeStored(accountKey(DRAFT_KEY), undefined);
    setStatus("idle");
  }, []);

  /**
   * Save: completes the timer; the server writes its journal entry. The save goes through the offline queue:
   * with no network it is kept in this browser and sent, once, when the network is back. A timer
   * the server never registered (started offline) is saved as the journal entry its save would have written.
   */
  const save = useCallback(
    async (fieldsToSave: Fields): Promise<Saved> => {
      cancelTextSave();
      fieldsRef.current = fieldsToSave;
      const done = await enqueue(async (): Promise<Saved> => {
        const local = timerRef.current;
        if (!local) return false;
        let t: (LocalTimer & { id: number }) | null = null;
        let offline = false;
        try {
          t = await registered();
        } catch (error) {
          if (!unreached(error)) throw error;
          offline = true;
        }
        if (!t && !offline) return false;
        const now = Date.now();
        const { outcome } = await keep(
          t
            ? {
                method: "PUT",
                path: "/api/journal/timer",
                body: payload(t, fieldsToSave, true),
                kind: "timer",
                meta: { timer: t.id, from: "timer" },
                invalidates: "journal",
              }
            : {
                method: "POST",
                path: "/api/journal/entries",
                body: {
                  text: fieldsToSave.text,
                  tags: fieldsToSave.tags,
                  metrics: [{ name: "duration", value: runningSeconds(local, now) }],
                  date: iso(local.pausedAt ?? now),
                },
                kind: "entry",
                meta: { from: "timer" },
                invalidates: "journal",
              },
        );
        const result = await outcome;
        if (result.state === "refused") {
          await discard(result.item);
          throw result.error;
        }
        dirty.current = false;
        return result.state;
      });
      if (done) clear();
      return done ?? false;
    },
    [clear, enqueue, registered, cancelTextSave],
  );

  const reset = useCallback(async () => {
    cancelTextSave();
    const id = timerRef.current?.id ?? null;
    clear();
    // Already gone (saved or reset elsewhere): nothing is left to discard, so nothing went wrong; the page
    // reads the server again all the same, to show what became of it.
    if (id !== null)
      await enqueue(() =>
        timerApi.reset(id).catch((error: unknown) => {
          if (statusOf(error) !== 404) throw error;
          void invalidate("journal");
        }),
      );
  }, [clear, enqueue, cancelTextSave]);

  return { status, timer, fields, setFields, start, stop, resume: resumeTimer, save, reset };
}
