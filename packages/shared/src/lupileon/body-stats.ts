import { addDays, daysBetween, isLeapYear, parseDate } from "../common/calendar-date.ts";

/**
 * The body in numbers from a date of birth (spec 2 §9 "Body statistics
 * assumptions"), computed in the browser: calendar days lived up to today,
 * and what a body does in them at the spec's rates.
 */

/** A year, in days. */
export const YEAR_DAYS = 365.25;
/** 16 breaths a minute, all day. */
export const BREATHS_PER_DAY = 16 * 60 * 24;
/** 80 heartbeats a minute, all day. */
export const HEARTBEATS_PER_DAY = 80 * 60 * 24;
/** 17 blinks a minute for 16 waking hours. */
export const BLINKS_PER_DAY = 17 * 60 * 16;
/** Conception, days before birth. */
export const CONCEPTION_DAYS = 280;
/** The first heartbeat, days before birth (about 22 days after conception). */
export const FIRST_HEARTBEAT_DAYS = 258;
/** Cells renew once every 7.5 years. */
export const CELL_CYCLE_DAYS = 7.5 * YEAR_DAYS;
/** The age bands of food, water and air: to 12 years (4383 days), then 7 more years (2556.75 days), then on. */
export const CHILD_DAYS = 4383;
export const TEEN_DAYS = 2556.75;
/** Kilograms of food (and litres of water) a day, by band. */
export const FOOD_PER_DAY = [1, 1.5, 2] as const;
/** Litres of air a day, by band. */
export const AIR_PER_DAY = [5000, 8000, 11000] as const;
/** Air's density, kg/m³ (so litres × 1.225 / 1000 is kilograms). */
export const AIR_DENSITY = 1.225;
/** Above this a figure is also shown in the unit a thousand times larger (tons, cubic metres). */
export const LARGE_FIGURE = 1000;

export interface BodyStats {
  /** Calendar days from the birth date to today. */
  days: number;
  /** Whole years of age, and the days since the last birthday. */
  years: number;
  daysSinceBirthday: number;
  /** The next birthday ("YYYY-MM-DD"; 29 February is kept on 28 February in other years) and the days to it (0 = today). */
  nextBirthday: string;
  daysToBirthday: number;
  breaths: number;
  /** Counted from the first heartbeat, 258 days before birth. */
  heartbeats: number;
  blinks: number;
  conception: string;
  firstHeartbeat: string;
  /** A third of the days lived, in days and in years. */
  sleepDays: number;
  sleepYears: number;
  /** Complete renewals of the body's cells, and the day the next one is complete. */
  cellRegenerations: number;
  nextRegeneration: string;
  /** Kilograms of food and litres of water (the same figure: one unit a day, then 1.5, then 2). */
  foodKg: number;
  waterLitres: number;
  /** Litres of air breathed and their mass in kilograms. */
  airLitres: number;
  airKg: number;
}

/** `days` spread over the three age bands, each band's days at its own rate. */
export function byAgeBands(days: number, rates: readonly [number, number, number]): number {
  const child = Math.min(days, CHILD_DAYS);
  const teen = Math.min(Math.max(days - CHILD_DAYS, 0), TEEN_DAYS);
  const adult = Math.max(days - CHILD_DAYS - TEEN_DAYS, 0);
  return child * rates[0] + teen * rates[1] + adult * rates[2];
}

/** A figure above 1000 in the unit a thousand times larger, one decimal (kg → tons, litres → m³); else null. */
export function inThousands(value: number): number | null {
  return value > LARGE_FIGURE ? Math.round(value / 100) / 10 : null;
}

/** The day of `year` a birthday on `monthDay` ("MM-DD") falls on. */
function birthdayIn(year: number, monthDay: string): string {
  const day = monthDay === "02-29" && !isLeapYear(year) ? "02-28" : monthDay;
  return `${String(year).padStart(4, "0")}-${day}`;
}

/** The statistics of a life from `birth` to `today` (both "YYYY-MM-DD"); null when the birth date is after today. */
export function bodyStats(birth: string, today: string): BodyStats | null {
  const days = daysBetween(birth, today);
  if (days < 0) return null;
  const born = parseDate(birth);
  const now = parseDate(today);
  const monthDay = birth.slice(5);
  const thisYears = birthdayIn(now.year, monthDay);
  const passed = thisYears <= today;
  const lastBirthday = passed ? thisYears : birthdayIn(now.year - 1, monthDay);
  const nextBirthday = thisYears >= today ? thisYears : birthdayIn(now.year + 1, monthDay);
  const years = (passed ? now.year : now.year - 1) - born.year;
  const cellRegenerations = Math.floor(days / CELL_CYCLE_DAYS);
  const food = byAgeBands(days, FOOD_PER_DAY);
  const airLitres = byAgeBands(days, AIR_PER_DAY);
  return {
    days,
    years,
    daysSinceBirthday: daysBetween(lastBirthday, today),
    nextBirthday,
    daysToBirthday: daysBetween(today, nextBirthday),
    breaths: days * BREATHS_PER_DAY,
    heartbeats: (days + FIRST_HEARTBEAT_DAYS) * HEARTBEATS_PER_DAY,
    blinks: days * BLINKS_PER_DAY,
    conception: addDays(birth, -CONCEPTION_DAYS),
    firstHeartbeat: addDays(birth, -FIRST_HEARTBEAT_DAYS),
    sleepDays: days / 3,
    sleepYears: days / 3 / YEAR_DAYS,
    cellRegenerations,
    // The first whole day on which floor(days / cycle) reaches the next count.
    nextRegeneration: addDays(birth, Math.ceil((cellRegenerations + 1) * CELL_CYCLE_DAYS)),
    foodKg: food,
    waterLitres: food,
    airLitres,
    airKg: (airLitres * AIR_DENSITY) / 1000,
  };
}
