import * as v from "valibot";
import { daysBetween } from "../common/calendar-date.ts";
import { message } from "../common/messages.ts";
import { calendarDay } from "../common/validation.ts";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN } from "../journal/limits.ts";
import { INSIGHTS_DAYS_MAX } from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** The years an entry may be in. */
const ENTRY_YEARS = { min: new Date(ENTRY_DATE_MIN).getUTCFullYear(), max: new Date(ENTRY_DATE_MAX).getUTCFullYear() };

const day = (field: "from" | "to") =>
  v.optional(
    calendarDay(field, { invalid: message("from and to must be dates (YYYY-MM-DD)") }, { years: ENTRY_YEARS }),
  );

/**
 * GET /api/journal/insights?from=&to=: local days of the profile's zone (`?tz=` overrides), both included;
 * without them the last 365 days up to today, and either alone reaches 365 days from the other.
 */
export const InsightsQuery = v.pipe(
  v.object({ from: day("from"), to: day("to") }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, message("from must not be after to")),
  v.check(
    (q) => !q.from || !q.to || daysBetween(q.from, q.to) < INSIGHTS_DAYS_MAX,
    message("Insights cover at most {max} days", { max: INSIGHTS_DAYS_MAX }),
  ),
);

/** What a finding is about: a tag, a person (an '@' tag) or a metric. */
export type FindingKind = "tag" | "person" | "metric";

/**
 * One test of GET /api/journal/insights. A tag's or person's: the mean mood of the local days with it
 * (`lag: 0`, or of the days after them, `lag: 1`) and of the other days, their `difference` and its 95%
 * interval [`low`, `high`] (Welch). A metric's: `difference` is Spearman's rho with the day's mood, over the
 * `days` having both, its 95% interval by Fisher's z; `withMean` and `withoutMean` are null.
 * `p` is the test's own, `q` the Benjamini–Hochberg adjusted one; `significant` is q ≤ 5%.
 */
export interface Finding {
  kind: FindingKind;
  name: string;
  lag: 0 | 1;
  days: number;
  withMean: number | null;
  withoutMean: number | null;
  difference: number;
  low: number;
  high: number;
  p: number;
  q: number;
  significant: boolean;
}

/** The mean mood of one weekday (0 = Monday … 6 = Sunday) over the days with a mood, or null with none. */
export interface WeekdayMood {
  weekday: number;
  days: number;
  mean: number | null;
}

/** GET /api/journal/insights's answer. */
export interface Insights {
  from: string;
  to: string;
  /** Local days in the span with a mood. */
  days: number;
  /** Tests made, every one counted in the adjustment (findings list at most INSIGHTS_FINDINGS_MAX). */
  tested: number;
  findings: Finding[];
  weekdays: WeekdayMood[];
}
