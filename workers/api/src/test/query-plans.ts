import { env } from "cloudflare:test";

/**
 * What the requests sent in `send` asked of D1, statement by statement (their SQL, once each), read by
 * putting a recorder in front of every D1 session the Worker opens meanwhile: the test's `env.DB` is the
 * binding the Worker is given.
 */
export async function sqlOf(send: () => Promise<unknown>): Promise<string[]> {
  const db = env.DB as D1Database & { withSession: D1Database["withSession"] };
  const open = db.withSession;
  const seen = new Set<string>();
  db.withSession = (...args: Parameters<D1Database["withSession"]>) => {
    const session = open.apply(db, args);
    const prepare = session.prepare.bind(session);
    return Object.assign(Object.create(session) as D1DatabaseSession, {
      prepare(query: string) {
        seen.add(query);
        return prepare(query);
      },
      batch: session.batch.bind(session),
      getBookmark: session.getBookmark.bind(session),
    });
  };
  try {
    await send();
  } finally {
    db.withSession = open;
  }
  return [...seen];
}

/** The real tables (not the search index's, nor a view), asked once. */
let tables: Promise<Set<string>> | undefined;
const realTables = () => {
  tables ??= env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all<{ name: string }>()
    .then(({ results }) => new Set(results.map((r) => r.name)));
  return tables;
};

/**
 * What is wrong with a statement's plan (EXPLAIN QUERY PLAN), in words, or nothing:
 * - a table read whole (`SCAN <table>`, through an index or not): its cost is the table's, not the rows asked;
 * - an account's rows walked (an index searched by `user_id` alone) outside a JSON list the statement is
 *   given (`json_each(?)`), or with the list read in a correlated subquery: each of the account's rows then
 *   walks the whole list, the account's size times the list's (SQLite, without statistics, cannot tell the
 *   list is the smaller).
 */
export async function planProblems(query: string): Promise<string[]> {
  const known = await realTables();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`)
    .bind(...Array.from({ length: parameters(query) }, () => null))
    .all<{
      id: number;
      parent: number;
      detail: string;
    }>();
  const problems: string[] = [];
  const byParent = new Map<number, string[]>();
  for (const row of results) {
    const scan = row.detail.match(/^SCAN (\S+)(?: USING (?:COVERING )?INDEX \S+)?$/);
    // A table's alias reads as the table when the plan names it by the alias: ask the query for its tables.
    if (scan?.[1] && !row.detail.includes("VIRTUAL TABLE") && tableOf(query, scan[1], known))
      problems.push(`reads a whole table: ${row.detail}`);
    const level = byParent.get(row.parent) ?? [];
    level.push(row.detail);
    byParent.set(row.parent, level);
  }
  const byUser = (d: string) => /^SEARCH \S+ USING .*\(user_id=\?\)$/.test(d);
  // Only a list the statement is given counts: a row's own JSON (a stack item's filters) is the row's size.
  if (!/json_each\(\s*\?/.test(query)) return problems;
  for (const level of byParent.values()) {
    const at = level.findIndex(byUser);
    if (at !== -1 && level.slice(at + 1).some((d) => d.includes("VIRTUAL TABLE")))
      problems.push(`walks a JSON list for each of an account's rows: ${level.join(" / ")}`);
  }
  // The same through a correlated subquery: a list read again for each of the account's rows.
  const parentOf = new Map(results.map((r) => [r.id, r.parent]));
  const correlated = new Set(results.filter((r) => r.detail.startsWith("CORRELATED")).map((r) => r.id));
  const inCorrelated = (id: number): boolean => {
    for (let p = parentOf.get(id); p !== undefined && p !== 0; p = parentOf.get(p)) if (correlated.has(p)) return true;
    return false;
  };
  if (
    results.some((r) => byUser(r.detail) && !inCorrelated(r.id)) &&
    results.some((r) => r.detail.includes("VIRTUAL TABLE") && inCorrelated(r.id))
  )
    problems.push(`reads a JSON list again for each of an account's rows: ${results.map((r) => r.detail).join(" / ")}`);
  return problems;
}

/** The problems of each statement that has any, by the start of its SQL (nothing when every plan holds). */
export async function plansProblems(statements: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const q of statements) {
    const problems = await planProblems(q);
    if (problems.length) found[q.replace(/\s+/g, " ").slice(0, 200)] = problems;
  }
  return found;
}

/** How many parameters a statement takes (D1 wants each bound): its highest `?N`, or its `?`s. */
function parameters(query: string): number {
  const bare = query.replace(/'(?:[^']|'')*'/g, "''");
  const numbered = [...bare.matchAll(/\?(\d+)/g)].map((m) => Number(m[1]));
  return numbered.length ? Math.max(...numbered) : (bare.match(/\?/g) ?? []).length;
}

/** The real table a plan's name stands for in a query: itself, or the table it is an alias of. */
function tableOf(query: string, name: string, known: Set<string>): string | null {
  if (known.has(name)) return name;
  const aliased = query.match(new RegExp(`["\`]?(\\w+)["\`]?\\s+(?:AS\\s+)?["\`]?${name}["\`]?(?=[\\s,)]|$)`, "i"));
  return aliased?.[1] && known.has(aliased[1]) ? aliased[1] : null;
}
