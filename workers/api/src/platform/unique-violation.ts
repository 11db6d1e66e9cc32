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
 * Whether `err` is SQLite refusing a row whose foreign key names no row (D1:
 * "FOREIGN KEY constraint failed"; SQLite does not say which key). A write
 * that refers to a row a racing request just deleted is refused this way:
 * the caller answers 404 for the row it had checked, not 500.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (/FOREIGN KEY constraint failed/.test(e.message)) return true;
  return false;
}
