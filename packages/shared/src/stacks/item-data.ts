import * as v from "valibot";
import { message } from "../common/messages.ts";
import { TAG_SIGNS } from "../journal/schemas.ts";
import { type GoalPeriod, STACK_ITEM_TYPES, StackItemConfig, type StackItemType } from "./schemas.ts";

/**
 * POST /api/journal/stack-item-data (spec 1 §7): the statistic of an item
 * computed from the signed-in user's entries. The tags may be empty here (an
 * item being drafted): then every entry matches.
 */
export const StackItemDataBody = v.object({
  config: StackItemConfig,
  type: v.picklist(STACK_ITEM_TYPES, message("type is one of {types}", { types: STACK_ITEM_TYPES.join(", ") })),
  uptimeOnly: v.optional(v.boolean(message("uptimeOnly must be true or false")), false),
  tagsSign: v.optional(v.picklist(TAG_SIGNS, message("tagsSign is && or ||")), "&&"),
});
export type StackItemDataBody = v.InferOutput<typeof StackItemDataBody>;

/** How many entries a `list` item shows, and how many rows the top-N types return (spec 1 §9). */
export const LIST_ENTRIES = 20;
export const TOP_N = 5;
/** Days in `streaks.lastDays` and in the calendar (spec 1 §9). */
export const STREAK_LAST_DAYS = 30;
export const CALENDAR_DAYS = 365;

/** An entry inside a statistic: the journal's entry shape (spec 1 §3). */
export interface StatEntry {
  id: number;
  text: string;
  date: string;
  modifiedAt: string;
  tags: { id: number; name: string }[];
  metrics: { id: number; name: string; value: number }[];
}

export interface StatMetric {
  id: number;
  name: string;
}

/**
 * The computed value per type (spec 1 §3 "Computed statistic values per
 * type", DESIGN §5). Instants are ISO strings; local days are "YYYY-MM-DD" in
 * the user's time zone. Entries dated after now are not counted yet.
 */
export interface StackItemData {
  /** The latest matching entries, newest first (at most LIST_ENTRIES). */
  list: { entries: StatEntry[] };
  /** The latest match; both null when nothing matches. */
  "time since": { date: string | null; entry: StatEntry | null };
  /** The TOP_N longest gaps between consecutive matches, longest first; t1 the later entry; d in seconds (sleep cut out with uptimeOnly). */
  "top time between": { t1: string; t2: string; d: number }[];
  /** With a metric: its total over the matches that carry it; without: the number of matches. */
  sum: { value: number; count: number; metric: StatMetric | null };
  /**
   * With a metric: its mean over the matches that carry it. Without: the mean
   * time between consecutive matches in seconds (sleep cut out with
   * uptimeOnly). null when there is nothing to average.
   */
  avg: { value: number | null; count: number; metric: StatMetric | null };
  /** The TOP_N matches with the highest value of the metric (empty without one). */
  max: { entries: StatEntry[]; metric: StatMetric | null };
  /** The TOP_N matches with the lowest value of the metric (empty without one). */
  min: { entries: StatEntry[]; metric: StatMetric | null };
  /**
   * `count` matches since `dateFrom` (the range's start, else the first
   * match); `seconds` is the window's length up to now, sleep cut out with
   * uptimeOnly. The site shows count per hour with a one-minute minimum.
   */
  velocity: { count: number; dateFrom: string | null; seconds: number };
  /**
   * Without a goal, a streak is a run of local days with a match. With one (`goal`), it is a run of
   * consecutive periods (weeks or months) that each had at least `times` days with a match, and every
   * `length` counts periods; its dates are still those of its first and last matching days.
   */
  streaks: {
    /** STREAK_LAST_DAYS flags, oldest first, the last one today. */
    lastDays: boolean[];
    /**
     * The streak reaching today or yesterday; length 0 when none. With a goal: reaching this period, when
     * it has met the goal already, or the last one (this period does not break it until it ends).
     */
    currentStreak: { length: number };
    currentStreakDateFrom: string | null;
    /** Local days from the latest match's day to today; null when nothing matches. */
    daysSinceLastEntry: number | null;
    /** The TOP_N longest streaks, longest first (the later one first on a tie). */
    topStreaks: { length: number; startDate: string; endDate: string; endEntryId: number; isCurrent: boolean }[];
    /** The item's goal and this period's days with a match so far (its first and last day); null without one. */
    goal: { times: number; per: GoalPeriod; count: number; periodStart: string; periodEnd: string } | null;
  };
  /** Matches per local day over the last CALENDAR_DAYS days (today included); days without any are left out. */
  calendar: { counts: Record<string, number> };
}

export type StackItemDataOf<T extends StackItemType> = StackItemData[T];

/** Velocity's figure as the site shows it (spec 1 §9): per hour, over at least one minute. */
export function perHour(count: number, seconds: number): number {
  return count / (Math.max(seconds, 60) / 3600);
}

/** Spec 1 §9: 0 decimals at 100 or more, 1 at 10 or more, else 4. */
export function velocityDecimals(value: number): number {
  return value >= 100 ? 0 : value >= 10 ? 1 : 4;
}
