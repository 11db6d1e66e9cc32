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
  /** The current streak's days, ending yesterday (at most STREAK_DAYS_SHOWN): it ends tonight without an entry today. */
  length: number;
  /** It is longer than `length` (STREAK_DAYS_SHOWN). */
  more: boolean;
}

export interface TodayJournal {
  /** Entries so far today. */
  entries: number;
  /** Today's latest mood, or null when none is logged. */
  mood: number | null;
}
