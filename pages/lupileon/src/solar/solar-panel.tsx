import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  CELESTIAL_BODIES,
  type CelestialAnswer,
  type MoonAnswer,
  type SeasonMoment,
  type SolarAnswer,
} from "@nook/shared/lupileon/schemas";
import type { ReactNode } from "react";
import type { PanelProps } from "../insights.tsx";
import {
  BODY_NAMES,
  BODY_SYMBOLS,
  EVENT_ABOUT,
  EVENT_DAY,
  EVENT_NAMES,
  MOON_PHASE_NAMES,
  SIGN_NAMES,
  SOLAR_EVENTS,
} from "../names.ts";
import { AYANAMSA, degreesText, signPlace } from "../sky-math.ts";
import { Busy, Failed } from "../status.tsx";
import { type Answer, useAnswer } from "../use-answer.ts";
import { MoonDisc } from "./moon-disc.tsx";
import { SkyChart } from "./sky-chart.tsx";
import "./solar.css";

/**
 * Solar (spec 2 §2, §9): the year's solstices, equinoxes and apsides, where
 * the date sits among them, the daylight's trend, the Moon, and the bodies'
 * longitudes on a wheel and in a table. Three calls, each with its own
 * cards: while a new date's answers come the old ones stay, dimmed, and a
 * failed call says so in its own place only.
 */
export function SolarPanel({ date, settled, zone }: PanelProps) {
  const solar = useAnswer("solar", settled, zone);
  const moon = useAnswer("moon", settled, zone);
  const celestial = useAnswer("celestial", settled);
  return (
    <div className="lupi-solar">
      <AnswerGroup answer={solar} date={date} testId="solar">
        {(data) => <SunCards solar={data} zone={zone} />}
      </AnswerGroup>
      <AnswerGroup answer={moon} date={date} testId="moon">
        {(data) => <MoonCard moon={data} zone={zone} />}
      </AnswerGroup>
      <AnswerGroup answer={celestial} date={date} testId="celestial" wide>
        {(data) => <SkyCard longitudes={data} />}
      </AnswerGroup>
    </div>
  );
}

/** One call's cards: its failure or its wait in their place, else its cards (dimmed while a newer answer comes). */
function AnswerGroup<T>({
  answer,
  date,
  testId,
  wide,
  children,
}: {
  answer: Answer<T>;
  date: string;
  testId: string;
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const stale = answer.date !== date;
  const className = `lupi-group${wide ? " lupi-group-wide" : ""}${stale && answer.data ? " lupi-stale" : ""}`;
  return (
    <div className={className} data-testid={testId} aria-busy={stale}>
      {answer.failed ? (
        <div className="card">
          <Failed onRetry={answer.retry} />
        </div>
      ) : answer.data === null ? (
        <div className="card">
          <Busy />
        </div>
      ) : (
        children(answer.data)
      )}
    </div>
  );
}

function useFormats(zone: string) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // In the reader's zone, and naming it: "4 January 2025 at 16:28 GMT+3".
  const moment = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return {
    /** An instant in the reader's zone, with the zone: "March 20, 2024 at 03:06 AM UTC". */
    // To the nearest minute, as the almanacs give them (13:27:48 is 13:28), not cut to the minute.
    moment: (iso: string) => moment.format(new Date(Math.round(Date.parse(iso) / 60_000) * 60_000)),
    percent: (fraction: number) => percent.format(fraction),
    days: (n: number) => plural(n, { one: "# day", other: "# days" }),
  };
}

function When({ iso, zone }: { iso: string; zone: string }) {
  const f = useFormats(zone);
  return <time dateTime={iso}>{f.moment(iso)}</time>;
}

function SunCards({ solar, zone }: { solar: SolarAnswer; zone: string }) {
  const { t, i18n } = useLingui();
  const f = useFormats(zone);
  const year = solar.year;
  const trendRising = solar.daylight.trend === "rising";
  const daylight = f.percent(solar.daylight.percent / 100);
  const coming = solar.nearest?.event ?? solar.next.event;
  return (
    <>
      <section className="card lupi-solar-card" data-testid="events">
        <h2>
          <Trans>The year {year}</Trans>
        </h2>
        <ol className="lupi-events">
          {SOLAR_EVENTS.map((event) => (
            <li key={event} className={event === coming ? "lupi-event lupi-event-coming" : "lupi-event"}>
              <span className="lupi-event-name">{i18n._(EVENT_NAMES[event])}</span>
              <When iso={solar[event]} zone={zone} />
              <span className="lupi-event-about muted">{i18n._(EVENT_ABOUT[event])}</span>
            </li>
          ))}
        </ol>
      </section>
      <div className="lupi-column">
        <section className="card lupi-solar-card" data-testid="season">
          <h2>
            <Trans>Solstices and equinoxes</Trans>
          </h2>
          {solar.nearest ? (
            <>
              <p className="lupi-headline">{i18n._(EVENT_DAY[solar.nearest.event])}</p>
              <p>
                <When iso={solar.nearest.at} zone={zone} />
              </p>
            </>
          ) : (
            <dl className="lupi-facts">
              <SeasonRow label={t`Previous`} moment={solar.previous} zone={zone} ago />
              <SeasonRow label={t`Next`} moment={solar.next} zone={zone} />
            </dl>
          )}
        </section>
        <section className="card lupi-solar-card" data-testid="daylight">
          <h2>
            <Trans>Daylight</Trans>
          </h2>
          <p className="lupi-headline">
            {trendRising ? <Trans>{daylight}, rising</Trans> : <Trans>{daylight}, falling</Trans>}
          </p>
          <div className="lupi-bar" aria-hidden="true">
            <div
              className="lupi-bar-fill"
              style={{ width: `${Math.min(100, Math.max(0, solar.daylight.percent))}%` }}
            />
          </div>
          <p className="muted">
            {trendRising ? (
              <Trans>
                Of the way from the shortest day (0%) to the longest (100%) in the north; the days are growing longer.
              </Trans>
            ) : (
              <Trans>
                Of the way from the shortest day (0%) to the longest (100%) in the north; the days are growing shorter.
              </Trans>
            )}
          </p>
        </section>
      </div>
    </>
  );
}

function SeasonRow({ label, moment, zone, ago }: { label: string; moment: SeasonMoment; zone: string; ago?: boolean }) {
  const { i18n } = useLingui();
  const days = moment.days;
  const name = i18n._(EVENT_NAMES[moment.event]);
  return (
    <div className="lupi-fact">
      <dt>{label}</dt>
      <dd>
        <strong>{name}</strong>, <When iso={moment.at} zone={zone} />
        <br />
        {ago
          ? plural(days, { one: "# day ago", other: "# days ago" })
          : plural(days, { one: "in # day", other: "in # days" })}
      </dd>
    </div>
  );
}

function MoonCard({ moon, zone }: { moon: MoonAnswer; zone: string }) {
  const { t, i18n } = useLingui();
  const f = useFormats(zone);
  const phase = i18n._(MOON_PHASE_NAMES[moon.phaseName]);
  const lit = f.percent(moon.illumination);
  const age = f.days(Number(moon.ageDays.toFixed(1)));
  return (
    <section className="card lupi-solar-card" data-testid="moon-card">
      <h2>
        <Trans>Moon</Trans>
      </h2>
      <div className="lupi-moon">
        <MoonDisc phaseAngle={moon.phaseAngle} />
        <div>
          <p className="lupi-headline">{phase}</p>
          <p>
            <Trans>
              {lit} lit, {age} old
            </Trans>
          </p>
        </div>
      </div>
      <dl className="lupi-facts">
        <div className="lupi-fact">
          <dt>{t`Previous new moon`}</dt>
          <dd>
            <When iso={moon.previousNewMoon} zone={zone} />
          </dd>
        </div>
        <div className="lupi-fact">
          <dt>{t`Next new moon`}</dt>
          <dd>
            <When iso={moon.nextNewMoon} zone={zone} />
          </dd>
        </div>
        <div className="lupi-fact">
          <dt>{t`Previous full moon`}</dt>
          <dd>
            <When iso={moon.previousFullMoon} zone={zone} />
          </dd>
        </div>
        <div className="lupi-fact">
          <dt>{t`Next full moon`}</dt>
          <dd>
            <When iso={moon.nextFullMoon} zone={zone} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function SkyCard({ longitudes }: { longitudes: CelestialAnswer }) {
  const { t, i18n } = useLingui();
  const degrees = new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const rows = CELESTIAL_BODIES.map((body) => {
    const lon = longitudes[body];
    const tropical = signPlace(lon);
    const sidereal = signPlace(lon, AYANAMSA);
    return {
      body,
      name: i18n._(BODY_NAMES[body]),
      longitude: `${degrees.format(lon)}°`,
      tropical: `${degreesText(tropical)} ${i18n._(SIGN_NAMES[tropical.sign])}`,
      sidereal: `${degreesText(sidereal)} ${i18n._(SIGN_NAMES[sidereal.sign])}`,
      siderealSign: i18n._(SIGN_NAMES[sidereal.sign]),
    };
  });
  const list = new Intl.ListFormat(i18n.locale, { type: "unit", style: "narrow" });
  const placed = list.format(rows.map(({ name, siderealSign: sign }) => t`${name} in ${sign}`));
  return (
    <section className="card lupi-solar-card lupi-sky" data-testid="sky">
      <h2>
        <Trans>The sky</Trans>
      </h2>
      <div className="lupi-sky-body">
        <figure className="lupi-chart-figure">
          <SkyChart longitudes={longitudes} label={t`The bodies on the wheel of the sidereal signs: ${placed}`} />
          <figcaption className="muted">
            <Trans>
              The wheel's twelve sectors are the sidereal signs, the first starting 23.75° after the spring equinox
              point; ticks every 5°.
            </Trans>
          </figcaption>
        </figure>
        {/* Scrolls sideways only when a narrow screen cannot hold it: then the keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
        <section className="lupi-table-wrap" tabIndex={0} aria-label={t`Longitudes`}>
          <table className="lupi-table">
            <caption className="visually-hidden">
              <Trans>Ecliptic longitudes of the Sun, the Moon and the planets</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Body</Trans>
                </th>
                <th scope="col" className="lupi-col-longitude">
                  <Trans>Longitude</Trans>
                </th>
                <th scope="col">
                  <Trans>Tropical</Trans>
                </th>
                <th scope="col">
                  <Trans>Sidereal</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.body} data-body={r.body}>
                  <th scope="row">
                    <span className="lupi-body-symbol" aria-hidden="true">
                      {BODY_SYMBOLS[r.body]}
                    </span>{" "}
                    {r.name}
                  </th>
                  <td className="lupi-col-longitude">{r.longitude}</td>
                  <td>{r.tropical}</td>
                  <td>{r.sidereal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </section>
  );
}
