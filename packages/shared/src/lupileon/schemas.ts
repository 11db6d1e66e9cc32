import * as v from "valibot";
import { isCalendarDate } from "../common/calendar-date.ts";
import { DATE_TIME_TEXT_MAX, parseDateTime } from "../common/date-time.ts";
import { message } from "../common/messages.ts";
import { TzQuery, text } from "../common/validation.ts";
import { LUPILEON_YEAR_MAX, LUPILEON_YEAR_MIN } from "./limits.ts";
import type { CelticTree, ChineseAnimal, ChineseElement, Cusp, WesternSign, YinYang } from "./signs.ts";

/**
 * The birth-date section's contract (spec 2 §7 "Birth-date section").
 * Every `{date}` is "YYYY-MM-DD" (read as 12:00 UTC, the middle of that day for
 * most of the world, so the day of an equinox is always within 24 hours of it)
 * or a full ISO date-time with its zone, for a precise moment.
 */

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** A date parameter read as a moment, and the calendar day it names (the UTC day for a date-time). */
export interface Moment {
  /** The instant the calculations use. */
  at: Date;
  /** "YYYY-MM-DD": the day as written, or the UTC day of a date-time. */
  day: string;
  /** A date-time was given (a precise moment), not a day. */
  exact: boolean;
}

/** Reads a `{date}` parameter (each form as strictly as everywhere: common/date-time.ts); null when it is neither or outside the years served. */
export function parseMoment(date: string): Moment | null {
  const isDay = isCalendarDate(date);
  const ms = isDay ? Date.parse(`${date}T12:00:00Z`) : parseDateTime(date);
  if (ms === null) return null;
  const at = new Date(ms);
  // The year of the day as written, or of the moment in UTC; in range, `day` keeps four digits.
  const year = isDay ? Number(date.slice(0, 4)) : at.getUTCFullYear();
  if (year < LUPILEON_YEAR_MIN || year > LUPILEON_YEAR_MAX) return null;
  return { at, day: isDay ? date : at.toISOString().slice(0, 10), exact: !isDay };
}

const dateWords = message("Date must be YYYY-MM-DD or an ISO date-time from year {min} to {max}", {
  min: LUPILEON_YEAR_MIN,
  max: LUPILEON_YEAR_MAX,
});

/** `{date}` in the path: YYYY-MM-DD or an ISO date-time, years 1000–3000. */
export const DateParam = v.object({
  date: v.pipe(
    text("date", DATE_TIME_TEXT_MAX, dateWords),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const moment = parseMoment(dataset.value);
      if (moment) return moment;
      addIssue({ message: dateWords });
      return NEVER;
    }),
  ),
});

/**
 * `?tz=` of the moon and solar routes: the reader's IANA zone (default UTC), whose calendar day a
 * phase or a solstice names — the day as written, or the day holding a date-time in that zone.
 */
export const SkyQuery = TzQuery;

/** An instant in UTC, ISO 8601 with milliseconds ("2024-03-20T03:06:21.000Z"). */
export type UtcIso = string;

/** GET /api/lupileon/summary: the signed-in user's date of birth ("YYYY-MM-DD", or null when not set) and name. */
export interface LupileonSummary {
  dateOfBirth: string | null;
  name: string;
}

export const MOON_PHASES = [
  "New Moon",
  "Waxing Crescent",
  "First Quarter",
  "Waxing Gibbous",
  "Full Moon",
  "Waning Gibbous",
  "Last Quarter",
  "Waning Crescent",
] as const;
export type MoonPhaseName = (typeof MOON_PHASES)[number];

/** GET /api/lupileon/moon/{date}. */
export interface MoonAnswer {
  /** The moment asked about. */
  at: UtcIso;
  /**
   * The day's phase (in the zone of `?tz=`): a principal phase names the one day that holds its
   * instant; the days between are named by the stretch they lie in.
   */
  phaseName: MoonPhaseName;
  /** The Moon's ecliptic longitude less the Sun's, 0–360: 0 new, 90 first quarter, 180 full, 270 last quarter. */
  phaseAngle: number;
  /** The lit fraction of the disc, 0–1. */
  illumination: number;
  /** Days since the previous new moon. */
  ageDays: number;
  previousNewMoon: UtcIso;
  nextNewMoon: UtcIso;
  previousFullMoon: UtcIso;
  nextFullMoon: UtcIso;
}

export const CELESTIAL_BODIES = [
  "sun",
  "moon",
  "mercury",
  "venus",
  "mars",
  "jupiter",
  "saturn",
  "uranus",
  "neptune",
  "pluto",
] as const;
export type CelestialBody = (typeof CELESTIAL_BODIES)[number];
/** GET /api/lupileon/celestial/{date}: geocentric apparent ecliptic longitude of date, degrees 0–360. */
export type CelestialAnswer = Record<CelestialBody, number>;

export const SEASON_EVENTS = ["springEquinox", "summerSolstice", "autumnEquinox", "winterSolstice"] as const;
export type SeasonEvent = (typeof SEASON_EVENTS)[number];
export type SolarEvent = SeasonEvent | "perihelion" | "aphelion";

export interface SeasonMoment {
  event: SeasonEvent;
  at: UtcIso;
  /** Whole and fractional days from the moment asked about, always ≥ 0, one decimal. */
  days: number;
}

/** GET /api/lupileon/solar/{date}. The season names are the northern hemisphere's, as in the spec. */
export interface SolarAnswer extends Record<SolarEvent, UtcIso> {
  at: UtcIso;
  /** The year of the events (the year of the moment asked about, in UTC). */
  year: number;
  /** The solstice or equinox that falls on the day asked about (in the zone of `?tz=`), or null. */
  nearest: SeasonMoment | null;
  /** The last solstice or equinox before the moment and the first after it. */
  previous: SeasonMoment;
  next: SeasonMoment;
  /**
   * Where the moment sits between the December solstice (0, the shortest day
   * in the north) and the June solstice (100), on a cosine curve; rising
   * from December to June, falling after.
   */
  daylight: { percent: number; trend: "rising" | "falling" };
}

/** A place in a sign's span of the year: "MM-DD" edges, and the neighbour within 3 days of one. */
export interface SignSpan<S extends string> {
  sign: S;
  /** First and last day, "MM-DD". */
  from: string;
  to: string;
  cusp: Cusp<S> | null;
}

/** GET /api/lupileon/signs/{date}. */
export interface SignsAnswer {
  day: string;
  tropical: SignSpan<WesternSign>;
  sidereal: SignSpan<WesternSign>;
  chinese: {
    animal: ChineseAnimal;
    element: ChineseElement;
    yinYang: YinYang;
    /** Heavenly stem 0–9 (甲 … 癸) and earthly branch 0–11 (子 … 亥). */
    stem: number;
    branch: number;
    /** 1–60: the year's place in the sexagenary cycle (1 = 甲子, wood rat). */
    cycleYear: number;
    /** The Chinese year that holds the day: its first and last days, "YYYY-MM-DD" in China's time (UTC+8). */
    yearStart: string;
    yearEnd: string;
  };
  celtic: SignSpan<CelticTree>;
  /** 0 = Sunday … 6 = Saturday, of the day as written. */
  weekday: number;
}
