/**
 * Today on the launcher (DESIGN §5 "Today"), without valibot: what `GET /api/today` looks ahead at, and
 * the answer's shape the launcher reads.
 */

/** Birthdays of today and the next this many days. */
export const BIRTHDAY_DAYS_AHEAD = 7;
/** Deadlines due today, overdue, or within this many days. */
export const DEADLINE_DAYS_AHEAD = 3;
/** The most streak items looked at: each is a statistic of its own over the journal. */
export const STREAK_ITEMS_MAX = 20;
/** A streak at risk is counted up to this many days ("365+" past it): its stack counts it whole. */
export const STREAK_DAYS_SHOWN = 365;
/** A streak with a goal is counted up to a year of its periods ("52+ weeks", "12+ months"). */
export const STREAK_PERIODS_SHOWN = { week: 52, month: 12 } as const;
/** The most overdue or coming deadlines listed, soonest first. */
export const DEADLINES_MAX = 20;

export interface TodayBirthday {
  date: string;
  /** 0 today, 1 tomorrow… */
  inDays: number;
  personId: number;
  name: string;
  age: number;
  /** The tag an entry about them carries: their first '@' tag, or one made of their name. */
  tag: string;
}

export interface TodayDeadline {
  stepsId: number;
  name: string;
  deadline: string;
  /** The deadline's local day, and how many days away it is (negative: overdue). */
  date: string;
  inDays: number;
  totalItems: number;
  completedItems: number;
}

export interface StreakAtRisk {
  stackId: number;
  stackName: string;
  itemId: number;
  title: string;
  /**
   * The current streak's days, ending yesterday (at most STREAK_DAYS_SHOWN): it ends tonight without an entry
   * today. With a goal: its weeks or months in a row before this one (at most STREAK_PERIODS_SHOWN), which
   * ends tomorrow or tonight short of the goal.
   */
  length: number;
  /** It is longer than `length` (STREAK_DAYS_SHOWN or STREAK_PERIODS_SHOWN). */
  more: boolean;
  /** The item's goal, this period's days with a match so far and its last day ("YYYY-MM-DD"); null without one. */
  goal: { times: number; per: "week" | "month"; count: number; periodEnd: string } | null;
}

export interface TodayJournal {
  /** Entries so far today. */
  entries: number;
  /** Today's latest mood, or null when none is logged. */
  mood: number | null;
}
