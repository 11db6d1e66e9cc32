import type { StatMetric } from "@nook/shared/stacks/item-data";
import type { Db } from "../../platform/db.ts";
import { type Matching, type MatchingOptions, matching } from "./matching.ts";
import type { StatContext, StatQuery } from "./types.ts";

/** One statistic being computed: the query, the moment, and the matching entries on demand. */
export interface Run {
  db: Db;
  userId: number;
  query: StatQuery;
  context: StatContext;
  now: number;
  /** The chosen metric, checked to be the user's; null when none was chosen. */
  metric: StatMetric | null;
  matching(options?: MatchingOptions): Promise<Matching>;
}

/** `idOf`: the ids of the tags the query names (matching.ts, namesOf), looked up by the caller. */
export function newRun(
  db: Db,
  userId: number,
  query: StatQuery,
  context: StatContext,
  metric: StatMetric | null,
  idOf: Map<string, number>,
): Run {
  return {
    db,
    userId,
    query,
    context,
    now: context.now,
    metric,
    matching: async (options) => matching(db, userId, query, context, idOf, options),
  };
}

/** ms → the API's seconds. */
export const seconds = (ms: number) => ms / 1000;
export const iso = (ms: number) => new Date(ms).toISOString();
