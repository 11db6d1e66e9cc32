/**
 * How long a request held the database, as D1 tells it. D1 runs one query at a time, so a request's
 * statements are time nobody else's run: `npm run bench -- limits` and the workerd tests of the heaviest
 * writes read it from each answer's `Server-Timing`, which local runs and tests (`DEV_LOGIN = "true"`) add:
 *
 *   Server-Timing: d1;dur=<all statements, ms>;desc="<statements>", d1-longest;dur=<the longest one, ms>
 *
 * The figures are D1's own `meta.duration` (the time SQLite spent on the statement) for `run`, `all`,
 * `first` and each statement of a `batch`; `raw`, which D1 answers without a `meta`, is timed around its
 * trip, an upper bound.
 */

/** What a request's statements cost so far. */
export interface D1Time {
  statements: number;
  /** Milliseconds, summed over the statements. */
  total: number;
  /** The longest statement's milliseconds. */
  longest: number;
}

export const newD1Time = (): D1Time => ({ statements: 0, total: 0, longest: 0 });

function count(time: D1Time, ms: number | undefined) {
  const d = Number.isFinite(ms) ? (ms as number) : 0;
  time.statements += 1;
  time.total += d;
  time.longest = Math.max(time.longest, d);
}

/** The `Server-Timing` value of a request's time. */
export const serverTiming = (t: D1Time) =>
  `d1;dur=${t.total.toFixed(1)};desc="${t.statements}", d1-longest;dur=${t.longest.toFixed(1)}`;

/** Reads a `Server-Timing` value made by `serverTiming` (the tests and the bench): null when there is none. */
export function readServerTiming(value: string | null): D1Time | null {
  const total = value?.match(/(?:^|,\s*)d1;dur=([\d.]+);desc="(\d+)"/);
  const longest = value?.match(/d1-longest;dur=([\d.]+)/);
  if (!total || !longest) return null;
  return { total: Number(total[1]), statements: Number(total[2]), longest: Number(longest[1]) };
}

/** The statements the timed binding hands out, each to the real one it stands for (a batch takes the real ones). */
const realOf = new WeakMap<object, D1PreparedStatement>();

/** A D1 binding or session whose every statement adds its time to `time`. */
export function timedD1<T extends D1Database | D1DatabaseSession>(d1: T, time: D1Time): T {
  const wrap = (real: D1PreparedStatement): D1PreparedStatement => {
    const statement = {
      bind: (...values: unknown[]) => wrap(real.bind(...values)),
      async run() {
        const result = await real.run();
        count(time, result.meta?.duration);
        return result;
      },
      async all() {
        const result = await real.all();
        count(time, result.meta?.duration);
        return result;
      },
      async first(column?: string) {
        const result = await real.all<Record<string, unknown>>();
        count(time, result.meta?.duration);
        const row = result.results[0];
        if (!row) return null;
        if (column === undefined) return row;
        if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
        return row[column];
      },
      async raw(options?: { columnNames?: boolean }) {
        const start = performance.now();
        const rows = options?.columnNames ? await real.raw({ columnNames: true }) : await real.raw();
        count(time, performance.now() - start);
        return rows;
      },
    };
    realOf.set(statement, real);
    return statement as unknown as D1PreparedStatement;
  };
  // Every other method (a session's bookmark, the binding's exec) is the real one's, called on it.
  const timed: Record<string, unknown> = {};
  for (const name of ["getBookmark", "withSession", "exec", "dump"] as const)
    if (name in d1)
      timed[name] = (...args: unknown[]) =>
        (d1 as unknown as Record<string, (...a: unknown[]) => unknown>)[name]?.(...args);
  Object.assign(timed, {
    prepare: (query: string) => wrap(d1.prepare(query)),
    async batch(statements: D1PreparedStatement[]) {
      const results = await d1.batch(statements.map((s) => realOf.get(s) ?? s));
      for (const r of results) count(time, r.meta?.duration);
      return results;
    },
  });
  return timed as unknown as T;
}
