import { type AnyD1Database, drizzle } from "drizzle-orm/d1";

export type Db = ReturnType<typeof openDb>;

/** What raw statements need of D1: the binding, or a request's session (`withSession`) over it. */
export type D1Trips = Pick<D1Database, "prepare" | "batch">;

/**
 * drizzle over the D1 binding; each area brings its own tables
 * (`<area>/schema.ts`). Typed by drizzle's D1 type so the Node scripts that
 * reuse the queries (benchmarks, the user CLI) need no Worker globals.
 */
export function openDb(d1: AnyD1Database) {
  return drizzle(d1);
}

/** The new row's id from the first result of its batch, an insert's `returning({ id })`. */
export function insertedId([[row]]: [{ id: number }[], ...unknown[]]): number {
  if (!row) throw new Error("the insert returned no row");
  return row.id;
}
