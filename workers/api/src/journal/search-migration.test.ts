import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { typedCalls, type User } from "./test-calls.ts";

beforeEach(resetDb);

/** A migration's statements as the test D1 got them (workers/api/src/test/apply-migrations.ts). */
function migration(name: string): string[] {
  const found = env.TEST_MIGRATIONS.find((m) => m.name === name);
  if (!found) throw new Error(`migration ${name} is missing`);
  return found.queries;
}

/** The database as it stood before 0023: 0017's index, keyed by the entry's id alone. */
async function before0023() {
  await env.DB.batch(
    [
      "DROP TRIGGER entries_search_insert",
      "DROP TRIGGER entries_search_delete",
      "DROP TRIGGER entries_search_update",
      "DROP TABLE entries_search",
      "DROP VIEW entries_keyed_by_user",
      ...migration("0017_entries_search.sql"),
    ].map((q) => env.DB.prepare(q)),
  );
}

/** The index's rowids that match a word, in order. */
async function keys(word: string): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT rowid AS k FROM entries_search WHERE entries_search MATCH ? ORDER BY rowid",
  )
    .bind(`"${word}"`)
    .all<{ k: number }>();
  return results.map((r) => r.k);
}

const found = async (user: User, q: string) =>
  (await bodyOf<{ text: string }[]>(await user.call("GET", `/entries?q=${q}`), 200)).map((e) => e.text);

describe("migration 0023: the search's index keyed by its user", () => {
  it("fills the new index from the entries there are, each one's key its user and id, and keeps it after", async () => {
    await before0023();
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    const date = "2026-03-01T12:00:00.000Z";
    const annsOld = await typedCalls.add(ann, { text: "a kestrel over the field", date });
    const bobsOld = await typedCalls.add(bob, { text: "Bob saw a kestrel too", date });
    // 0017's keys: the entries' ids.
    expect(await keys("kestrel")).toEqual([annsOld.id, bobsOld.id]);

    await env.DB.batch(migration("0023_search_by_user.sql").map((q) => env.DB.prepare(q)));
    // 2^32 = 4294967296: the user in the key's high half, the entry in its low half.
    expect(await keys("kestrel")).toEqual([ann.id * 4294967296 + annsOld.id, bob.id * 4294967296 + bobsOld.id]);
    expect(await found(ann, "kestrel")).toEqual(["a kestrel over the field"]);
    expect(await found(bob, "kestrel")).toEqual(["Bob saw a kestrel too"]);

    const annsNew = await typedCalls.add(ann, { text: "the kestrel again", date: "2026-03-02T12:00:00.000Z" });
    expect(await keys("kestrel")).toEqual([
      ann.id * 4294967296 + annsOld.id,
      ann.id * 4294967296 + annsNew.id,
      bob.id * 4294967296 + bobsOld.id,
    ]);
    expect(await found(ann, "kestrel")).toEqual(["the kestrel again", "a kestrel over the field"]);
    // FTS5's own check of the index against the entries (rank 1: read through the view of their keys).
    await expect(
      env.DB.prepare("INSERT INTO entries_search(entries_search, rank) VALUES ('integrity-check', 1)").run(),
    ).resolves.toBeTruthy();
  });
});
