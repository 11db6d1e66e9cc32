import { rangeStart, zonedParts } from "@nook/shared/common/time-zone";
import {
  CALENDAR_DAYS,
  LIST_ENTRIES,
  STREAK_LAST_DAYS,
  type StackItemData,
  type StatEntry,
  type StatMetric,
  TOP_N,
} from "@nook/shared/stacks/item-data";
import type { StackItemType } from "@nook/shared/stacks/schemas";
import type { StatContext, StatQuery } from "./engine/types.ts";

/**
 * A plain in-memory statement of the stack statistics (DESIGN §5), written
 * for clarity, not speed: it walks arrays of entries and is what the SQL
 * engine (engine/index.ts) is checked against in engine.property.test.ts.
 * It shares no code with the engine beyond the shared result types and the
 * range start.
 */

/** One of the user's entries as the reference sees it. */
export interface RefEntry {
  id: number;
  /** Epoch ms. */
  date: number;
  text: string;
  /** Epoch ms. */
  modifiedAt: number;
  /** Lower-case tag names. */
  tags: string[];
  metrics: { metricId: number; name: string; value: number }[];
}

/** Everything of one user the statistics read. */
export interface RefUser {
  entries: RefEntry[];
  /** The id of each of the user's tags, by name (for the entries' tag lists). */
  tagIds: Record<string, number>;
  /** The user's metrics. */
  metrics: StatMetric[];
}

export class RefMetricNotFound extends Error {}

const DOWN = "down";
const UP = "up";
const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** (date, id) ascending. */
function byDateId(a: RefEntry, b: RefEntry): number {
  return a.date - b.date || a.id - b.id;
}

/** (date, id) descending. */
function byDateIdDesc(a: RefEntry, b: RefEntry): number {
  return byDateId(b, a);
}

/** The local calendar day of an instant as a day number (days since 1970-01-01). */
export function refLocalDay(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

/** The first day of a day's ISO week (Monday) or calendar month, as a day number. */
function refPeriodFirstDay(day: number, per: "week" | "month"): number {
  const date = new Date(day * DAY_MS);
  if (per === "week") return day - ((date.getUTCDay() + 6) % 7);
  return day - (date.getUTCDate() - 1);
}

/** The last day of the period that begins on `first`: a Sunday, or the day before the next month's 1st. */
function refPeriodLastDay(first: number, per: "week" | "month"): number {
  if (per === "week") return first + 6;
  let d = first;
  while (new Date((d + 1) * DAY_MS).getUTCDate() !== 1) d++;
  return d;
}

/** "YYYY-MM-DD" of a day number. */
function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Does an entry pass the filter's tags? */
function passesTags(entry: RefEntry, query: StatQuery): boolean {
  const wanted = query.config.filter.filter((t) => !t.not).map((t) => t.name);
  const refused = query.config.filter.filter((t) => t.not).map((t) => t.name);
  for (const name of refused) if (entry.tags.includes(name)) return false;
  if (wanted.length === 0) return true;
  if (query.tagsSign === "&&") {
    for (const name of wanted) if (!entry.tags.includes(name)) return false;
    return true;
  }
  for (const name of wanted) if (entry.tags.includes(name)) return true;
  return false;
}

/** The sleep picture: which entries are asleep, and S(t), the sleep before an instant. */
interface Sleep {
  isAsleep(entry: RefEntry): boolean;
  /** Total sleep time (ms) before instant t. */
  before(t: number): number;
}

function noSleep(): Sleep {
  return { isAsleep: () => false, before: () => 0 };
}

/** `live` sorted by (date, id), all dated up to now. */
function sleepOf(live: RefEntry[], now: number): Sleep {
  const markers = live.filter((e) => e.tags.includes(DOWN) || e.tags.includes(UP));
  const isUp = (e: RefEntry) => e.tags.includes(UP);
  // Each down marker sleeps from its date to the next marker's date, or to now.
  const nights: { from: number; to: number }[] = [];
  for (let i = 0; i < markers.length; i++) {
    const m = markers[i] as RefEntry;
    if (isUp(m)) continue;
    const next = markers[i + 1];
    nights.push({ from: m.date, to: next ? next.date : now });
  }
  return {
    isAsleep(entry) {
      if (entry.tags.includes(UP)) return false;
      let latest: RefEntry | undefined;
      for (const m of markers) if (byDateId(m, entry) < 0) latest = m;
      return latest !== undefined && !isUp(latest);
    },
    before(t) {
      let total = 0;
      for (const n of nights) total += Math.max(0, Math.min(n.to, t) - n.from);
      return total;
    },
  };
}

function toStatEntry(entry: RefEntry, user: RefUser): StatEntry {
  const tags = [...entry.tags].sort().map((name) => {
    const id = user.tagIds[name];
    if (id === undefined) throw new Error(`the reference does not know tag ${name}`);
    return { id, name };
  });
  const metrics = [...entry.metrics]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((m) => ({ id: m.metricId, name: m.name, value: m.value }));
  return { id: entry.id, text: entry.text, date: iso(entry.date), modifiedAt: iso(entry.modifiedAt), tags, metrics };
}

/** The statistic of one item over one user's entries, straight from the contract. */
export function referenceStat<T extends StackItemType>(
  user: RefUser,
  query: StatQuery<T>,
  context: StatContext,
): StackItemData[T] {
  return compute(user, query, context) as StackItemData[T];
}

function compute(user: RefUser, query: StatQuery, context: StatContext): StackItemData[StackItemType] {
  const { now, timeZone } = context;
  const live = user.entries.filter((e) => e.date <= now).sort(byDateId);
  const sleep = query.uptimeOnly ? sleepOf(live, now) : noSleep();
  /** Length of [a, b] in ms, sleep cut out. */
  const uptime = (a: number, b: number) => b - a - (sleep.before(b) - sleep.before(a));

  const { timeRange, metricId } = query.config;
  const from = timeRange == null ? null : rangeStart(timeRange, now, timeZone);
  const matches = live.filter((e) => passesTags(e, query) && (from === null || e.date >= from) && !sleep.isAsleep(e));
  const newestFirst = [...matches].sort(byDateIdDesc);

  let metric: StatMetric | null = null;
  if (metricId != null && ["sum", "avg", "max", "min"].includes(query.type)) {
    metric = user.metrics.find((m) => m.id === metricId) ?? null;
    if (!metric) throw new RefMetricNotFound();
  }
  const metricValue = (e: RefEntry) => e.metrics.find((m) => m.metricId === metricId)?.value;
  const carrying = matches.filter((e) => metricValue(e) !== undefined);

  switch (query.type) {
    case "list":
      return { entries: newestFirst.slice(0, LIST_ENTRIES).map((e) => toStatEntry(e, user)) };

    case "time since": {
      const latest = newestFirst[0];
      return latest ? { date: iso(latest.date), entry: toStatEntry(latest, user) } : { date: null, entry: null };
    }

    case "top time between": {
      const gaps: { a: RefEntry; b: RefEntry; d: number }[] = [];
      for (let i = 1; i < matches.length; i++) {
        const a = matches[i - 1] as RefEntry;
        const b = matches[i] as RefEntry;
        gaps.push({ a, b, d: uptime(a.date, b.date) / 1000 });
      }
      gaps.sort((x, y) => y.d - x.d || byDateIdDesc(x.b, y.b));
      return gaps.slice(0, TOP_N).map((g) => ({ t1: iso(g.b.date), t2: iso(g.a.date), d: g.d }));
    }

    case "sum": {
      if (!metric) return { value: matches.length, count: matches.length, metric: null };
      let value = 0;
      for (const e of carrying) value += metricValue(e) as number;
      return { value, count: carrying.length, metric };
    }

    case "avg": {
      if (metric) {
        let total = 0;
        for (const e of carrying) total += metricValue(e) as number;
        return { value: carrying.length ? total / carrying.length : null, count: carrying.length, metric };
      }
      const first = matches[0];
      const last = matches[matches.length - 1];
      const count = matches.length;
      const value = first && last && count >= 2 ? uptime(first.date, last.date) / (count - 1) / 1000 : null;
      return { value, count, metric: null };
    }

    case "max":
    case "min": {
      if (!metric) return { entries: [], metric: null };
      const sign = query.type === "max" ? -1 : 1;
      const ordered = [...carrying].sort(
        (a, b) => sign * ((metricValue(a) as number) - (metricValue(b) as number)) || byDateIdDesc(a, b),
      );
      return { entries: ordered.slice(0, TOP_N).map((e) => toStatEntry(e, user)), metric };
    }

    case "velocity": {
      const dateFrom = from ?? matches[0]?.date ?? null;
      return {
        count: matches.length,
        dateFrom: dateFrom === null ? null : iso(dateFrom),
        seconds: dateFrom === null ? 0 : uptime(dateFrom, now) / 1000,
      };
    }

    case "streaks": {
      const today = refLocalDay(now, timeZone);
      const dayOf = (e: RefEntry) => refLocalDay(e.date, timeZone);
      const days = new Set(matches.map(dayOf));
      const lastDays: boolean[] = [];
      for (let d = today - (STREAK_LAST_DAYS - 1); d <= today; d++) lastDays.push(days.has(d));
      const sorted = [...days].sort((a, b) => a - b);
      const latestDay = sorted[sorted.length - 1];

      // A period is named by its first day; without a goal every day is a period of its own, to be met once.
      const goal = query.config.goal ?? null;
      const periodFirst = (d: number) => (goal ? refPeriodFirstDay(d, goal.per) : d);
      const periodLast = (first: number) => (goal ? refPeriodLastDay(first, goal.per) : first);
      const counts = new Map<number, number>();
      for (const d of sorted) counts.set(periodFirst(d), (counts.get(periodFirst(d)) ?? 0) + 1);
      const met = [...counts.keys()]
        .filter((p) => (counts.get(p) as number) >= (goal?.times ?? 1))
        .sort((a, b) => a - b);
      // Consecutive periods: the next one begins the day after the last one's last day.
      const runs: { first: number; last: number; length: number }[] = [];
      for (const p of met) {
        const run = runs[runs.length - 1];
        if (run && periodLast(run.last) + 1 === p) {
          run.last = p;
          run.length++;
        } else runs.push({ first: p, last: p, length: 1 });
      }
      const thisPeriod = periodFirst(today);
      const previous = periodFirst(thisPeriod - 1);
      const current = runs.find((r) => r.last === thisPeriod || r.last === previous) ?? null;
      const firstDayIn = (p: number) => sorted.find((d) => periodFirst(d) === p) as number;
      const lastDayIn = (p: number) => sorted.findLast((d) => periodFirst(d) === p) as number;
      const topStreaks = [...runs]
        .sort((x, y) => y.length - x.length || lastDayIn(y.last) - lastDayIn(x.last))
        .slice(0, TOP_N)
        .map((r) => {
          const end = lastDayIn(r.last);
          const onEnd = newestFirst.find((e) => dayOf(e) === end) as RefEntry;
          return {
            length: r.length,
            startDate: dayString(firstDayIn(r.first)),
            endDate: dayString(end),
            endEntryId: onEnd.id,
            isCurrent: r === current,
          };
        });
      return {
        lastDays,
        currentStreak: { length: current ? current.length : 0 },
        currentStreakDateFrom: current ? dayString(firstDayIn(current.first)) : null,
        daysSinceLastEntry: latestDay === undefined ? null : today - latestDay,
        topStreaks,
        goal: goal && {
          times: goal.times,
          per: goal.per,
          count: counts.get(thisPeriod) ?? 0,
          periodStart: dayString(thisPeriod),
          periodEnd: dayString(periodLast(thisPeriod)),
        },
      };
    }

    case "calendar": {
      const today = refLocalDay(now, timeZone);
      const counts: Record<string, number> = {};
      for (const e of matches) {
        const d = refLocalDay(e.date, timeZone);
        if (d < today - (CALENDAR_DAYS - 1) || d > today) continue;
        const key = dayString(d);
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return { counts };
    }
  }
}
