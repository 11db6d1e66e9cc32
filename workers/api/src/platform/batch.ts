import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./db.ts";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs drizzle `sql` statements as one D1 batch — one transaction, so all of
 * them land or none do. drizzle's own `db.batch` cannot take raw `sql`
 * (`db.run(sql…)` with parameters throws on `stmt.bind`; batch.test.ts shows it).
 */
export async function runBatch<T = unknown>(db: Db, statements: SQL[]): Promise<D1Result<T>[]> {
  const d1 = db.$client;
  return d1.batch<T>(
    statements.map((s) => {
      const q = dialect.sqlToQuery(s);
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
}
