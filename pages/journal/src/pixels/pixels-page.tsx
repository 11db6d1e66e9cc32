import { Trans, useLingui } from "@lingui/react/macro";
import { PIXELS_YEAR_MAX, PIXELS_YEAR_MIN } from "@nook/shared/journal/pixels-limits";
import { api, errorText, ok, readerTimeZone } from "@nook/ui/api";
import { dateLocale } from "@nook/ui/dates";
import { useData } from "@nook/ui/use-data";
import { useToday } from "@nook/ui/use-today";
import { type KeyboardEvent, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { NO_SEARCH, searchToUrl } from "../entries/search.ts";
import { moodLevel, moveFrom, type PixelDay, yearDays } from "./pixels-grid.ts";
import "./pixels.css";

/** The width from which months lie as rows of 31 days (packages/ui styles.css: "wide"); below it, as columns. */
const WIDE = "(min-width: 1024px)";
const watchWide = (changed: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
};
const isWide = () => matchMedia(WIDE).matches;

const MOOD_LEVELS = [1, 2, 3, 4, 5] as const;

/** The year the address names (`?year=`), if it is one the API answers for. */
function yearOf(search: string): number | null {
  const text = new URLSearchParams(search).get("year") ?? "";
  const year = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
  return year >= PIXELS_YEAR_MIN && year <= PIXELS_YEAR_MAX ? year : null;
}

/** The address of a day's entries: the journal's search of that one day, as its search bar keeps it. */
const dayEntries = (date: string) => `/${searchToUrl({ ...NO_SEARCH, from: date, to: date }, "")}`;

/**
 * A year in pixels: each day of the year a square in the colour of its mean mood (GET /api/journal/pixels,
 * the profile's zone), months as rows on a wide screen and as columns on a narrow one. One tab stop: the
 * arrow keys move between the days, each names its day and mood, and Enter or a click opens its entries.
 */
export function PixelsPage() {
  const { t, i18n } = useLingui();
  const today = useToday();
  const search = useSearch();
  const [, navigate] = useLocation();
  const year = yearOf(search) ?? Number(today.slice(0, 4));
  const wide = useSyncExternalStore(watchWide, isWide, () => true);
  const { data, error, loading, retry } = useData(`journal/pixels/${year}`, () =>
    ok(api.journal.pixels.$get({ query: { year: String(year), tz: readerTimeZone() } })),
  );
  const days = useMemo(() => yearDays(year), [year]);
  const pixels = data?.year === year ? data.days : null;
  const moods = pixels?.filter((d) => d !== null).length ?? 0;

  const dayName = useMemo(() => {
    const long = new Intl.DateTimeFormat(dateLocale(i18n.locale), { dateStyle: "long", timeZone: "UTC" });
    return (date: string) => long.format(new Date(`${date}T12:00:00Z`));
  }, [i18n.locale]);
  const moodFormat = useMemo(
    () => new Intl.NumberFormat(dateLocale(i18n.locale), { maximumFractionDigits: 1 }),
    [i18n.locale],
  );
  const said = (day: PixelDay) => {
    const mean = pixels?.[day.index] ?? null;
    const date = dayName(day.date);
    if (mean === null) return t`${date}: no mood`;
    const mood = moodFormat.format(mean);
    return t`${date}: mood ${mood}`;
  };
  const monthNames = useMemo(() => {
    const f = new Intl.DateTimeFormat(dateLocale(i18n.locale), { month: wide ? "short" : "narrow", timeZone: "UTC" });
    return Array.from({ length: 12 }, (_, m) => f.format(new Date(Date.UTC(2026, m, 15))));
  }, [i18n.locale, wide]);

  // The one day that takes the tab stop: the one last moved to, else today in this year, else 1 January.
  const [chosen, setChosen] = useState<{ year: number; index: number } | null>(null);
  const todayIndex = days.findIndex((d) => d.date === today);
  const active = chosen?.year === year ? chosen.index : Math.max(0, todayIndex);
  const grid = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = moveFrom(year, active, e.key, wide);
    if (to === null) return;
    e.preventDefault();
    setChosen({ year, index: to });
    grid.current?.querySelector<HTMLElement>(`[data-index="${to}"]`)?.focus();
  };
  const goTo = (next: number) => {
    setChosen(null);
    navigate(`/pixels?year=${next}`, { replace: true });
  };
  const shown = focused === null ? null : days[focused];
  const [previous, next] = [year - 1, year + 1];

  return (
    <div className="pixels-page stack">
      <p>
        <Link href="/" className="muted">
          <Trans>Back to the journal</Trans>
        </Link>
      </p>
      <section className="card stack" aria-labelledby="pixels-title">
        <h1 id="pixels-title">
          <Trans>A year in pixels</Trans>
        </h1>
        <p className="muted">
          <Trans>Each day of the year in the colour of its mood: the mean of that day's moods, rounded.</Trans>
        </p>
        <nav className="row pixels-years" aria-label={t`Year`}>
          <button
            type="button"
            className="button button-quiet"
            disabled={year <= PIXELS_YEAR_MIN}
            onClick={() => goTo(previous)}
            aria-label={t`Previous year, ${previous}`}
          >
            <span aria-hidden="true">‹ </span>
            {previous}
          </button>
          <h2 className="pixels-year" aria-live="polite" data-testid="pixels-year">
            {year}
          </h2>
          <button
            type="button"
            className="button button-quiet"
            disabled={year >= PIXELS_YEAR_MAX}
            onClick={() => goTo(next)}
            aria-label={t`Next year, ${next}`}
          >
            {next}
            <span aria-hidden="true"> ›</span>
          </button>
        </nav>

        {pixels === null ? (
          error !== undefined && !loading ? (
            <div className="stack" role="alert">
              <p>{errorText(error, t`The year could not be loaded.`)}</p>
              <p>
                <button type="button" className="button" onClick={retry}>
                  <Trans>Try again</Trans>
                </button>
              </p>
            </div>
          ) : (
            <p className="muted" aria-busy="true">
              <Trans>Loading the year...</Trans>
            </p>
          )
        ) : (
          <>
            <p data-testid="pixels-summary">
              {moods === 0 ? (
                <Trans>
                  No moods in {year} yet. Pick a mood when you write an entry, and its day takes its colour.
                </Trans>
              ) : (
                <Trans>
                  Days with a mood in {year}: {moods}
                </Trans>
              )}
            </p>
            <p className="muted" id="pixels-keys">
              <Trans>Arrow keys move between the days; Enter opens a day's entries.</Trans>
            </p>
            {/* Arrow keys move the one tab stop between the days (a roving tabindex). */}
            {/* biome-ignore lint/a11y/useSemanticElements: a group of links, not a form's controls, which a fieldset holds */}
            <div
              ref={grid}
              role="group"
              aria-label={t`The days of ${year}`}
              aria-describedby="pixels-keys"
              className={wide ? "pixels-grid pixels-rows" : "pixels-grid pixels-columns"}
              onKeyDown={onKeyDown}
              data-testid="pixels-grid"
            >
              {monthNames.map((name, m) => (
                <span
                  key={name + String(m)}
                  className="pixels-label"
                  aria-hidden="true"
                  style={wide ? { gridRow: m + 2, gridColumn: 1 } : { gridRow: 1, gridColumn: m + 2 }}
                >
                  {name}
                </span>
              ))}
              {Array.from({ length: 31 }, (_, d) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: the days of the month, 1 to 31, never move
                  key={d}
                  className="pixels-label"
                  aria-hidden="true"
                  style={wide ? { gridRow: 1, gridColumn: d + 2 } : { gridRow: d + 2, gridColumn: 1 }}
                >
                  {d + 1}
                </span>
              ))}
              {days.map((day) => {
                const level = moodLevel(pixels[day.index] ?? null);
                return (
                  <Link
                    key={day.date}
                    href={dayEntries(day.date)}
                    className={level === null ? "pixel pixel-none" : `pixel pixel-${level}`}
                    style={
                      wide
                        ? { gridRow: day.month + 2, gridColumn: day.day + 1 }
                        : { gridRow: day.day + 1, gridColumn: day.month + 2 }
                    }
                    tabIndex={day.index === active ? 0 : -1}
                    aria-label={said(day)}
                    aria-current={day.date === today ? "date" : undefined}
                    data-index={day.index}
                    data-date={day.date}
                    data-mood={level ?? ""}
                    onFocus={() => {
                      setChosen({ year, index: day.index });
                      setFocused(day.index);
                    }}
                    onBlur={() => setFocused(null)}
                  />
                );
              })}
            </div>
            <p className="pixels-readout" data-testid="pixels-readout">
              {shown ? said(shown) : "\u00a0"}
            </p>
            <ul className="pixels-legend" aria-label={t`Legend`}>
              {MOOD_LEVELS.map((level) => (
                <li key={level}>
                  <span className={`pixel pixel-${level}`} aria-hidden="true" />
                  <Trans>Mood {level}</Trans>
                </li>
              ))}
              <li>
                <span className="pixel pixel-none" aria-hidden="true" />
                <Trans>No mood</Trans>
              </li>
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
