import type { StatMetric } from "@nook/shared/stacks/item-data";
import type { Db } from "../../platform/db.ts";
import { type Matching, type MatchingOptions, matching } from "./matching.ts";
import type { StatContext, StatQuery } from "./types.ts";

/** One statistic being computed: the query, the moment, and the matching entries on demand. */
export class Run {
  constructor(
    readonly db: Db,
    readonly userId: number,
    readonly query: StatQuery,
    readonly context: StatContext,
    /** The chosen metric, checked to be the user's; null when none was chosen. */
    readonly metric: StatMetric | null,
  ) {}

  get now(): number {
    return this.context.now;
  }

  matching(options?: MatchingOptions): Promise<Matching> {
    return matching(this.db, this.userId, this.query, this.context, options);
  }
}

/** ms → the API's seconds. */
export const seconds = (ms: number) => ms / 1000;
export const iso = (ms: number) => new Date(ms).toISOString();
