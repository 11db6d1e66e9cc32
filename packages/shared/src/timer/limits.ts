/** The timer's limits, without valibot: schemas.ts builds on them. */
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN } from "../journal/limits.ts";

/** The longest a timer can have been paused: the whole span of the journal's dates, which its start and pause lie in. */
export const PAUSED_TIME_DIFF_MAX = ENTRY_DATE_MAX - ENTRY_DATE_MIN;

/** How many saved timers the page lists under 'Other timers'. */
export const RECENT_TIMERS = 10;
