/**
 * Heavy work leaves the database room. D1 runs one query at a time, so work that sends its statements back to
 * back (an undo, an account's deletion, a merge's parts, an export's pages) holds it the whole time it runs:
 * every other account's query waits for one of its statements, and the next comes straight after. So such work
 * goes in short statements (a few ms each) and rests after each trip for as long as the trip took (`paced`):
 * it then holds D1 half the time at most, and a neighbour's query waits for one short statement, or none.
 * The trip's whole time, not D1's own (`meta.duration`, often 0 or 1 ms for a small statement): what the
 * process spends on a trip besides SQLite is time it is not reading anyone else's request either.
 *
 * On a local run (wrangler dev, the tests) the rest matters even more: D1 answers inside the workerd process,
 * and a chain of its answers never leaves the process idle, so no other request is even read until the chain
 * ends. Measured on a bare Worker: a request of 20 statements held every other request, D1 or not, for its
 * whole 450 ms; resting 1 ms after each of 100 one-millisecond statements, another request took 4.3 ms
 * against 3.7 ms idle (`npm run bench -- limits` prints the neighbour's figures for Nook's heavy work).
 */

/** D1's own time, in ms, of a trip's results (a statement's, or each of a batch's). */
export function heldBy(results: { meta?: { duration?: number } } | { meta?: { duration?: number } }[]): number {
  const list = Array.isArray(results) ? results : [results];
  return list.reduce((ms, r) => ms + (Number.isFinite(r.meta?.duration) ? (r.meta?.duration as number) : 0), 0);
}

/** Rests `ms`, and at least 1 ms: the pause others' queries go in. */
export function rest(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(ms))));
}

/** A trip made, then a rest as long as it took (from before the trip to its answer). */
export async function paced<T>(trip: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await trip();
  await rest(performance.now() - started);
  return value;
}

/** Something done around each trip to D1: `trip` makes it; the answer is the trip's. */
export type AroundTrip = <T>(trip: () => Promise<T>) => Promise<T>;

/**
 * A D1 binding or session whose every trip — a statement's `run`, `all`, `first` or `raw`, or a batch —
 * goes through `around`. Everything else is the real one's.
 */
export function aroundTrips<T extends D1Database | D1DatabaseSession>(d1: T, around: AroundTrip): T {
  const realOf = new WeakMap<object, D1PreparedStatement>();
  const wrap = (real: D1PreparedStatement): D1PreparedStatement => {
    const statement = {
      bind: (...values: unknown[]) => wrap(real.bind(...values)),
      run: () => around(() => real.run()),
      all: () => around(() => real.all()),
      first: (column?: string) => around(() => (column === undefined ? real.first() : real.first(column))),
      raw: (options?: { columnNames?: boolean }) =>
        around(() => (options?.columnNames ? real.raw({ columnNames: true }) : real.raw())),
    };
    realOf.set(statement, real);
    return statement as unknown as D1PreparedStatement;
  };
  return new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (query: string) => wrap(target.prepare(query));
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          around(() => target.batch(statements.map((s) => realOf.get(s) ?? s)));
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
