import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatDay } from "@nook/shared/common/calendar-date";
import {
  AIR_DENSITY,
  AIR_PER_DAY,
  type BodyStats,
  bodyStats,
  FOOD_PER_DAY,
  inThousands,
} from "@nook/shared/lupileon/body-stats";
import { useToday } from "@nook/ui/use-today";
import type { ReactNode } from "react";
import type { PanelProps } from "../insights.tsx";
import "./math.css";

/**
 * Math (spec 2 §2 "about me", §9 body statistics): what a body has done
 * since the date, at the spec's rates, computed here from the date and
 * today. Each figure a card with its number large and its assumption small.
 */
export function MathPanel({ date, whose }: PanelProps) {
  const today = useToday();
  const stats = bodyStats(date, today);
  if (!stats)
    return (
      <div className="card">
        <p>
          {whose === "mine" ? (
            <Trans>Your date of birth is still to come: no figures yet.</Trans>
          ) : (
            <Trans>Not born yet: this date is still to come, so there is nothing to count.</Trans>
          )}
        </p>
      </div>
    );
  return <Figures stats={stats} />;
}

function Figures({ stats }: { stats: BodyStats }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const tenth = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const day = (date: string) => formatDay(date, locale, { dateStyle: "long" });
  const days = (n: number) => plural(n, { one: "# day", other: "# days" });
  const years = (n: number) => plural(n, { one: "# year", other: "# years" });
  const kg = (n: number) => {
    const value = tenth.format(n);
    return t`${value} kg`;
  };
  const litres = (n: number) => {
    const value = tenth.format(n);
    return t`${value} L`;
  };
  /** The figure again in tons or cubic metres when it is above 1000. */
  const large = (n: number, unit: "t" | "m3") => {
    const k = inThousands(n);
    if (k === null) return null;
    const value = oneDecimal.format(k);
    return unit === "t" ? t`${value} t` : t`${value} m³`;
  };

  const age = years(stats.years);
  const ageDays = days(stats.daysSinceBirthday);
  const toBirthday = days(stats.daysToBirthday);
  const birthday = day(stats.nextBirthday);
  const sleepYears = years(Number(stats.sleepYears.toFixed(1)));
  const nextRenewal = day(stats.nextRegeneration);
  const [child, teen, adult] = FOOD_PER_DAY.map((n) => tenth.format(n));
  const [airChild, airTeen, airAdult] = AIR_PER_DAY.map((n) => whole.format(n));
  const airMass = kg(stats.airKg);
  const airTons = large(stats.airKg, "t");
  const density = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(AIR_DENSITY);

  return (
    <div className="lupi-cards">
      <Figure label={t`Days lived`} value={whole.format(stats.days)}>
        <p>
          <Trans>
            Age: {age} and {ageDays}
          </Trans>
        </p>
        <p>
          {stats.daysToBirthday === 0 ? (
            <Trans>The birthday is today!</Trans>
          ) : (
            <Trans>
              Next birthday in {toBirthday}, on {birthday}
            </Trans>
          )}
        </p>
      </Figure>
      <Figure label={t`Breaths`} value={whole.format(stats.breaths)}>
        <p>
          <Trans>At 16 breaths a minute, day and night.</Trans>
        </p>
      </Figure>
      <Figure label={t`Heartbeats`} value={whole.format(stats.heartbeats)}>
        <p>
          <Trans>At 80 beats a minute, counted from the first heartbeat, 258 days before birth.</Trans>
        </p>
      </Figure>
      <Figure label={t`Blinks`} value={whole.format(stats.blinks)}>
        <p>
          <Trans>At 17 blinks a minute for 16 waking hours a day.</Trans>
        </p>
      </Figure>
      <Figure label={t`Conception`} value={day(stats.conception)} small>
        <p>
          <Trans>About 280 days before birth.</Trans>
        </p>
      </Figure>
      <Figure label={t`First heartbeat`} value={day(stats.firstHeartbeat)} small>
        <p>
          <Trans>About 258 days before birth, some 22 days after conception.</Trans>
        </p>
      </Figure>
      <Figure label={t`Sleep`} value={days(Math.floor(stats.sleepDays))}>
        <p>
          <Trans>That is {sleepYears}: a third of the days lived.</Trans>
        </p>
      </Figure>
      <Figure label={t`Cell regeneration`} value={whole.format(stats.cellRegenerations)}>
        <p>
          <Trans>Complete renewals of the body's cells, one every 7.5 years.</Trans>
        </p>
        <p>
          <Trans>The next one: {nextRenewal}.</Trans>
        </p>
        <details className="lupi-details">
          <summary>
            <Trans>What?</Trans>
          </summary>
          <p>
            <Trans>
              The body keeps replacing its cells: the lining of the gut in days, skin in weeks, red blood cells in about
              four months, bone over years. A popular rule of thumb rounds all of this to one complete renewal every 7.5
              years. It is a simplification — some cells, like most neurons and the lens of the eye, stay for life — but
              it is a nice way to count how many times a body has been rebuilt.
            </Trans>
          </p>
        </details>
      </Figure>
      <Figure label={t`Food`} value={kg(stats.foodKg)} extra={large(stats.foodKg, "t")}>
        <p>
          <Trans>
            {child} kg a day to age 12, {teen} kg to 19, then {adult} kg.
          </Trans>
        </p>
      </Figure>
      <Figure label={t`Water`} value={litres(stats.waterLitres)} extra={large(stats.waterLitres, "m3")}>
        <p>
          <Trans>
            {child} L a day to age 12, {teen} L to 19, then {adult} L.
          </Trans>
        </p>
      </Figure>
      <Figure label={t`Air`} value={litres(stats.airLitres)} extra={large(stats.airLitres, "m3")}>
        <p>
          {airTons ? (
            <Trans>
              Weighing {airMass} ({airTons}) at {density} kg/m³.
            </Trans>
          ) : (
            <Trans>
              Weighing {airMass} at {density} kg/m³.
            </Trans>
          )}
        </p>
        <p>
          <Trans>
            {airChild} L a day to age 12, {airTeen} L to 19, then {airAdult} L.
          </Trans>
        </p>
      </Figure>
    </div>
  );
}

function Figure({
  label,
  value,
  extra,
  small,
  children,
}: {
  label: string;
  value: string;
  /** The figure in the larger unit, under it. */
  extra?: string | null;
  /** A date rather than a number: a smaller size. */
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="card lupi-figure">
      <h2 className="lupi-figure-label">{label}</h2>
      <p className={small ? "lupi-figure-value lupi-figure-date" : "lupi-figure-value"}>{value}</p>
      {extra && <p className="lupi-figure-extra">{extra}</p>}
      <div className="lupi-figure-about muted">{children}</div>
    </section>
  );
}
