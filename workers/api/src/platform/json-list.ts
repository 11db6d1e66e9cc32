import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * A list as a table of one column, `value`, bound as a single parameter (a
 * JSON array read back by json_each): D1 binds at most 100 parameters a
 * statement, and a list the contract allows (50 tags, 500 tag ids) bound an
 * item at a time would pass that, answering 500 to valid input.
 */
export function jsonRows(list: readonly (string | number)[]): SQL {
  return sql`json_each(${JSON.stringify(list)})`;
}

/** `column IN list`, the list bound as one parameter (see jsonRows). */
export function inList(column: SQLWrapper, list: readonly (string | number)[]): SQL {
  return sql`${column} IN (SELECT value FROM ${jsonRows(list)})`;
}
