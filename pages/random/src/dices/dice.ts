import { todayIn } from "@nook/shared/common/calendar-date";
import { randomInts, type Words } from "@nook/shared/random/sample";
import * as v from "valibot";

/** The dice on offer and how many of one kind a roll may throw. */
export const DICE = [4, 6, 8, 10, 12, 20, 100] as const;
export type Sides = (typeof DICE)[number];
export const DICE_COUNT_MAX = 10;
/** The short history: the latest rolls, newest first. */
export const HISTORY_MAX = 10;

export interface Roll {
  sides: Sides;
  values: number[];
  at: number;
}

/** Throws `count` dice of `sides` faces: each face equally likely (crypto words, no modulo bias). */
export function roll(sides: Sides, count: number, at = Date.now(), words?: Words): Roll {
  return { sides, values: randomInts(count, 1, sides, words), at };
}

export const total = (r: Roll) => r.values.reduce((a, b) => a + b, 0);

/** The newest roll first, the list cut to HISTORY_MAX; each roll's time is unique (it is its key). */
export function remember(history: readonly Roll[], r: Roll): Roll[] {
  const latest = history[0]?.at ?? Number.NEGATIVE_INFINITY;
  return [{ ...r, at: Math.max(r.at, latest + 1) }, ...history].slice(0, HISTORY_MAX);
}

/**
 * When a roll was thrown, in the reader's locale and zone: the time alone on
 * `today` (that zone's "YYYY-MM-DD"), with the date on any other day, and the
 * year when it is not this year's.
 */
export function rollTime(at: number, today: string, timeZone: string, locale: string): string {
  const day = todayIn(timeZone, at);
  const options: Intl.DateTimeFormatOptions = { timeZone, hour: "2-digit", minute: "2-digit", second: "2-digit" };
  if (day !== today) {
    options.day = "numeric";
    options.month = "short";
    if (day.slice(0, 4) !== today.slice(0, 4)) options.year = "numeric";
  }
  return new Intl.DateTimeFormat(locale, options).format(at);
}

const sides = v.picklist(DICE);
const StoredRoll = v.pipe(
  v.object({
    sides,
    values: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1), v.maxLength(DICE_COUNT_MAX)),
    at: v.number(),
  }),
  v.check((r) => r.values.every((n) => n >= 1 && n <= r.sides)),
);

/** The stored history, keeping only rolls that could have happened. */
export function parseHistory(raw: unknown): Roll[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.flatMap((r) => {
    const parsed = v.safeParse(StoredRoll, r);
    return parsed.success ? [parsed.output] : [];
  });
}

export interface DiceChoice {
  sides: Sides;
  count: number;
}
const Choice = v.object({
  sides,
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DICE_COUNT_MAX)),
});
export const parseChoice = (raw: unknown): DiceChoice | undefined => {
  const r = v.safeParse(Choice, raw);
  return r.success ? r.output : undefined;
};

/**
 * Each die's outline in a 100 × 100 box, as a polygon's points: a triangle
 * for d4, a square for d6, a diamond for d8, a kite for d10, a pentagon for
 * d12, a hexagon for d20 and a many-sided near-circle for d100.
 */
export function dieOutline(s: Sides): string {
  const regular = (n: number, turn = 0, r = 46) =>
    Array.from({ length: n }, (_, i) => {
      const a = turn + (i * 2 * Math.PI) / n;
      return `${round(50 + r * Math.sin(a))},${round(54 - r * Math.cos(a))}`;
    }).join(" ");
  switch (s) {
    case 4:
      return "50,4 96,90 4,90";
    case 6:
      return "8,8 92,8 92,92 8,92";
    case 8:
      return "50,2 96,50 50,98 4,50";
    case 10:
      return "50,2 96,44 50,98 4,44";
    case 12:
      return regular(5);
    case 20:
      return regular(6, Math.PI / 6);
    case 100:
      return regular(20);
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
