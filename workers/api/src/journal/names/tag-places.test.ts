import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { peopleCall } from "../../people/test-calls.ts";
import { bodyOf, resetDb, signedInUser, tableNames } from "../../test/helpers.ts";
import { fillAccount, userCall } from "../../test/your-data.ts";
import { typedCalls, type User } from "../test-calls.ts";

// Every place a tag lives, found by walking the schema rather than listed by hand (as
// auth/delete-account.test.ts walks the tables): a column that links to a tag by id (a foreign key to
// `tags`, or a column named `…tag_id`), and a text cell that names one (a stack item's filter is JSON
// naming its tags). A merge must move each of them onto the tag kept and a rename must carry each, so a
// table added later that holds tags fails here until store.ts handles it.

let ann: User;
let bob: User;

/** An Idempotency-Key's kept answer is what that request was answered, sent again as it was to its retry: a record, not a place the tag lives. */
const RECORDS = new Set(["idempotency_keys.response"]);

interface Column {
  table: string;
  column: string;
}

/** The columns that link to a tag by its id: a foreign key to `tags`, or a `…tag_id` column. */
function linkColumns(): Promise<Column[]> {
  // The schema is the migrations', the same all run: read once.
  linkPlaces ??= readLinkColumns();
  return linkPlaces;
}
let linkPlaces: Promise<Column[]> | undefined;
async function readLinkColumns(): Promise<Column[]> {
  const out = new Map<string, Column>();
  for (const table of await tableNames()) {
    if (table === "tags") continue;
    const keys = await env.DB.prepare(`SELECT "from" AS c FROM pragma_foreign_key_list(?) WHERE "table" = 'tags'`)
      .bind(table)
      .all<{ c: string }>();
    const named = await env.DB.prepare(
      "SELECT name AS c FROM pragma_table_info(?) WHERE name LIKE '%tag\\_id' ESCAPE '\\'",
    )
      .bind(table)
      .all<{ c: string }>();
    for (const { c } of [...keys.results, ...named.results]) out.set(`${table}.${c}`, { table, column: c });
  }
  return [...out.values()];
}

/** Every text column of every table, with whether its table has a `user_id` (to read one user's rows). */
function textColumns(): Promise<(Column & { owned: boolean })[]> {
  texts ??= readTextColumns();
  return texts;
}
let texts: Promise<(Column & { owned: boolean })[]> | undefined;
async function readTextColumns(): Promise<(Column & { owned: boolean })[]> {
  const out: (Column & { owned: boolean })[] = [];
  for (const table of await tableNames()) {
    const columns = (
      await env.DB.prepare("SELECT name, type FROM pragma_table_info(?)").bind(table).all<{
        name: string;
        type: string;
      }>()
    ).results;
    const owned = columns.some((c) => c.name === "user_id");
    for (const c of columns)
      if (c.type.toUpperCase() === "TEXT" && !RECORDS.has(`${table}.${c.name}`))
        out.push({ table, column: c.name, owned });
  }
  return out;
}

/** The rows of a table linking to a tag, each as JSON without that column, sorted. */
async function linksTo(place: Column, tagId: number): Promise<string[]> {
  const rows = await env.DB.prepare(`SELECT * FROM "${place.table}" WHERE "${place.column}" = ?`)
    .bind(tagId)
    .all<Record<string, unknown>>();
  return rows.results.map(({ [place.column]: _, ...rest }) => JSON.stringify(rest)).sort();
}

/**
 * The user's text cells that name a tag: the name itself, or the name as a JSON string, or (for JSON) its
 * id under a key about tags. "table.column" → how many cells.
 */
async function cellsNaming(user: User, name: string, id: number): Promise<Record<string, number>> {
  const columns = await textColumns();
  // One batch, one trip: the walk reads every text column of every table.
  const counts = await env.DB.batch<{ n: number }>(
    columns.map(({ table, column, owned }) => {
      const cell = `"${table}"."${column}"`;
      const mine = owned ? `"${table}".user_id = ?3` : "1 = 1";
      return env.DB.prepare(
        `SELECT count(*) AS n FROM "${table}" WHERE ${mine} AND (${cell} = ?1 OR instr(${cell}, json_quote(?1)) > 0
          OR EXISTS (SELECT 1 FROM json_tree(CASE WHEN json_valid(${cell}) THEN ${cell} ELSE 'null' END) AS t
            WHERE t.type = 'integer' AND t.atom = ?2 AND (lower(t.fullkey) LIKE '%tag%' OR ?4 LIKE '%tag%')))`,
      ).bind(name, id, user.id, column);
    }),
  );
  const out: Record<string, number> = {};
  columns.forEach(({ table, column }, i) => {
    const n = counts[i]?.results[0]?.n ?? 0;
    if (n > 0) out[`${table}.${column}`] = n;
  });
  return out;
}

const tagsInUse = async (user: User) =>
  bodyOf<{ id: number; name: string; entries: number; people: number; timers: number }[]>(
    await user.call("GET", "/tags-in-use"),
    200,
  );
const tagId = async (user: User, name: string) => (await tagsInUse(user)).find((t) => t.name === name)?.id ?? 0;

/**
 * Every kind of row a user can own (fillAccount), and the tag `@job` in every place a tag can be: on
 * entries, a person, a saved timer and the running one, a stack item's filter; `@work` on an entry.
 */
async function fill(user: User) {
  await fillAccount(user);
  await typedCalls.add(user, { text: "standup", tags: ["@job", "home"], date: "2026-03-07T09:00:00.000Z" });
  await typedCalls.add(user, { text: "review", tags: ["@work"], date: "2026-03-07T10:00:00.000Z" });
  await bodyOf(
    await peopleCall(user, "POST", "", {
      name: "Boss",
      email: "boss@example.org",
      birthDate: "1970-01-02",
      tags: ["@job"],
    }),
    201,
  );
  const stack = await bodyOf<{ id: number }>(await user.call("POST", "/stacks", { name: "Work" }), 201);
  await bodyOf(
    await user.call("POST", "/stack-items", {
      stackId: stack.id,
      title: "job hours",
      type: "sum",
      config: { filter: [{ name: "@job" }, { name: "home", not: true }], date: "2026-03-01T00:00:00.000Z" },
    }),
    201,
  );
  // fillAccount's running timer is saved with `@job` (a saved timer keeps its tags), and a new one runs with it.
  const running = await bodyOf<{ id: number; startedAt: string }>(await user.call("GET", "/timer"), 200);
  await bodyOf(
    await userCall(user, "PUT", "/journal/timer", {
      id: running.id,
      text: "reading",
      tags: ["books", "@job"],
      startedAt: running.startedAt,
      pausedAt: "2026-03-06T10:20:00.000Z",
      pausedTimeDiff: 0,
      complete: true,
    }),
    200,
  );
  await bodyOf(
    await user.call("POST", "/timer", { text: "shift", tags: ["@job"], initAt: "2026-03-07T08:00:00.000Z" }),
    201,
  );
}

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  await fill(ann);
  await fill(bob);
});

/** Where Ann's `@job` is, by the walk: the links by id, table by table, and the cells naming it. */
async function placesOf(user: User, name: string, id: number) {
  const links: Record<string, string[]> = {};
  for (const place of await linkColumns()) links[`${place.table}.${place.column}`] = await linksTo(place, id);
  return { links, cells: await cellsNaming(user, name, id) };
}

describe("every place a tag lives", () => {
  it("the walk finds the link tables and the stack filters, and the fixture puts `@job` in each", async () => {
    const job = await tagId(ann, "@job");
    const { links, cells } = await placesOf(ann, "@job", job);
    // The places known today; a new one fails here first, so the merge and this fixture are taught it.
    expect(Object.keys(links).sort()).toEqual(["entry_tags.tag_id", "person_tags.tag_id", "timer_tags.tag_id"]);
    for (const [place, rows] of Object.entries(links)) expect(rows.length, place).toBeGreaterThan(0);
    expect(cells).toEqual({ "tags.name": 1, "stack_items.config": 1 });
    // Every tag fillAccount wrote is in no other text cell either: no table names tags where the walk does not look.
    for (const tag of await tagsInUse(ann)) {
      const named = await cellsNaming(ann, tag.name, tag.id);
      for (const place of Object.keys(named))
        expect(["tags.name", "stack_items.config"], `${tag.name} in ${place}`).toContain(place);
    }
  });

  it("a merge moves every one of them onto the tag kept, and leaves Bob's alone", async () => {
    const [job, work] = [await tagId(ann, "@job"), await tagId(ann, "@work")];
    const before = await placesOf(ann, "@job", job);
    const kept = await placesOf(ann, "@work", work);
    const bobJob = await tagId(bob, "@job");
    const bobBefore = await placesOf(bob, "@job", bobJob);

    await bodyOf(await ann.call("PUT", `/tags/${job}`, { name: "@work", merge: true }), 200);

    const gone = await placesOf(ann, "@job", job);
    const now = await placesOf(ann, "@work", work);
    for (const [place, rows] of Object.entries(before.links)) {
      expect(gone.links[place], place).toEqual([]);
      // Each row that linked to `@job` links to `@work` (once: a row that had both keeps one link).
      for (const row of rows) expect(now.links[place], place).toContain(row);
      expect(now.links[place]?.length, place).toBe(new Set([...rows, ...(kept.links[place] ?? [])]).size);
    }
    expect(gone.cells).toEqual({});
    for (const place of Object.keys(before.cells)) expect(now.cells[place], place).toBeGreaterThan(0);
    expect(await placesOf(bob, "@job", bobJob)).toEqual(bobBefore);
  });

  it("a rename carries every one of them (the links keep the id, the filters take the name)", async () => {
    const job = await tagId(ann, "@job");
    const before = await placesOf(ann, "@job", job);
    await bodyOf(await ann.call("PUT", `/tags/${job}`, { name: "@career" }), 200);
    const after = await placesOf(ann, "@career", job);
    expect(after.links).toEqual(before.links);
    expect(after.cells).toEqual(before.cells);
    expect((await placesOf(ann, "@job", job)).cells).toEqual({});
  });
});

describe("the running timer", () => {
  it("keeps its tag through a merge and a rename, as the timer's own GET shows", async () => {
    const timerTags = async () =>
      (await bodyOf<{ tags: { name: string }[] }>(await ann.call("GET", "/timer"), 200)).tags.map((t) => t.name);
    expect(await timerTags()).toEqual(["@job"]);
    await bodyOf(await ann.call("PUT", `/tags/${await tagId(ann, "@job")}`, { name: "@work", merge: true }), 200);
    expect(await timerTags()).toEqual(["@work"]);
    await bodyOf(await ann.call("PUT", `/tags/${await tagId(ann, "@work")}`, { name: "@career" }), 200);
    expect(await timerTags()).toEqual(["@career"]);
  });
});
