import type { StackItemData, StatMetric } from "@nook/shared/stacks/item-data";
import type { StackItemType } from "@nook/shared/stacks/schemas";
import { and, eq } from "drizzle-orm";
import { metrics } from "../../journal/schema.ts";
import { tagIdMap, tagIdsQuery } from "../../journal/tag-ids.ts";
import { refreshUptime } from "../../journal/uptime.ts";
import type { Db } from "../../platform/db.ts";
import { avg } from "./avg.ts";
import { calendar } from "./calendar.ts";
import { extremes } from "./extremes.ts";
import { list } from "./list.ts";
import { namesOf } from "./matching.ts";
import { newRun, type Run } from "./run.ts";
import { streaks } from "./streaks.ts";
import { sum } from "./sum.ts";
import { timeSince } from "./time-since.ts";
import { topTimeBetween } from "./top-time-between.ts";
import type { StatContext, StatQuery } from "./types.ts";
import { velocity } from "./velocity.ts";

export type { StatContext, StatQuery } from "./types.ts";

/** One module per statistic type, each over the shared matching-entries query (matching.ts). */
const TYPES: { [T in StackItemType]: (run: Run) => Promise<StackItemData[T]> } = {
  list,
  "time since": timeSince,
  "top time between": topTimeBetween,
  sum,
  avg,
  max: (run) => extremes(run, "max"),
  min: (run) => extremes(run, "min"),
  velocity,
  streaks,
  calendar,
};

/** The types that read the config's metric. */
const METRIC_TYPES = new Set<StackItemType>(["sum", "avg", "max", "min"]);

export class MetricNotFound extends Error {}

/**
 * What a statistic looks up before its query: the ids of the tags it names
 * and the item's metric (undefined when it reads none; null when the id is
 * not one of the user's metrics), both in one round trip.
 */
async function lookUp(
  db: Db,
  userId: number,
  names: string[],
  metricId: number | null,
): Promise<{ idOf: Map<string, number>; metric: StatMetric | null | undefined }> {
  // Batches, even of one: the request's session check rides on its first (auth/session-gate.ts).
  const ids = tagIdsQuery(db, userId, names);
  if (metricId === null)
    return { idOf: names.length ? tagIdMap((await db.batch([ids]))[0]) : new Map(), metric: undefined };
  const metric = db
    .select({ id: metrics.id, name: metrics.name })
    .from(metrics)
    .where(and(eq(metrics.id, metricId), eq(metrics.userId, userId)));
  if (!names.length) return { idOf: new Map(), metric: (await db.batch([metric]))[0][0] ?? null };
  const [idRows, metricRows] = await db.batch([ids, metric]);
  return { idOf: tagIdMap(idRows), metric: metricRows[0] ?? null };
}

/**
 * The statistic of one stack item over a user's entries (DESIGN §5). Throws
 * MetricNotFound when the item's metric is not one of the user's. Its tag ids
 * and metric are one round trip (with uptimeOnly, the sleep columns are
 * brought up to date meanwhile), the statistic's own query or two the next.
 */
export async function stackItemData<T extends StackItemType>(
  db: Db,
  userId: number,
  query: StatQuery<T>,
  /** Or a function that answers it once the lookups are back (a zone that comes with them). */
  context: StatContext | (() => Promise<StatContext>),
): Promise<StackItemData[T]> {
  const { metricId } = query.config;
  const readsMetric = metricId != null && METRIC_TYPES.has(query.type);
  // A metric that is not the user's is a 404, which writes nothing: with one to check, the sleep columns are
  // brought up to date only once it is found (a trip more); without, in the same trip as the lookups.
  const [{ idOf, metric }] = await Promise.all([
    lookUp(db, userId, namesOf(query), readsMetric ? metricId : null),
    query.uptimeOnly && !readsMetric ? refreshUptime(db, userId) : undefined,
  ]);
  if (metric === null) throw new MetricNotFound();
  if (query.uptimeOnly && readsMetric) await refreshUptime(db, userId);
  const settled = typeof context === "function" ? await context() : context;
  return TYPES[query.type](newRun(db, userId, query, settled, metric ?? null, idOf));
}
