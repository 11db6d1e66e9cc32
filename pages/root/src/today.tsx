import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatClock, runningSeconds } from "@nook/shared/common/stopwatch";
import { MOOD_EMOJI, MOODS, type Mood } from "@nook/shared/journal/mood";
import type { MoonPhaseName } from "@nook/shared/lupileon/schemas";
import { api, errorText, ok, readerTimeZone } from "@nook/ui/api";
import { formatCalendarDay, formatDayHeading } from "@nook/ui/dates";
import { LoadFailed } from "@nook/ui/load-failed";
import { originOf } from "@nook/ui/site";
import { useToast } from "@nook/ui/toasts";
import { invalidate, useData } from "@nook/ui/use-data";
import { useSubmit } from "@nook/ui/use-submit";
import { useToday } from "@nook/ui/use-today";
import { keyedWrite } from "@nook/ui/write-key";
import { useEffect, useRef, useState } from "react";
import { InsightCard } from "./insight-card.tsx";
import "./today.css";

/** GET /api/today's answer. */
type Today = Awaited<ReturnType<typeof loadToday>>;

const TODAY_KEY = "today";
const loadToday = () => ok(api.today.$get({ query: { tz: readerTimeZone() } }));

const MOOD_NAMES: Record<Mood, MessageDescriptor> = {
  1: msg`sad`,
  2: msg`slightly sad`,
  3: msg`neutral`,
  4: msg`slightly happy`,
  5: msg`very happy`,
};
const MOON_NAMES: Record<MoonPhaseName, MessageDescriptor> = {
  "New Moon": msg`New Moon`,
  "Waxing Crescent": msg`Waxing Crescent`,
  "First Quarter": msg`First Quarter`,
  "Waxing Gibbous": msg`Waxing Gibbous`,
  "Full Moon": msg`Full Moon`,
  "Waning Gibbous": msg`Waning Gibbous`,
  "Last Quarter": msg`Last Quarter`,
  "Waning Crescent": msg`Waning Crescent`,
};
/** The phases' faces. */
const MOON_FACES: Record<MoonPhaseName, string> = {
  "New Moon": "🌑",
  "Waxing Crescent": "🌒",
  "First Quarter": "🌓",
  "Waxing Gibbous": "🌔",
  "Full Moon": "🌕",
  "Waning Gibbous": "🌖",
  "Last Quarter": "🌗",
  "Waning Crescent": "🌘",
};

const journal = originOf("journal");
const links = {
  about: (tag: string) => `${journal}/?${new URLSearchParams({ prompt: "about", person: tag })}`,
  steps: (id: number) => `${originOf("steps")}/${id}`,
  timer: `${journal}/tools/timer`,
  stack: (id: number) => `${journal}/stacks/${id}`,
  calendarDay: (date: string) => `${originOf("calendar")}/?view=day&date=${date}`,
  event: (id: number) => `${originOf("calendar")}/events/${id}`,
  person: (name: string) => `${originOf("people")}/?q=${encodeURIComponent(name)}`,
  moon: `${originOf("lupileon")}/`,
};

/**
 * Today (DESIGN §5 "Today"): the signed-in launcher's first screen — birthdays, deadlines, the timer,
 * streaks that end tonight, today in the journal with one-tap mood, today's events and the Moon — from one
 * call. Offline it shows the copy last seen, said so by the shell's banner.
 */
export function TodayPanel() {
  const { t } = useLingui();
  const { data, error, retry } = useData(TODAY_KEY, loadToday);
  // A launcher left open past midnight asks for the new day (useToday looks at the clock every minute).
  const day = useToday();
  const seen = useRef(day);
  useEffect(() => {
    if (seen.current === day) return;
    seen.current = day;
    void invalidate(TODAY_KEY);
  }, [day]);
  if (data === undefined)
    return (
      <section className="today" aria-labelledby="today-title" aria-busy={error === undefined}>
        <h1 id="today-title">
          <Trans>Today</Trans>
        </h1>
        {error === undefined ? (
          <p className="muted">
            <Trans>Loading your day...</Trans>
          </p>
        ) : (
          <LoadFailed text={errorText(error, t`Could not load your day`)} retry={retry} />
        )}
      </section>
    );
  return <TodayCards today={data} />;
}

/** A streak's length in its unit: days, or with a goal the weeks or months in a row that met it. */
function StreakLength({ streak }: { streak: Today["streaksAtRisk"][number] }) {
  const { t } = useLingui();
  const { length: n, more } = streak;
  switch (streak.goal?.per) {
    case "week":
      return more ? t`${n}+ weeks` : plural(n, { one: "# week", other: "# weeks" });
    case "month":
      return more ? t`${n}+ months` : plural(n, { one: "# month", other: "# months" });
    default:
      return more ? t`${n}+ days` : plural(n, { one: "# day", other: "# days" });
  }
}

function TodayCards({ today }: { today: Today }) {
  const { t, i18n } = useLingui();
  const { birthdays, deadlines, timer, streaksAtRisk, events, moon } = today;
  return (
    <section className="today" aria-labelledby="today-title">
      <h1 id="today-title">
        <Trans>Today</Trans>{" "}
        <span className="today-date muted">
          {formatDayHeading(`${today.date}T12:00:00Z`, i18n.locale, "UTC", Number(today.date.slice(0, 4)))}
        </span>
      </h1>
      <div className="today-grid">
        <JournalCard today={today} />
        <InsightCard date={today.date} />
        {events.length > 0 && (
          <article className="today-card">
            <h2>
              <Trans>Your events</Trans>
            </h2>
            <ul className="today-list">
              {events.map(({ eventId, title, start, end, continued }) => (
                <li key={eventId}>
                  <a href={links.event(eventId)} className="user-text" dir="auto">
                    {/* Begun yesterday, it runs on into this morning. */}
                    {continued ? t`until ${end} ${title}` : start === null ? title : `${start}–${end} ${title}`}
                  </a>
                </li>
              ))}
            </ul>
          </article>
        )}
        {timer && <TimerCard timer={timer} />}
        {streaksAtRisk.length > 0 && (
          <article className="today-card">
            <h2>
              {/* A goal's week or month may end tomorrow, not tonight. */}
              {streaksAtRisk.every((s) => s.goal === null) ? (
                <Trans>Streaks that end tonight</Trans>
              ) : (
                <Trans>Streaks at risk</Trans>
              )}
            </h2>
            <ul className="today-list">
              {streaksAtRisk.map((s) => (
                <li key={s.itemId}>
                  <a href={links.stack(s.stackId)}>
                    <span className="user-text" dir="auto">
                      {s.title}
                    </span>
                    {" · "}
                    <StreakLength streak={s} />
                  </a>
                  {s.goal && (
                    <span className="muted">
                      {" · "}
                      {s.goal.per === "week"
                        ? t`${s.goal.count} of ${s.goal.times} this week, until ${formatCalendarDay(s.goal.periodEnd, i18n.locale)}`
                        : t`${s.goal.count} of ${s.goal.times} this month, until ${formatCalendarDay(s.goal.periodEnd, i18n.locale)}`}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </article>
        )}
        {deadlines.length > 0 && (
          <article className="today-card">
            <h2>
              <Trans>Deadlines</Trans>
            </h2>
            <ul className="today-list">
              {deadlines.map((d) => (
                <li key={d.stepsId} className={d.inDays < 0 ? "today-overdue" : undefined}>
                  <a href={links.steps(d.stepsId)}>
                    <span className="user-text" dir="auto">
                      {d.name}
                    </span>
                  </a>{" "}
                  <span className="muted">
                    {d.inDays < 0
                      ? t`overdue since ${formatCalendarDay(d.date, i18n.locale)}`
                      : d.inDays === 0
                        ? t`due today`
                        : plural(d.inDays, { one: "due in # day", other: "due in # days" })}
                    {" · "}
                    {t`${d.completedItems} of ${d.totalItems} done`}
                  </span>
                  <progress max={Math.max(1, d.totalItems)} value={d.completedItems} aria-hidden="true" />
                </li>
              ))}
            </ul>
          </article>
        )}
        {birthdays.length > 0 && (
          <article className="today-card">
            <h2>
              <Trans>Birthdays</Trans>
            </h2>
            <ul className="today-list">
              {birthdays.map((b) => (
                <li key={`${b.personId}-${b.date}`}>
                  <a href={links.person(b.name)} className="user-text" dir="auto">
                    {b.name}
                  </a>{" "}
                  <span className="muted">
                    {b.inDays === 0
                      ? plural(b.age, { one: "turns # today", other: "turns # today" })
                      : t`turns ${b.age} on ${formatCalendarDay(b.date, i18n.locale)}`}
                  </span>{" "}
                  <a className="button button-quiet button-small" href={links.about(b.tag)}>
                    <Trans>Write about {b.name}</Trans>
                  </a>
                </li>
              ))}
            </ul>
          </article>
        )}
        <article className="today-card today-moon">
          <h2>
            <Trans>The Moon</Trans>
          </h2>
          <p>
            <span className="today-moon-face" aria-hidden="true">
              {MOON_FACES[moon.phase]}
            </span>{" "}
            <a href={links.moon}>{i18n._(MOON_NAMES[moon.phase])}</a>
          </p>
        </article>
      </div>
    </section>
  );
}

/** The address a reminder's "Log mood" opens (`/?mood`, pages/auth/src/push-worker/notification.ts). */
const MOOD_PARAM = "mood";

/** Whether the page was opened to log the mood; the address forgets it, so a reload does not ask again. */
function takeMoodAsk(): boolean {
  const url = new URL(location.href);
  if (!url.searchParams.has(MOOD_PARAM)) return false;
  url.searchParams.delete(MOOD_PARAM);
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return true;
}

/**
 * Today in the journal: how many entries, the mood, and one tap to log it when there is none yet. Opened from
 * a reminder's "Log mood", the first face has the focus (or the mood, when one is logged already).
 */
function JournalCard({ today }: { today: Today }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const { entries, mood } = today.journal;
  // After a tap the faces give way to the mood logged: the focus goes to it, not to the page's top.
  const tapped = useRef(false);
  const logged = useRef<HTMLParagraphElement>(null);
  const hasMood = mood !== null && mood !== undefined;
  const faces = useRef<HTMLDivElement>(null);
  const [moodAsked] = useState(takeMoodAsk);
  const asked = useRef(moodAsked);
  useEffect(() => {
    if (!asked.current) return;
    asked.current = false;
    if (hasMood) logged.current?.focus();
    else faces.current?.querySelector("button")?.focus();
  }, [hasMood]);
  useEffect(() => {
    if (hasMood && tapped.current) {
      tapped.current = false;
      logged.current?.focus();
    }
  }, [hasMood]);
  const log = useSubmit(
    async (value: Mood) => {
      tapped.current = true;
      const json = { text: "", metrics: [{ name: "mood", value }] };
      await keyedWrite(`today/mood-${today.date}`, json, (headers) =>
        ok(api.journal.entries.$post({ json }, { headers })),
      );
      toast(t`Mood saved`);
      await invalidate(TODAY_KEY);
    },
    {
      failed: (err) => {
        tapped.current = false;
        return errorText(err, t`Could not save your mood`);
      },
    },
  );
  return (
    <article className="today-card today-journal">
      <h2>
        <Trans>Journal</Trans>
      </h2>
      <p>
        <a href={`${journal}/?day=${today.date}`}>
          {entries === 0
            ? t`No entries yet today`
            : plural(entries, { one: "# entry today", other: "# entries today" })}
        </a>
      </p>
      {mood === null || mood === undefined ? (
        <fieldset className="today-moods">
          <legend>
            <Trans>How are you today?</Trans>
          </legend>
          <div className="row" ref={faces}>
            {MOODS.map((m) => (
              <button
                key={m}
                type="button"
                className="mood"
                data-mood={m}
                disabled={log.busy}
                aria-label={`${m} ${i18n._(MOOD_NAMES[m])}`}
                title={i18n._(MOOD_NAMES[m])}
                onClick={() => void log.run(m)}
              >
                {MOOD_EMOJI[m]}
              </button>
            ))}
          </div>
          <p className="error-line" role="alert">
            {log.error}
          </p>
        </fieldset>
      ) : (
        <p ref={logged} tabIndex={-1} className="today-mood">
          <Trans>Mood today:</Trans> <span aria-hidden="true">{MOOD_EMOJI[mood as Mood] ?? ""}</span>{" "}
          {MOOD_NAMES[mood as Mood] ? i18n._(MOOD_NAMES[mood as Mood]) : mood}
        </p>
      )}
    </article>
  );
}

/** The unfinished timer: its running time, ticking while it runs. */
function TimerCard({ timer }: { timer: NonNullable<Today["timer"]> }) {
  const watch = {
    startedAt: Date.parse(timer.startedAt),
    pausedAt: timer.pausedAt === null ? null : Date.parse(timer.pausedAt),
    pausedTimeDiff: timer.pausedTimeDiff,
  };
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (watch.pausedAt !== null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [watch.pausedAt]);
  return (
    <article className="today-card">
      <h2>{watch.pausedAt === null ? <Trans>Timer running</Trans> : <Trans>Timer paused</Trans>}</h2>
      <p>
        <a href={links.timer}>
          <span className="today-clock">{formatClock(runningSeconds(watch, now))}</span>{" "}
          {timer.text && (
            <span className="user-text" dir="auto">
              {timer.text}
            </span>
          )}
        </a>
      </p>
    </article>
  );
}
