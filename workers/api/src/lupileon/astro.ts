import { addDays } from "@nook/shared/common/calendar-date";
import { dayNumberToDate, localDayNumber, startOfLocalDay } from "@nook/shared/common/time-zone";
import {
  CELESTIAL_BODIES,
  type CelestialAnswer,
  type CelestialBody,
  MOON_PHASES,
  type MoonAnswer,
  type MoonPhaseName,
  type SeasonEvent,
  type SeasonMoment,
  type SolarAnswer,
} from "@nook/shared/lupileon/schemas";
import {
  Body,
  Ecliptic,
  EclipticGeoMoon,
  GeoVector,
  Illumination,
  MakeTime,
  MoonPhase,
  NextPlanetApsis,
  SearchMoonPhase,
  SearchMoonQuarter,
  SearchPlanetApsis,
  SearchSunLongitude,
  Seasons,
  SunPosition,
} from "astronomy-engine";
import { EARTH_R } from "./vsop87-earth-r.ts";

/**
 * The sky for a moment (DESIGN §5): the Moon's phase, the bodies'
 * longitudes, the year's solstices, equinoxes and apsides, and the Chinese
 * new year — all computed with astronomy-engine (VSOP87 planets, Brown's
 * Moon, ΔT included), for any date, with no table kept.
 */

const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString();
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
const norm360 = (deg: number) => ((deg % 360) + 360) % 360;

/** A search that cannot fail in the windows used (a lunation is under 30 days, a year has its seasons). */
function found<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`astronomy search found no ${what}`);
  return value;
}

// ——— the Moon ———

/** The next day, "YYYY-MM-DD". */
const dayAfter = (day: string) => addDays(day, 1);

/** The first instant of a calendar day in a zone. */
function dayStart(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(startOfLocalDay(y, m, d, timeZone));
}

/** The calendar day ("YYYY-MM-DD") holding an instant in a zone. */
export function dayIn(at: Date, timeZone: string): string {
  return dayNumberToDate(localDayNumber(at.getTime(), timeZone));
}

/**
 * The phase that names a calendar day in a zone: a principal phase (new moon, first
 * quarter, full moon, last quarter) names the one day that holds its instant, in the reader's zone;
 * every other day is named by the stretch it lies in (waxing crescent, waxing gibbous, …). Quarters
 * are 7.4 days apart, so a day holds at most one, and a day that holds none lies wholly in one stretch.
 */
export function moonDayPhase(day: string, timeZone: string): MoonPhaseName {
  const start = dayStart(day, timeZone);
  const end = dayStart(dayAfter(day), timeZone);
  const quarter = SearchMoonQuarter(start);
  if (quarter.time.date < end) return MOON_PHASES[quarter.quarter * 2] as MoonPhaseName;
  return MOON_PHASES[Math.floor(norm360(MoonPhase(start)) / 90) * 2 + 1] as MoonPhaseName;
}

/** The new or full moon (`target` 0 or 180) at or before / after a moment. */
function moonPhaseTime(target: number, at: Date, direction: 1 | -1): Date {
  return found(SearchMoonPhase(target, at, direction * 32), "moon phase").date;
}

/**
 * The Moon at a moment; its phase's name is the name of `day` in `timeZone` (by default the UTC day
 * of the moment), the day the reader asked about.
 */
export function moonAt(at: Date, day = dayIn(at, "UTC"), timeZone = "UTC"): MoonAnswer {
  const phaseAngle = MoonPhase(at);
  const previousNewMoon = moonPhaseTime(0, at, -1);
  return {
    at: iso(at),
    phaseName: moonDayPhase(day, timeZone),
    phaseAngle: round(phaseAngle, 3),
    illumination: round(Illumination(Body.Moon, at).phase_fraction, 4),
    ageDays: round((at.getTime() - previousNewMoon.getTime()) / DAY_MS, 3),
    previousNewMoon: iso(previousNewMoon),
    nextNewMoon: iso(moonPhaseTime(0, at, 1)),
    previousFullMoon: iso(moonPhaseTime(180, at, -1)),
    nextFullMoon: iso(moonPhaseTime(180, at, 1)),
  };
}

// ——— the bodies' longitudes ———

const BODY: Record<Exclude<CelestialBody, "sun" | "moon">, Body> = {
  mercury: Body.Mercury,
  venus: Body.Venus,
  mars: Body.Mars,
  jupiter: Body.Jupiter,
  saturn: Body.Saturn,
  uranus: Body.Uranus,
  neptune: Body.Neptune,
  pluto: Body.Pluto,
};

/** Geocentric apparent ecliptic longitude of date: light time and aberration corrected, on the true ecliptic and equinox. */
export function longitudeOf(body: CelestialBody, at: Date): number {
  if (body === "sun") return SunPosition(at).elon;
  if (body === "moon") return EclipticGeoMoon(at).lon;
  return Ecliptic(GeoVector(BODY[body], at, true)).elon;
}

export function celestialAt(at: Date): CelestialAnswer {
  return Object.fromEntries(
    CELESTIAL_BODIES.map((body) => [body, round(norm360(longitudeOf(body, at)), 4)]),
  ) as CelestialAnswer;
}

/**
 * A function of a year, remembered for the isolate's life: a year's seasons,
 * apsides and new year never change, and a Worker isolate answers many dates
 * of the same few years. A few hundred bytes a year; the years served are 1000–3000.
 */
function perYear<T>(compute: (year: number) => T): (year: number) => T {
  const known = new Map<number, T>();
  return (year) => {
    if (!known.has(year)) known.set(year, compute(year));
    return known.get(year) as T;
  };
}

// ——— the year of the sun ———

/** The four seasons' moments of a year, in the year's order. */
const seasonsOf = perYear((year): { event: SeasonEvent; at: Date }[] => {
  const s = Seasons(year);
  return [
    { event: "springEquinox", at: s.mar_equinox.date },
    { event: "summerSolstice", at: s.jun_solstice.date },
    { event: "autumnEquinox", at: s.sep_equinox.date },
    { event: "winterSolstice", at: s.dec_solstice.date },
  ];
});

/** The Earth's distance from the Sun (AU) at a moment, by VSOP87B's full series (vsop87-earth-r.ts). */
export function earthSunDistance(at: Date): number {
  const t = MakeTime(at).tt / 365_250;
  let r = 0;
  let power = 1;
  for (const series of EARTH_R) {
    let sum = 0;
    for (const [a, b, c] of series) sum += a * Math.cos(b + c * t);
    r += sum * power;
    power *= t;
  }
  return r;
}

const HOUR_MS = 3_600_000;

/**
 * The moment of the Earth's least (`sign` 1) or greatest (−1) distance within 12 hours of `seed`:
 * hourly steps, then a golden-section search around the best hour, to the second.
 */
function refineApsis(seed: Date, sign: 1 | -1): Date {
  const f = (ms: number) => sign * earthSunDistance(new Date(ms));
  let best = seed.getTime();
  for (let h = -12; h <= 12; h++) {
    const ms = seed.getTime() + h * HOUR_MS;
    if (f(ms) < f(best)) best = ms;
  }
  const g = (Math.sqrt(5) - 1) / 2;
  let [lo, hi] = [best - HOUR_MS, best + HOUR_MS];
  let [c, d] = [hi - g * (hi - lo), lo + g * (hi - lo)];
  let [fc, fd] = [f(c), f(d)];
  while (hi - lo > 1000) {
    if (fc < fd) {
      [hi, d, fd] = [d, c, fc];
      c = hi - g * (hi - lo);
      fc = f(c);
    } else {
      [lo, c, fc] = [c, d, fd];
      d = lo + g * (hi - lo);
      fd = f(d);
    }
  }
  return new Date(Math.round((lo + hi) / 2000) * 1000);
}

/**
 * The Earth's perihelion and aphelion that fall in a calendar year (UTC), of the Earth's centre
 * (as the USNO publishes them; the Earth–Moon barycentre's are hours to a day away). The Moon's pull
 * makes the distance so flat there that astronomy-engine's shortened series puts the moment up to two
 * hours off: its search finds each apsis, and VSOP87's full series places it to the minute.
 */
const apsidesOf = perYear((year): { perihelion: Date; aphelion: Date } => {
  const start = new Date(Date.UTC(year, 0, 1));
  let apsis = SearchPlanetApsis(Body.Earth, start);
  let perihelion: Date | undefined;
  let aphelion: Date | undefined;
  while (!perihelion || !aphelion) {
    if (apsis.kind === 0) perihelion ??= refineApsis(apsis.time.date, 1);
    else aphelion ??= refineApsis(apsis.time.date, -1);
    apsis = NextPlanetApsis(Body.Earth, apsis);
  }
  return { perihelion, aphelion };
});

/**
 * The year of the sun at a moment. `nearest` is the solstice or equinox whose instant falls on `day`
 * in `timeZone` (by default the UTC day of the moment): one day per event, the reader's.
 */
export function solarAt(at: Date, day = dayIn(at, "UTC"), timeZone = "UTC"): SolarAnswer {
  const year = at.getUTCFullYear();
  const seasons = seasonsOf(year);
  const around = [...seasonsOf(year - 1), ...seasons, ...seasonsOf(year + 1)];
  const t = at.getTime();
  const prevIndex = around.findLastIndex((e) => e.at.getTime() <= t);
  const prev = around[prevIndex] as (typeof around)[number];
  const next = around[prevIndex + 1] as (typeof around)[number];
  const moment = (e: { event: SeasonEvent; at: Date }): SeasonMoment => ({
    event: e.event,
    at: iso(e.at),
    days: round(Math.abs(e.at.getTime() - t) / DAY_MS, 1),
  });
  const onTheDay = around.find((e) => dayIn(e.at, timeZone) === day);
  const nearest = onTheDay ? moment(onTheDay) : null;

  // Between the solstices either side: December → June rising, June → December falling.
  const solstices = around.filter((e) => e.event === "summerSolstice" || e.event === "winterSolstice");
  const fromIndex = solstices.findLastIndex((e) => e.at.getTime() <= t);
  const from = solstices[fromIndex] as (typeof solstices)[number];
  const to = solstices[fromIndex + 1] as (typeof solstices)[number];
  const f = (t - from.at.getTime()) / (to.at.getTime() - from.at.getTime());
  const rising = from.event === "winterSolstice";
  const percent = 50 * (1 + (rising ? -1 : 1) * Math.cos(Math.PI * f));

  const { perihelion, aphelion } = apsidesOf(year);
  const at4 = Object.fromEntries(seasons.map((e) => [e.event, iso(e.at)])) as Record<SeasonEvent, string>;
  return {
    at: iso(at),
    year,
    perihelion: iso(perihelion),
    aphelion: iso(aphelion),
    ...at4,
    nearest,
    previous: moment(prev),
    next: moment(next),
    daylight: { percent: round(percent, 1), trend: rising ? "rising" : "falling" },
  };
}

// ——— the Chinese new year ———

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** The calendar day of a moment in China's civil time (UTC+8), on which the Chinese calendar is reckoned. */
export const chinaDay = (d: Date) => new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
/** Midnight starting a China day, as a moment. */
const chinaMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);

/** The first day of the lunar month holding the December solstice of `year` (the 11th month). */
function eleventhMonthStart(year: number): string {
  const solstice = (seasonsOf(year)[3] as { at: Date }).at;
  const endOfDay = chinaMidnight(addDays(chinaDay(solstice), 1));
  return chinaDay(moonPhaseTime(0, endOfDay, -1));
}

/** Whether the month starting on day `start` (ending the day before `nextStart`) holds a principal solar term (a multiple of 30°). */
function holdsPrincipalTerm(start: string, nextStart: string): boolean {
  const from = chinaMidnight(start);
  const target = norm360(Math.ceil(SunPosition(from).elon / 30) * 30);
  const term = found(SearchSunLongitude(target, from, 40), "solar term");
  return chinaDay(term.date) < nextStart;
}

/**
 * The first day of the Chinese year that begins in Gregorian `year`, "YYYY-MM-DD"
 * in China's time. Month 11 holds the December solstice; from one 11th month to
 * the next there are 12 months, or 13 with a leap month — the first with no
 * principal term. The year starts with the second new moon after the 11th month
 * begins, or the third when the leap month is an 11th or 12th (as in 2033–34).
 */
export const chineseNewYear = perYear((year): string => {
  const first = eleventhMonthStart(year - 1);
  const last = eleventhMonthStart(year);
  const starts = [first];
  while ((starts.at(-1) as string) < last) {
    const after = chinaMidnight(addDays(starts.at(-1) as string, 1));
    starts.push(chinaDay(moonPhaseTime(0, after, 1)));
  }
  // starts: month 11, then each new moon until next year's month 11 (the last entry).
  let newYearIndex = 2;
  if (starts.length === 14) {
    const leap = starts.slice(0, -1).findIndex((s, i) => !holdsPrincipalTerm(s, starts[i + 1] as string));
    if (leap === 1 || leap === 2) newYearIndex = 3;
  }
  return starts[newYearIndex] as string;
});

/** The Chinese year holding a day ("YYYY-MM-DD"): the Gregorian year it began in, its first and last days. */
export function chineseYearOf(day: string): { year: number; start: string; end: string } {
  const y = Number(day.slice(0, 4));
  const thisYear = chineseNewYear(y);
  const year = day >= thisYear ? y : y - 1;
  return { year, start: chineseNewYear(year), end: addDays(chineseNewYear(year + 1), -1) };
}
