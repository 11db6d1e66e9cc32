import { Trans, useLingui } from "@lingui/react/macro";
import { formatClock } from "@nook/shared/common/stopwatch";
import { routeMeters } from "@nook/shared/runner/distance";
import { averagePace } from "@nook/shared/runner/pace";
import { elapsedSeconds, livePace, MAX_ACCURACY_M, runEntryMetrics, sessionOf } from "@nook/shared/runner/run";
import type { RunSession } from "@nook/shared/runner/session";
import { errorText } from "@nook/ui/api";
import { DeleteButton } from "@nook/ui/delete-button";
import { discard, type QueuedWrite, useQueue } from "@nook/ui/offline-queue";
import { useToast } from "@nook/ui/toasts";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import { queueEntry, sentEntryId } from "../../journal-api.ts";
import { RouteMap } from "./route-map.tsx";
import { RunCard } from "./run-card.tsx";
import { useRunFormat } from "./run-format.ts";
import { loadSessions, storeSessions } from "./run-storage.ts";
import { type TrackerError, type TrackerState, useRunTracker } from "./use-run-tracker.ts";
import "./runner.css";

/**
 * /tools/runner (spec 2 §2 "Runner"): a run tracked in the browser — Start,
 * Pause, Resume, Stop, then Save or Delete — with the elapsed time, distance
 * and pace; the saved runs below, each with its route and splits, and a way
 * to send it to the journal.
 */
export function RunnerPage() {
  const { t } = useLingui();
  const toast = useToast();
  const format = useRunFormat();
  const tracker = useRunTracker();
  const { run, state, now } = tracker;
  const [sessions, setSessions] = useState<RunSession[]>(loadSessions);
  const [sending, setSending] = useState<string | null>(null);

  // The list is written down whenever it changes (not on the first render: nothing changed yet).
  const loaded = useRef(sessions);
  useEffect(() => {
    if (sessions !== loaded.current) storeSessions(sessions);
  }, [sessions]);

  const distance = useMemo(() => (run ? routeMeters(run.positions) : 0), [run]);
  const elapsed = run ? elapsedSeconds(run, now) : 0;
  const pending = useMemo(() => (run && state === "stopped" ? sessionOf(run) : null), [run, state]);

  function save() {
    if (!pending) return;
    setSessions((list) => [pending, ...list.filter((s) => s.id !== pending.id)]);
    tracker.clear();
    toast(t`Run saved`);
  }

  // A run sent to the journal goes through the offline queue: kept in this browser until the
  // server has it, even with no network; once sent — by this page or another of the site, now or after a
  // reload — the run is marked with its entry, and the queue forgets it.
  const queue = useQueue();
  const runWrites = useMemo(() => {
    const byRun = new Map<string, QueuedWrite>();
    for (const item of queue.items) if (item.kind === "run" && item.meta?.run) byRun.set(String(item.meta.run), item);
    return byRun;
  }, [queue.items]);
  useEffect(() => {
    const sent = [...runWrites.values()].filter((item) => item.state === "sent");
    if (!sent.length) return;
    const ids = new Map(sent.map((item) => [String(item.meta?.run), sentEntryId(item)]));
    setSessions((list) =>
      list.map((s) => {
        const id = ids.get(s.id);
        return id ? { ...s, journalEntryId: id } : s;
      }),
    );
    for (const item of sent) void discard(item);
  }, [runWrites]);

  async function send(session: RunSession) {
    setSending(session.id);
    try {
      const earlier = runWrites.get(session.id);
      if (earlier?.state === "refused") await discard(earlier);
      const distance = format.distance(session.distance);
      const time = formatClock(session.duration);
      const pace = format.pace(session.averagePace);
      const text = t`Run: ${distance} in ${time}, pace ${pace}`;
      const { outcome } = await queueEntry(
        { text, tags: ["run"], metrics: runEntryMetrics(session), date: session.date },
        { kind: "run", meta: { run: session.id }, keepResult: true },
      );
      const result = await outcome;
      if (result.state === "sent") toast(t`Run sent to the journal`);
      else if (result.state === "waiting") toast(t`No network: the run is sent to the journal when it is back`);
      else toast(errorText(result.error, t`Something went wrong :C`), { kind: "error" });
    } catch (err) {
      toast(errorText(err, t`Something went wrong :C`), { kind: "error" });
    } finally {
      setSending(null);
    }
  }

  return (
    <section className="stack runner">
      <header className="row runner-header">
        <h1>
          <Trans>Runner</Trans>
        </h1>
        <span className="header-gap" />
        <Link href="/">
          <Trans>Back to the journal</Trans>
        </Link>
      </header>
      <p className="muted runner-note">
        <Trans>
          Tracking works only while this tab stays open and the screen is on; to record a run in the background, a
          native app is required.
        </Trans>
      </p>

      <section
        className="card stack runner-live"
        aria-label={t`Current run`}
        data-state={state}
        data-points={run?.positions.length ?? 0}
      >
        <dl className="run-figures run-figures-live">
          <div>
            <dt>
              <Trans>Time</Trans>
            </dt>
            <dd data-testid="run-time">{formatClock(elapsed)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Distance</Trans>
            </dt>
            <dd data-testid="run-distance">{format.distance(distance)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Pace</Trans>
            </dt>
            <dd data-testid="run-pace">{format.pace(run ? livePace(run) : null)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Average pace</Trans>
            </dt>
            <dd data-testid="run-average-pace">{format.pace(averagePace(elapsed, distance))}</dd>
          </div>
        </dl>
        <p className="muted runner-status" role="status">
          <StatusText state={state} restored={tracker.restored} />
          {state === "running" && tracker.imprecise !== null && (
            <>
              {" "}
              <ImpreciseText accuracy={tracker.imprecise} />
            </>
          )}
        </p>
        <p className="error-line" role="alert">
          {tracker.error && <ErrorText error={tracker.error} />}
        </p>
        {pending && <RouteMap positions={pending.positions} label={t`Route of this run`} />}
        <div className="row runner-controls">
          <Controls state={state} tracker={tracker} onSave={save} />
        </div>
      </section>

      <section className="stack runner-past" aria-labelledby="runner-past-title">
        <h2 id="runner-past-title">
          <Trans>Past runs</Trans>
        </h2>
        {sessions.length === 0 ? (
          <p className="muted">
            <Trans>No saved runs yet.</Trans>
          </p>
        ) : (
          <ul className="run-list">
            {sessions.map((session) => (
              <RunCard
                key={session.id}
                session={session}
                sending={sending === session.id}
                queued={runWrites.get(session.id) ?? null}
                onSend={() => send(session)}
                onDelete={() => setSessions((list) => list.filter((s) => s.id !== session.id))}
              />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/**
 * The buttons of each state, in two slots that keep their place: Start,
 * Pause, Resume and Save are one button whose words change, so the keyboard
 * focus stays on it as the state moves on.
 */
function Controls({
  state,
  tracker,
  onSave,
}: {
  state: TrackerState;
  tracker: ReturnType<typeof useRunTracker>;
  onSave(): void;
}) {
  const primary = {
    idle: { label: <Trans>Start</Trans>, action: tracker.start },
    starting: { label: <Trans>Start</Trans>, action: tracker.start },
    running: { label: <Trans>Pause</Trans>, action: tracker.pause },
    paused: { label: <Trans>Resume</Trans>, action: tracker.resume },
    stopped: { label: <Trans>Save</Trans>, action: onSave },
  }[state];
  return (
    <>
      <button type="button" className="button" disabled={state === "starting"} onClick={primary.action}>
        {primary.label}
      </button>
      {(state === "running" || state === "paused") && (
        <button type="button" className="button button-quiet" onClick={tracker.stop}>
          <Trans>Stop</Trans>
        </button>
      )}
      {state === "stopped" && <DeleteButton onConfirm={tracker.clear} />}
    </>
  );
}

function StatusText({ state, restored }: { state: TrackerState; restored: boolean }) {
  switch (state) {
    case "idle":
      return <Trans>Press Start to track a run.</Trans>;
    case "starting":
      return <Trans>Waiting for your location…</Trans>;
    case "running":
      return <Trans>Running</Trans>;
    case "paused":
      return restored ? (
        <Trans>This run was interrupted by a reload and is paused: Resume to go on, or Stop to end it.</Trans>
      ) : (
        <Trans>Paused</Trans>
      );
    case "stopped":
      return <Trans>Stopped: save this run or delete it.</Trans>;
  }
}

/** Why the distance does not move: the device's fixes are coarser than a run can use (typical of a desktop's Wi-Fi location). */
function ImpreciseText({ accuracy }: { accuracy: number }) {
  const max = MAX_ACCURACY_M;
  return (
    <span className="runner-imprecise" data-testid="run-imprecise">
      <Trans>
        Your location is known only to within {accuracy} m; positions less precise than {max} m are not counted, so the
        distance does not grow. A phone outdoors, with its GPS on, does better.
      </Trans>
    </span>
  );
}

/** Spec 2 §8's words. */
function ErrorText({ error }: { error: TrackerError }) {
  const { t } = useLingui();
  switch (error.kind) {
    case "denied":
      return t`Location permission denied`;
    case "error": {
      const { message } = error;
      return t`Error: ${message}`;
    }
    case "permission": {
      const message = error.message ?? t`this browser cannot share its location`;
      return t`Error requesting permission: ${message}`;
    }
    case "tracking": {
      const { message } = error;
      return t`Tracking error: ${message}`;
    }
  }
}
