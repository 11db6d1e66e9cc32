import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDuration, parseDuration } from "@nook/shared/common/duration";
import { formatClock, runningMs, runningSeconds } from "@nook/shared/common/stopwatch";
import { ENTRY_TEXT_MAX } from "@nook/shared/journal/limits";
import { goalProgress } from "@nook/shared/timer/clock";
import { ApiError, errorText } from "@nook/ui/api";
import { useReaderTimeZone } from "@nook/ui/auth";
import { DeleteButton } from "@nook/ui/delete-button";
import { useQueue } from "@nook/ui/offline-queue";
import { pageTitle } from "@nook/ui/page-title";
import { useToast } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { parseTag } from "../../form/pending.ts";
import { NEGATED_TAG, TagInput } from "../../form/tag-input.tsx";
import { useKnownTags } from "../../known.ts";
import { fromLocalInput, toLocalInput } from "../../local-input.ts";
import { AnalogClock } from "./analog-clock.tsx";
import { TimerStats } from "./timer-stats.tsx";
import { type LocalTimer, type Status, useTimer } from "./use-timer.ts";
import "./timer.css";

/**
 * Wall-clock now, ticking once a second while a timer exists — on the
 * running time's own second boundaries while it runs, so the readout turns
 * over exactly on the second. Time is read from timestamps, never counted.
 */
function useNow(timer: LocalTimer | null, status: Status): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!timer) return;
    let handle: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      const delay = status === "running" ? 1000 - (runningMs(timer, t) % 1000) : 1000;
      handle = setTimeout(tick, delay);
    };
    tick();
    return () => clearTimeout(handle);
  }, [timer, status]);
  return now;
}

/** The main timer (spec 2 §2 "Main timer", §4 "Timer"), its statistics below it. */
export function TimerPage() {
  const { t, i18n } = useLingui();
  const zone = useReaderTimeZone();
  const toast = useToast();
  const [error, setError] = useState("");
  /** No network: the timer goes on here, and that is said quietly, not as an error. */
  const [offline, setOffline] = useState(false);
  const [tagText, setTagText] = useState("");
  const [tagError, setTagError] = useState("");
  // The goal as a length, as typed ("25m"); cleared when the timer is saved or reset.
  const [lengthText, setLengthText] = useState("");
  const known = useKnownTags();
  const ids = useId();
  const { status, timer, fields, setFields, start, stop, resume, save, reset } = useTimer((err) => {
    // Spec 2 §8 logs timer errors; the page also says what went wrong, in words.
    console.error(err);
    const unreachable = err instanceof ApiError && err.status === 0;
    setOffline(unreachable);
    setError(
      unreachable
        ? t`The timer could not reach the server. Your time is kept on this page.`
        : errorText(err, t`The timer could not reach the server. Your time is kept on this page.`),
    );
  });
  const now = useNow(timer, status);
  // A timer saved or reset leaves no length typed for the next one.
  const idle = timer === null;
  useEffect(() => {
    if (idle) return;
    return () => setLengthText("");
  }, [idle]);
  // Saves kept in this browser until the network is back (offline-queue).
  const waitingSaves = useQueue().items.filter((w) => w.state === "waiting" && w.meta?.from === "timer").length;
  const primaryRef = useRef<HTMLButtonElement>(null);
  /** Save and Reset leave with the paused timer: the focus they held goes to Start, not to the page. */
  const keepFocus = () =>
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) primaryRef.current?.focus();
    });
  const seconds = timer ? runningSeconds(timer, now) : 0;
  const editable = status === "idle" || status === "paused";

  // The running time leads the tab's title while it runs.
  useEffect(() => {
    const base = pageTitle(i18n);
    document.title = status === "running" ? `${formatClock(seconds)} · ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [status, seconds, i18n]);

  // A failed save is told by useTimer's onError, above: nothing more to say here.
  const saving = useSubmit(
    async (tags: string[]) => {
      const saved = await save({ ...fields, tags });
      if (!saved) return;
      setTagText("");
      keepFocus();
      // The save wrote a journal entry: the statistics and the suggestions are asked again.
      void invalidate("journal");
      toast(saved === "sent" ? t`Timer saved to the journal` : t`No network: the timer is saved when it is back`);
    },
    { failed: () => "" },
  );
  function onSave() {
    const tag = parseTag(tagText);
    if (!tag.ok) {
      setTagError(NEGATED_TAG);
      return;
    }
    setError("");
    void saving.run(tag.tag && !fields.tags.includes(tag.tag) ? [...fields.tags, tag.tag] : fields.tags);
  }

  const act = (action: () => void) => () => {
    setError("");
    action();
  };
  const goal = fields.goal;
  const lengthSeconds = lengthText.trim() ? parseDuration(lengthText) : null;
  const lengthWrong = lengthText.trim() !== "" && (lengthSeconds === null || lengthSeconds <= 0);
  const progress = timer && goal !== null ? goalProgress(timer.startedAt, goal, now) : null;
  const stateName = {
    loading: t`Loading...`,
    idle: t`Ready`,
    running: t`Running`,
    paused: t`Stopped`,
  }[status];

  return (
    <div className="timer-page">
      <p>
        <Link href="/" className="muted">
          <Trans>Back to the journal</Trans>
        </Link>
      </p>
      <section className="card stack timer-main" aria-labelledby={`${ids}-title`} data-status={status}>
        <h1 id={`${ids}-title`}>
          <Trans>Timer</Trans>
        </h1>
        <div className="timer-dial">
          <AnalogClock seconds={seconds} label={t`Running time ${formatClock(seconds)}`} />
          <div className="timer-readout" role="timer" data-testid="timer-readout">
            {formatClock(seconds)}
          </div>
          <p className="muted timer-state" data-testid="timer-state">
            {stateName}
          </p>
        </div>
        <div className="row timer-controls">
          {/* Start, Stop and Resume are one button whose words change: the keyboard focus stays on it. */}
          <button
            ref={primaryRef}
            type="button"
            className="button"
            disabled={status === "loading"}
            onClick={act(status === "running" ? stop : status === "paused" ? resume : start)}
          >
            {status === "running" ? (
              <Trans>Stop</Trans>
            ) : status === "paused" ? (
              <Trans>Resume</Trans>
            ) : (
              <Trans>Start</Trans>
            )}
          </button>
          {status === "paused" && (
            <>
              <button type="button" className="button button-quiet" disabled={saving.busy} onClick={onSave}>
                <Trans>Save</Trans>
              </button>
              <DeleteButton
                title={t`Discard this timer without saving`}
                onConfirm={() => {
                  setError("");
                  setTagText("");
                  void reset();
                  keepFocus();
                }}
              >
                <Trans>Reset</Trans>
              </DeleteButton>
            </>
          )}
        </div>
        <p className={offline ? "muted" : "error-line"} role={offline ? "status" : "alert"} data-testid="timer-note">
          {error}
        </p>
        {waitingSaves > 0 && (
          <p className="timer-waiting" data-testid="timer-waiting">
            <span aria-hidden="true">⏳ </span>
            <Plural
              value={waitingSaves}
              one="Waiting to send: # save is kept in this browser until the network is back."
              other="Waiting to send: # saves are kept in this browser until the network is back."
            />
          </p>
        )}
        <TagInput
          tags={fields.tags}
          known={known}
          text={tagText}
          error={tagError}
          disabled={!editable}
          onText={setTagText}
          onChange={(tags) => setFields({ tags })}
          onError={setTagError}
        />
        <label className="field">
          <span className="field-label">
            <Trans>Message</Trans>
          </span>
          <textarea
            className="textarea"
            dir="auto"
            rows={3}
            maxLength={ENTRY_TEXT_MAX}
            value={fields.text}
            placeholder={t`What are you timing?`}
            onChange={(e) => setFields({ text: e.target.value })}
          />
        </label>
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-goal`}>
            <Trans>Goal</Trans>
          </label>
          <div className="row timer-goal-row">
            <input
              id={`${ids}-goal`}
              className="input timer-goal-input"
              type="datetime-local"
              value={goal === null ? "" : toLocalInput(goal, zone)}
              disabled={!editable}
              onChange={(e) => {
                setLengthText("");
                setFields({ goal: fromLocalInput(e.target.value, zone), goalLength: undefined });
              }}
            />
            <label className="timer-goal-length">
              <span className="field-label">
                <Trans>or a length</Trans>
              </span>
              <input
                className="input"
                maxLength={32}
                value={lengthText}
                placeholder={t`25m`}
                disabled={!editable}
                aria-invalid={lengthWrong || undefined}
                aria-describedby={lengthWrong ? `${ids}-length-error` : undefined}
                onChange={(e) => {
                  const text = e.target.value;
                  setLengthText(text);
                  const seconds = parseDuration(text);
                  if (seconds === null || seconds <= 0) return;
                  // From the start: a running or stopped timer's own, or the Start still to come.
                  if (timer) setFields({ goal: timer.startedAt + seconds * 1000, goalLength: undefined });
                  else setFields({ goal: Date.now() + seconds * 1000, goalLength: seconds });
                }}
              />
            </label>
          </div>
          {lengthWrong && (
            <p id={`${ids}-length-error`} className="error-line">
              <Trans>A length like 25m, 1h 30m or 90s</Trans>
            </p>
          )}
          {progress && (
            <div className="timer-goal" data-testid="timer-goal">
              <progress
                className="timer-goal-bar"
                max={1}
                value={progress.fraction}
                aria-label={t`Progress to the goal`}
              />
              <span className="muted">
                {progress.reached ? (
                  <Trans>Goal reached</Trans>
                ) : (
                  <Trans>{formatDuration(Math.ceil(progress.remainingMs / 1000), i18n.locale)} to the goal</Trans>
                )}
              </span>
            </div>
          )}
        </div>
      </section>
      <TimerStats />
    </div>
  );
}
