import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiQueries, type Query, queriesOf } from "./unscoped-queries.ts";

/**
 * Queries that name no user in their own file's text, though every row they touch is the user's: reached
 * through an id the route or its caller checked against the user first. Each with a marker in its text.
 */
const REACHED_THROUGH_USER: { file: string; markers: string[]; reason: string }[] = [
  {
    file: "auth/delete-account.ts",
    markers: ["UPDATE users SET email", "DELETE FROM users WHERE id = ?1", "DELETE FROM login_attempts WHERE key IN"],
    reason:
      "the leaving account's own row, by the id its session named (or the cron found leaving), and its attempts' keys",
  },
  {
    file: "import/write-others.ts",
    markers: ["SELECT NULL AS k", "UPDATE users SET time_zone"],
    reason: "a kind the chunk lacks reads no table; the profile written is the importing account's own row, by its id",
  },
  {
    file: "import/runs.ts",
    markers: ["importChunks.importId", "imports.id", "WHERE id = ?1"],
    reason: "a run's rows by its id: every route finds the run by its user first (`runOf`)",
  },
  {
    file: "journal/entry-filter.ts",
    markers: ["entryTags.tagId"],
    reason: "the links of tags whose ids were read by the user's id",
  },
  {
    file: "journal/entry-list.ts",
    markers: ["AS fingerprint"],
    reason: "the select's head: `entryPageQuery` adds its `WHERE` on `entries.userId`",
  },
  {
    file: "journal/names/store.ts",
    markers: ["entryMetrics.metricId", "inArray(tags.id, ids)"],
    reason: "the values of a metric, and the counts of tags, the route found by the user's id",
  },
  { file: "steps/routes.ts", markers: ["eq(steps.id, r.id)"], reason: "rows just read by the user's id, recounted" },
  {
    file: "timer/timer-store.ts",
    markers: ["AS initAt", "timerTags.timerId"],
    reason: "`selectTimer`'s filter is its callers' (`timers.userId`); a timer's links, under the user's timer's guard",
  },
];

/** The scale plan's table of queries not scoped by a user: each row's files and its markers (its other `code`). */
function planRows(readme: string): { files: string[]; markers: string[] }[] {
  const from = readme.indexOf("What changes is the few queries");
  const table = readme.slice(from).split("\n\n")[1] ?? "";
  return table
    .split("\n")
    .slice(2)
    .map((row) => {
      const code = [...row.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      return {
        files: code.filter((c) => /\.(ts|sql)$/.test(c)),
        markers: code.filter((c) => !/\.(ts|sql)$/.test(c)),
      };
    });
}

/** The queries not scoped by a user that neither the plan's table nor the list above names. */
function unplanned(queries: Query[], readme: string): string[] {
  const rows = planRows(readme);
  const has = (text: string, marker: string) => text.toLowerCase().includes(marker.toLowerCase());
  return queries
    .filter((q) => !q.scoped)
    .filter((q) => !REACHED_THROUGH_USER.some((r) => r.file === q.file && r.markers.some((m) => has(q.text, m))))
    .filter((q) => !rows.some((r) => r.files.includes(q.file) && r.markers.some((m) => has(q.text, m))))
    .map((q) => `${q.file}:${q.line} ${q.text.replace(/\s+/g, " ").slice(0, 120)}`);
}

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("the scale plan's queries not scoped by a user", () => {
  it("reads a drizzle query as scoped by what filters it, not by a join or a column", () => {
    const [byToken, byUser] = queriesOf(
      "calendar/feed.ts",
      `const row = await db
  .select({ feed: calendarFeeds, timeZone: users.timeZone })
  .from(calendarFeeds)
  .innerJoin(users, eq(users.id, calendarFeeds.userId))
  .where(eq(calendarFeeds.lookup, lookup))
  .get();
await c.var.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, c.var.user.id));`,
    );
    expect(byToken).toMatchObject({ line: 1, scoped: false });
    expect(byUser).toMatchObject({ line: 7, scoped: true });
  });

  it("follows a filter kept in a constant, a subquery, and raw SQL's user_id", () => {
    const queries = queriesOf(
      "people/store.ts",
      `const mine = and(eq(people.userId, userId), eq(people.id, id));
const owned = db.select({ id: people.id }).from(people).where(mine);
db.delete(personTags).where(inArray(personTags.personId, owned));
// A comment's db.delete(users) is no query.
d1.prepare("UPDATE people SET name = ?2 WHERE user_id = ?1 AND id = ?3");
d1.prepare(\`DELETE FROM person_tags WHERE person_id = ?1\`);`,
    );
    expect(queries.map((q) => [q.line, q.scoped])).toEqual([
      [2, true],
      [3, true],
      [5, true],
      [6, false],
    ]);
  });

  it("flags a new query that names no user, in a file the plan does not name", () => {
    const added = queriesOf("journal/search.ts", "export const all = (db: Db) => db.select().from(entries).all();");
    expect(unplanned(added, README)).toEqual(["journal/search.ts:1 db.select().from(entries).all()"]);
    // In a file the plan names, it still needs the row's marker.
    const more = queriesOf("auth/session.ts", "db.delete(sessions).where(eq(sessions.id, id));");
    expect(unplanned(more, README)).toHaveLength(1);
  });

  it("finds every one in workers/api/src named in the README's table (or reached through the user)", () => {
    const queries = apiQueries(new URL("../workers/api/src", import.meta.url).pathname);
    // The walk finds the API's queries: hundreds, most of them the user's.
    expect(queries.length).toBeGreaterThan(200);
    expect(queries.filter((q) => q.scoped).length).toBeGreaterThan(150);
    expect(unplanned(queries, README)).toEqual([]);
  });

  it("names only files that exist in the table", () => {
    const files = planRows(README).flatMap((r) => r.files);
    expect(files).toContain("calendar/feed-routes.ts");
    for (const file of files) {
      const path = file.endsWith(".sql") ? `../${file}` : `../workers/api/src/${file}`;
      expect(() => readFileSync(new URL(path, import.meta.url)), file).not.toThrow();
    }
  });
});
