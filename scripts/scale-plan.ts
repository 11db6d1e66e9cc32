/**
 * The arithmetic of the README's "Scale" section (npm run bench -- scale): Cloudflare's limits as
 * constants with their source, a typical user's rows, and what one database holds of them.
 */

const GB = 1e9;

/** Cloudflare's published limits (Workers Paid), read 2026-11-26. */
export const LIMITS = {
  d1DatabaseBytes: {
    value: 10 * GB,
    what: "D1: maximum database size 10 GB (500 MB on Free)",
    source: "https://developers.cloudflare.com/d1/platform/limits/",
  },
  d1AccountBytes: {
    value: 1000 * GB,
    what: "D1: maximum storage per account 1 TB (5 GB on Free)",
    source: "https://developers.cloudflare.com/d1/platform/limits/",
  },
  d1Databases: {
    value: 50_000,
    what: "D1: databases per account 50,000 (10 on Free)",
    source: "https://developers.cloudflare.com/d1/platform/limits/",
  },
  boundParameters: {
    value: 100,
    what: "D1 and Durable Object SQL: bound parameters per statement 100",
    source: "https://developers.cloudflare.com/d1/platform/limits/",
  },
  queriesPerInvocation: {
    value: 1000,
    what: "D1: queries per Worker invocation 1,000 (50 on Free)",
    source: "https://developers.cloudflare.com/d1/platform/limits/",
  },
  oneWriter: {
    value: 1,
    what: "D1: a database is single-threaded, its queries run one at a time (1 ms queries: about 1,000 a second)",
    source: "https://developers.cloudflare.com/d1/platform/limits/ (FAQ: how much work can a single D1 database do)",
  },
  workerCpuMs: {
    value: 30_000,
    what: "Workers: CPU time a request 30 s by default, up to 5 min with limits.cpu_ms (10 ms on Free)",
    source: "https://developers.cloudflare.com/workers/platform/limits/#cpu-time",
  },
  workerCpuMsFree: {
    value: 10,
    what: "Workers Free: CPU time a request 10 ms",
    source: "https://developers.cloudflare.com/workers/platform/limits/#cpu-time",
  },
  durableObjectBytes: {
    value: 10 * GB,
    what: "Durable Objects (SQLite): storage per object 10 GB, per account unlimited on Workers Paid",
    source: "https://developers.cloudflare.com/durable-objects/platform/limits/",
  },
} as const;

/** How many rows of each table a user has; the tables' names are the database's. */
export type RowCounts = Record<string, number>;

/**
 * The typical user the plan is sized for: a journal of 3 entries a day for 5 years, each with
 * 3 tags and 1 metric value; 50 tags and 5 metrics named; 200 people with 2 tags each; 30
 * checklists; 3 sessions.
 */
export const TYPICAL_USER = {
  describe:
    "3 entries a day for 5 years (5,475), 3 tags and 1 metric value each; 50 tags, 5 metrics; 200 people with 2 tags each; 30 checklists; 3 sessions",
  rows: {
    users: 1,
    sessions: 3,
    tags: 50,
    metrics: 5,
    entries: 3 * 365 * 5,
    entry_tags: 3 * 3 * 365 * 5,
    entry_metrics: 3 * 365 * 5,
    people: 200,
    person_tags: 400,
    steps: 30,
  } satisfies RowCounts,
} as const;

/** The bytes a user's rows take: each table's count times its measured bytes a row (table and indexes). */
export function bytesPerUser(rows: RowCounts, bytesPerRow: Record<string, number>): number {
  let total = 0;
  for (const [table, n] of Object.entries(rows)) {
    const each = bytesPerRow[table];
    if (each === undefined || !Number.isFinite(each) || each <= 0)
      throw new Error(`no measured bytes a row for ${table}`);
    total += n * each;
  }
  return total;
}

/** Whole users that fit in `capacity` bytes. */
export function usersPerDatabase(userBytes: number, capacity: number = LIMITS.d1DatabaseBytes.value): number {
  if (!(userBytes > 0)) throw new Error("a user takes a positive number of bytes");
  return Math.floor(capacity / userBytes);
}

/** Databases of `capacity` bytes for `users` users, whole users to a database. */
export function databasesFor(
  users: number,
  userBytes: number,
  capacity: number = LIMITS.d1DatabaseBytes.value,
): number {
  return Math.ceil(users / usersPerDatabase(userBytes, capacity));
}

/** The first limit reached: the one with the fewest users. */
export function firstLimit<T extends { users: number }>(limits: T[]): T {
  const first = limits.toSorted((a, b) => a.users - b.users)[0];
  if (!first) throw new Error("no limits");
  return first;
}
