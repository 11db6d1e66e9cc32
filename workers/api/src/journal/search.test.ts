import { env, SELF } from "cloudflare:test";
import { SEARCH_TEXT_MAX, SEARCH_WORDS_MAX } from "@nook/shared/journal/limits";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { beforeEach, describe, expect, it } from "vitest";
import { importInChunks, nookFile } from "../import/test-calls.ts";
import { openDb } from "../platform/db.ts";
import { bodyOf, dumpDb, errorBodyOf, ORIGIN, PASSWORD, resetDb, signedInUser } from "../test/helpers.ts";
import { entryPageQuery } from "./entry-list.ts";
import { searchCondition } from "./entry-search.ts";
import { typedCalls, type User } from "./test-calls.ts";

// GET /api/journal/entries with a search (journal/entry-search.ts, the index of migrations 0017 and 0023): words
// anywhere in the text in any script, partial words, tags and their negation, local days, mood and metric
// ranges, paged as the list is; never another user's entries, nor a row of them read; the index following
// every write.
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

const { add } = typedCalls;

/** The texts a search finds, newest first; `query` as a URL query ("q=run&tag=!sick"). */
async function found(user: User, query: string): Promise<string[]> {
  const res = await user.call("GET", `/entries?${query}`);
  const page = await bodyOf<{ text: string }[]>(res, 200);
  return page.map((e) => e.text);
}

/** Entries a minute apart, the first the oldest, each with what `more` gives. */
async function write(user: User, rows: [text: string, more?: Parameters<typeof add>[1]][]) {
  const made = [];
  for (const [i, [text, more]] of rows.entries())
    made.push(await add(user, { text, date: new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(), ...more }));
  return made;
}

describe("words", () => {
  beforeEach(async () => {
    await write(ann, [
      ["Went running in the park"],
      ["Бегал утром 5 км"],
      ["The dentist said: floss"],
      ["РАННИЙ подъём, бегом на работу"],
      ["Ran 5 km, then the dentist"],
    ]);
    await write(bob, [["Bob's own run and dentist"]]);
  });

  it("finds a word inside another, in Latin and Cyrillic, case folded", async () => {
    expect(await found(ann, "q=run")).toEqual(["Went running in the park"]);
    expect(await found(ann, "q=бег")).toEqual(["РАННИЙ подъём, бегом на работу", "Бегал утром 5 км"]);
    expect(await found(ann, `q=${encodeURIComponent("БЕГ")}`)).toEqual([
      "РАННИЙ подъём, бегом на работу",
      "Бегал утром 5 км",
    ]);
    expect(await found(ann, `q=${encodeURIComponent("ранний")}`)).toEqual(["РАННИЙ подъём, бегом на работу"]);
    expect(await found(ann, "q=DENT")).toEqual(["Ran 5 km, then the dentist", "The dentist said: floss"]);
  });

  it("needs every word, short ones too (looked for without the index)", async () => {
    expect(await found(ann, "q=dentist%20ran")).toEqual(["Ran 5 km, then the dentist"]);
    expect(await found(ann, "q=5")).toEqual(["Ran 5 km, then the dentist", "Бегал утром 5 км"]);
    expect(await found(ann, `q=${encodeURIComponent("км бег")}`)).toEqual(["Бегал утром 5 км"]);
    expect(await found(ann, "q=km%20Ra")).toEqual(["Ran 5 km, then the dentist"]);
    expect(await found(ann, "q=nothing")).toEqual([]);
  });

  it("takes the search's own signs as text: quotes, stars, brackets, FTS words, % and _", async () => {
    await write(ann, [['He said "hi" (twice) * 100% of_it NEAR AND OR NOT']]);
    for (const q of ['"hi"', "(twice)", "*", "100%", "of_it", "NEAR(", "AND", "NOT", '"', "%", "_", "\\"]) {
      const res = await ann.call("GET", `/entries?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(await found(ann, `q=${encodeURIComponent('"hi"')}`)).toHaveLength(1);
    expect(await found(ann, `q=${encodeURIComponent("(twice)")}`)).toHaveLength(1);
    expect(await found(ann, `q=${encodeURIComponent("%")}`)).toHaveLength(1);
    expect(await found(ann, `q=${encodeURIComponent("f_i")}`)).toHaveLength(1);
    expect(await found(ann, `q=${encodeURIComponent("o_")}`)).toEqual([]);
  });

  it("never finds another user's entries", async () => {
    expect(await found(bob, "q=dentist")).toEqual(["Bob's own run and dentist"]);
    expect(await found(bob, `q=${encodeURIComponent("бег")}`)).toEqual([]);
  });
});

describe("filters", () => {
  beforeEach(async () => {
    await write(ann, [
      ["walk one", { tags: ["walk"], metrics: [{ name: "mood", value: 2 }] }],
      ["walk two", { tags: ["walk", "sick"], metrics: [{ name: "mood", value: 4 }] }],
      ["walk three", { tags: ["walk", "@ada"], metrics: [{ name: "Steps", value: 4000 }] }],
      ["read", { tags: ["book"], metrics: [{ name: "mood", value: 5 }] }],
      ["about Ada", { tags: ["@ada lovelace"] }],
    ]);
  });

  it("every tag asked for, none of the !tags", async () => {
    expect(await found(ann, "tag=walk")).toEqual(["walk three", "walk two", "walk one"]);
    expect(await found(ann, "tag=walk&tag=!sick")).toEqual(["walk three", "walk one"]);
    expect(await found(ann, "tag=walk&tag=%40ada")).toEqual(["walk three"]);
    expect(await found(ann, "q=walk&tag=!walk")).toEqual([]);
    expect(await found(ann, "tag=!walk")).toEqual(["about Ada", "read"]);
    expect(await found(ann, "tag=WALK&q=two")).toEqual(["walk two"]);
    // A tag never used finds nothing; left out, it leaves everything.
    expect(await found(ann, "tag=never")).toEqual([]);
    expect(await found(ann, "tag=!never&q=read")).toEqual(["read"]);
    // A tag with a space ("Write about Ada Lovelace" on Today), as the search box sends it.
    expect(await found(ann, `tag=${encodeURIComponent("@ada lovelace")}`)).toEqual(["about Ada"]);
    expect(await found(ann, `tag=${encodeURIComponent("!@ada lovelace")}&tag=!walk`)).toEqual(["read"]);
  });

  it("the mood and a metric within their bounds, the metric's name in any case", async () => {
    expect(await found(ann, "moodMin=4")).toEqual(["read", "walk two"]);
    expect(await found(ann, "moodMin=2&moodMax=4")).toEqual(["walk two", "walk one"]);
    expect(await found(ann, "moodMax=2&q=walk")).toEqual(["walk one"]);
    expect(await found(ann, "metric=STEPS&min=3999.5")).toEqual(["walk three"]);
    expect(await found(ann, "metric=steps&max=3999")).toEqual([]);
    expect(await found(ann, "metric=steps")).toEqual(["walk three"]);
    expect(await found(ann, "metric=nothing")).toEqual([]);
    // Bob has none of Ann's metrics or tags.
    expect(await found(bob, "metric=steps")).toEqual([]);
    expect(await found(bob, "tag=walk")).toEqual([]);
  });

  it("local days in the profile's time zone, both ends included", async () => {
    const day = (iso: string, text: string) => add(ann, { text: `day ${text}`, date: iso });
    const zone = (name: string) =>
      env.DB.prepare("UPDATE users SET time_zone = ? WHERE id = ?").bind(name, ann.id).run();
    await zone("UTC");
    await day("2026-04-01T23:59:00.000Z", "1 late");
    await day("2026-04-02T00:00:00.000Z", "2 first");
    await day("2026-04-03T23:59:59.000Z", "3 last");
    await day("2026-04-04T00:00:00.000Z", "4 first");
    expect(await found(ann, "q=day&from=2026-04-02&to=2026-04-03")).toEqual(["day 3 last", "day 2 first"]);
    expect(await found(ann, "q=day&from=2026-04-04")).toEqual(["day 4 first"]);
    expect(await found(ann, "q=day&to=2026-04-01")).toEqual(["day 1 late"]);
    // In Tokyo (UTC+9) 2 April runs from 1 April 15:00 UTC.
    await zone("Asia/Tokyo");
    expect(await found(ann, "q=day&from=2026-04-02&to=2026-04-02")).toEqual(["day 2 first", "day 1 late"]);
  });

  it("pages by the list's cursor, newest first, every match once", async () => {
    const made = await write(
      ann,
      Array.from({ length: 7 }, (_, i) => [`paged ${i}`] as [string]),
    );
    const seen: string[] = [];
    let before = "";
    for (;;) {
      const res = await ann.call(
        "GET",
        `/entries?q=paged&limit=3${before ? `&before=${encodeURIComponent(before)}` : ""}`,
      );
      const page = await bodyOf<{ text: string; cursor: string }[]>(res, 200);
      seen.push(...page.map((e) => e.text));
      if (page.length < 3) break;
      before = page.at(-1)?.cursor ?? "";
    }
    expect(seen).toEqual(made.map((e) => e.text).reverse());
  });
});

/**
 * What the index itself holds, read past the entries (a search joins them, so a word left in the index after
 * its entry went is never shown, and a search passes without the delete trigger): the entries that match a
 * word by the index alone, each as the [user, entry] its key (user_id << 32) + id holds, and its documents (one
 * row each in FTS5's `docsize` shadow table).
 */
async function indexed(word: string): Promise<[user: number, entry: number][]> {
  const { results } = await env.DB.prepare(
    "SELECT rowid >> 32 AS user, rowid & 4294967295 AS entry FROM entries_search WHERE entries_search MATCH ? ORDER BY rowid",
  )
    .bind(`"${word}"`)
    .all<{ user: number; entry: number }>();
  return results.map((r) => [r.user, r.entry]);
}
const indexedDocuments = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM entries_search_docsize").first<{ n: number }>())?.n;
/** FTS5's own check, the index against the entries too (rank 1): it throws when they differ. */
const integrityCheck = () =>
  env.DB.prepare("INSERT INTO entries_search(entries_search, rank) VALUES ('integrity-check', 1)").run();

describe("the index follows every write", () => {
  it("edits, deletes and lifts", async () => {
    const [entry] = await write(ann, [["the old words"]]);
    if (!entry) throw new Error("no entry");
    const edited = await ann.api.journal.entries.$put({ json: { entryId: entry.id, text: "new wording" } });
    expect(edited.status).toBe(200);
    expect(await found(ann, "q=old")).toEqual([]);
    expect(await found(ann, "q=wording")).toEqual(["new wording"]);
    expect(await indexed("old")).toEqual([]);
    expect(await indexed("wording")).toEqual([[ann.id, entry.id]]);
    // A tag-only edit keeps the text found.
    await ann.api.journal.entries.$put({ json: { entryId: entry.id, text: "new wording", tags: ["x"] } });
    expect(await found(ann, "q=wording&tag=x")).toEqual(["new wording"]);
    const lift = await typedCalls.lift(ann, entry.id);
    const lifted = await bodyOf<{ totalLifts: number }[]>(await ann.call("GET", "/entries?q=wording"), 200);
    expect(lifted.map((e) => e.totalLifts)).toEqual([2]);
    const deleted = await ann.api.journal.entries.$delete({ json: { entryId: entry.id } });
    expect(deleted.status).toBe(200);
    expect(await found(ann, "q=wording")).toEqual(["new wording"]);
    expect(await indexed("wording")).toEqual([[ann.id, lift.id]]);
    expect(await indexedDocuments()).toBe(1);
    await expect(integrityCheck()).resolves.toBeTruthy();
  });

  it("an import, and its undo", async () => {
    const file = nookFile({
      entries: [
        {
          text: "imported лыжи trip",
          date: "2026-02-01T10:00:00.000Z",
          modifiedAt: "2026-02-01T10:00:00.000Z",
          tags: [],
          metrics: [],
        },
      ],
    });
    const res = await importInChunks(ann.token, "format=nook", JSON.stringify(file));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await found(ann, `q=${encodeURIComponent("лыж")}`)).toEqual(["imported лыжи trip"]);
    const [imported] = await typedCalls.list(ann);
    expect(await indexed("лыж")).toEqual([[ann.id, imported?.id]]);
    const runs = await bodyOf<{ id: number }[]>(
      await SELF.fetch(`${ORIGIN}/api/user/imports`, {
        headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN },
      }),
      200,
    );
    const undo = await SELF.fetch(`${ORIGIN}/api/user/imports/${runs[0]?.id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN },
    });
    expect(undo.status).toBe(200);
    expect(await found(ann, "q=trip")).toEqual([]);
    expect(await indexed("trip")).toEqual([]);
    expect(await indexedDocuments()).toBe(0);
    await expect(integrityCheck()).resolves.toBeTruthy();
  });

  it("a tag merge: the entries found by the tag they now carry", async () => {
    await write(ann, [
      ["morning jog", { tags: ["jog"] }],
      ["evening run", { tags: ["run"] }],
    ]);
    const tags = await (await ann.api.journal["tags-sorted"].$get()).json();
    const jog = tags.find((t) => t.name === "jog");
    const merged = await ann.call("PUT", `/tags/${jog?.id}`, { name: "run", merge: true });
    expect(merged.status).toBe(200);
    expect(await found(ann, "tag=run")).toEqual(["evening run", "morning jog"]);
    expect(await found(ann, "tag=jog")).toEqual([]);
    expect(await found(ann, "q=jog&tag=run")).toEqual(["morning jog"]);
  });
});

describe("the index is emptied with what it indexes", () => {
  it("an entry's delete takes its words out of the index, and the index still matches the entries", async () => {
    const [gone, kept] = await write(ann, [["quokka sighting at dawn"], ["a quiet wombat day"]]);
    if (!gone || !kept) throw new Error("no entries");
    expect(await indexed("quokka")).toEqual([[ann.id, gone.id]]);
    const deleted = await ann.api.journal.entries.$delete({ json: { entryId: gone.id } });
    expect(deleted.status).toBe(200);
    expect(await indexed("quokka")).toEqual([]);
    expect(await indexed("wombat")).toEqual([[ann.id, kept.id]]);
    expect(await indexedDocuments()).toBe(1);
    await expect(integrityCheck()).resolves.toBeTruthy();
  });

  it("the account's deletion takes every one of its words out, another user's stay", async () => {
    const annsEntries = await write(ann, [["quokka one"], ["quokka two"], ["numbat three"]]);
    const [bobs] = await write(bob, [["Bob's quokka"]]);
    expect(await indexed("quokka")).toEqual([
      [ann.id, annsEntries[0]?.id],
      [ann.id, annsEntries[1]?.id],
      [bob.id, bobs?.id],
    ]);
    const res = await SELF.fetch(`${ORIGIN}/api/user/account`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(annsEntries).toHaveLength(3);
    expect(await indexed("quokka")).toEqual([[bob.id, bobs?.id]]);
    expect(await indexed("numbat")).toEqual([]);
    expect(await indexedDocuments()).toBe(1);
    await expect(integrityCheck()).resolves.toBeTruthy();
  });
});

/** The numbers from `from` down to `to`. */
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, k) => from - k);

/**
 * Entries `from` to `to` of the user's in one statement (the index's triggers take each), the text followed by
 * the entry's number, a minute apart in that order.
 */
async function fill(user: User, from: number, to: number, text: string) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT CAST(?2 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
     INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
     SELECT ?1, ?4 || ' ' || i, ?5 + i * 60000, ?5, 'fp' || i FROM n`,
  )
    .bind(user.id, from, to, text, Date.UTC(2026, 0, 1))
    .run();
}

describe("a search reads the reader's own entries alone", () => {
  it("another user's 20,000 entries with the same word are in the index, never found, and never read", async () => {
    // Ann's entries before and after Bob's in id order, as they arrive in life among everyone else's.
    await fill(ann, 1, 20, "coffee at home");
    await fill(bob, 21, 20_020, "coffee at work");
    await fill(ann, 20_021, 20_040, "coffee at home");
    expect(await indexed("coffee")).toHaveLength(20_040);
    const anns = [...range(20_040, 20_021), ...range(20, 11)].map((i) => `coffee at home ${i}`);
    expect(await found(ann, "q=coffee")).toEqual(anns);
    expect(await found(ann, "q=work")).toEqual([]);
    expect(await found(bob, "q=coffee")).toEqual(range(20_020, 19_991).map((i) => `coffee at work ${i}`));

    // The page's own SQL, as the route builds it: D1 counts the rows a statement reads, those the index hands
    // back included — Ann's 40 matches, not the 20,040 it holds (the same count with Bob's entries gone), then
    // the page's 31 entries, three rows each (the entry, its tags' and its metrics' JSON), 40 + 93.
    const rowsRead = async () => {
      const where = await searchCondition(openDb(env.DB), ann.id, { q: "coffee", limit: 30 }, "UTC");
      const page = new SQLiteAsyncDialect().sqlToQuery(
        entryPageQuery(ann.id, { limit: 31, where: where ?? undefined }),
      );
      const { results, meta } = await env.DB.prepare(page.sql)
        .bind(...page.params)
        .all();
      expect(results).toHaveLength(31);
      return meta.rows_read;
    };
    expect(await rowsRead()).toBe(133);
    await env.DB.prepare("DELETE FROM entries WHERE user_id = ?").bind(bob.id).run();
    expect(await indexed("coffee")).toHaveLength(40);
    expect(await rowsRead()).toBe(133);
  });

  it("an entry given to another user (no route does it) moves its key with it", async () => {
    const [entry] = await write(ann, [["a wandering albatross"]]);
    if (!entry) throw new Error("no entry");
    await env.DB.prepare("UPDATE entries SET user_id = ? WHERE id = ?").bind(bob.id, entry.id).run();
    expect(await indexed("albatross")).toEqual([[bob.id, entry.id]]);
    expect(await found(bob, "q=albatross")).toEqual(["a wandering albatross"]);
    expect(await found(ann, "q=albatross")).toEqual([]);
    await expect(integrityCheck()).resolves.toBeTruthy();
  });
});

describe("bad input: 400 with words, nothing written", () => {
  it.each([
    [`q=${"a".repeat(SEARCH_TEXT_MAX + 1)}`, `A search is at most ${SEARCH_TEXT_MAX} characters`],
    [
      `q=${Array.from({ length: SEARCH_WORDS_MAX + 1 }, (_, i) => `w${i}`).join("%20")}`,
      `A search has at most ${SEARCH_WORDS_MAX} words`,
    ],
    ["moodMin=6", "Lowest mood is from 1 to 5"],
    ["moodMax=2.5", "Highest mood is from 1 to 5"],
    ["moodMin=x", "Lowest mood must be a number"],
    ["from=2026-02-30", "From must be a date (YYYY-MM-DD)"],
    ["from=2026-03-02&to=2026-03-01", "From must be on or before To"],
    ["min=3", "A metric's range needs the metric"],
    ["metric=steps&max=1e99", "Max must be a number"],
    ["metric=steps&max=2000000000000", "Max is from -1000000000000 to 1000000000000"],
    ["tag=!", "A tag cannot be empty"],
    [`tag=${"t".repeat(70)}`, "A tag is at most 64 characters"],
    [`${Array.from({ length: 51 }, (_, i) => `tag=t${i}`).join("&")}`, "At most 50 tags"],
  ])("%s", async (query, words) => {
    const before = await dumpDb();
    const res = await ann.call("GET", `/entries?${query}`);
    expect(res.status).toBe(400);
    expect((await errorBodyOf(res)).message).toBe(words);
    expect(await dumpDb()).toEqual(before);
  });

  it("at the limits: the longest search and the most words answer 200", async () => {
    const words = Array.from({ length: SEARCH_WORDS_MAX }, (_, i) => `w${i}`).join(" ");
    expect((await ann.call("GET", `/entries?q=${encodeURIComponent(words)}`)).status).toBe(200);
    const longest = "я".repeat(SEARCH_TEXT_MAX);
    expect((await ann.call("GET", `/entries?q=${encodeURIComponent(longest)}`)).status).toBe(200);
    const tags = Array.from({ length: 50 }, (_, i) => `tag=${i % 2 ? "!" : ""}t${i}`).join("&");
    expect(
      (
        await ann.call(
          "GET",
          `/entries?${tags}&q=w&from=2026-01-01&to=2026-12-31&moodMin=1&moodMax=5&metric=m&min=-1&max=1`,
        )
      ).status,
    ).toBe(200);
  });
});

describe("on this day", () => {
  it("entries of today's local date in earlier years, newest first, never this year's or another user's", async () => {
    const now = new Date();
    const y = now.getUTCFullYear();
    const md = now.toISOString().slice(4, 10);
    await env.DB.prepare("UPDATE users SET time_zone = 'UTC' WHERE id IN (?, ?)").bind(ann.id, bob.id).run();
    await add(ann, { text: "a year ago", date: `${y - 1}${md}T08:00:00.000Z` });
    await add(ann, { text: "five years ago, late", date: `${y - 5}${md}T23:59:00.000Z` });
    await add(ann, { text: "today", date: now.toISOString() });
    // The day before, a year ago: not this date.
    await add(ann, {
      text: "the day before",
      date: new Date(Date.parse(`${y - 1}${md}T00:00:00.000Z`) - 60_000).toISOString(),
    });
    await add(bob, { text: "bob's year ago", date: `${y - 1}${md}T08:00:00.000Z` });
    const texts = async (user: User) =>
      (await bodyOf<{ text: string }[]>(await user.call("GET", "/on-this-day"), 200)).map((e) => e.text);
    expect(await texts(ann)).toEqual(["a year ago", "five years ago, late"]);
    expect(await texts(bob)).toEqual(["bob's year ago"]);
    // At UTC+14 (Kiritimati, no summer time) every entry is 14 hours later on the wall, and "today" too: from
    // 10:00 UTC it is already tomorrow there. The entries of its date are worked out here at that fixed offset.
    await env.DB.prepare("UPDATE users SET time_zone = 'Pacific/Kiritimati' WHERE id = ?").bind(ann.id).run();
    const at14 = (iso: string) => new Date(Date.parse(iso) + 14 * 3600_000).toISOString();
    const todayThere = at14(new Date().toISOString());
    const anns = [
      ["a year ago", `${y - 1}${md}T08:00:00.000Z`],
      ["five years ago, late", `${y - 5}${md}T23:59:00.000Z`],
      ["today", now.toISOString()],
      ["the day before", new Date(Date.parse(`${y - 1}${md}T00:00:00.000Z`) - 60_000).toISOString()],
    ] as const;
    const expected = anns
      .filter(([, date]) => at14(date).slice(4, 10) === todayThere.slice(4, 10) && at14(date) < todayThere.slice(0, 4))
      .sort(([, a], [, b]) => b.localeCompare(a))
      .map(([text]) => text);
    expect(await texts(ann)).toEqual(expected);
    // Whichever side of 10:00 UTC the test runs, the late entry five years ago is on one side of the line only.
    expect(expected.includes("five years ago, late")).toBe(todayThere.slice(4, 10) !== md);
  });

  it("is empty for an account with no entries", async () => {
    expect(await bodyOf<unknown[]>(await ann.call("GET", "/on-this-day"), 200)).toEqual([]);
  });
});
