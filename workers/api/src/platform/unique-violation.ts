/**
 * Whether `err` is SQLite refusing a row that a unique index (or primary key)
 * already holds — with `target`, that index only: its columns as SQLite lists
 * them ("users.email", or "tags.user_id, tags.name"), or the name of an index
 * on an expression, which SQLite names instead ("users_username_lower" for its
 * "index 'users_username_lower'"). D1 reports it as its error's message
 * ("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT") and
 * drizzle wraps D1's error as the `cause` of its own, so the chain is walked.
 * A write that loses a race is refused this way: the caller answers 409, not 500.
 */
export function isUniqueViolation(err: unknown, target?: string): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const failed = /UNIQUE constraint failed: (?:index '(\w+)'|([\w.]+(?:, [\w.]+)*))/.exec(e.message);
    if (failed) return target === undefined || (failed[1] ?? failed[2]) === target;
  }
  return false;
}

/**
 * Whether `err` is SQLite refusing a row whose `column` (as SQLite names it, "stack_items.stack_id") is
 * null (D1: "NOT NULL constraint failed: stack_items.stack_id"). A write that takes a column from a
 * subquery for the row it refers to — one of the user's own — is refused this way when the subquery finds
 * none, which the same statement checks, so no request can slip in between: the caller answers 404, not 500.
 */
export function isNotNullViolation(err: unknown, column: string): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    const failed = /NOT NULL constraint failed: ([\w.]+)/.exec(e.message);
    if (failed) return failed[1] === column;
  }
  return false;
}
