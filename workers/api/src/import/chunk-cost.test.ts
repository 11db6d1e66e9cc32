import { IMPORT_CHUNK_BYTES } from "@nook/shared/import/limits";
import { ENTRY_TAGS_MAX } from "@nook/shared/journal/limits";
import { describe, expect, it } from "vitest";
import type { D1Time } from "../platform/d1-timing.ts";
import { count, resetDb, signedInUser } from "../test/helpers.ts";
import { importInChunks, nookFile } from "./test-calls.ts";

// D1 runs one query at a time: a chunk's write holds every account of the database while it runs. A chunk
// costs what its rows and links cost, whatever their shape: each chunk below is as large as a chunk may be
// (IMPORT_CHUNK_BYTES), of the shapes that cost most if the tags' use counts are counted again over the
// chunk's entries once for each tag (a chunk of a single-day Loop file with 10,000 habits: over a minute).
// The bound is D1's own time (`meta.duration`, summed over every statement of the request: d1-timing.ts).

/** The most a chunk may hold D1, in ms, all its statements together. */
const CHUNK_MS = 1_000;
/** The most one statement may hold it. */
const STATEMENT_MS = 250;

/**
 * Imports `file` into a fresh account and checks each chunk's time against the bounds; the figures go to
 * the log. D1's time on a busy machine counts the other processes' turns too (the suite runs three files
 * at a time on two cores): a chunk past the bounds is measured again, up to three times in all, and the
 * least of its times is what is held to them, as a benchmark takes its least run.
 */
async function withinBounds(shape: string, query: string, file: string, check: () => Promise<void>) {
  let least: D1Time[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await resetDb();
    const ann = await signedInUser("Ann");
    const res = await importInChunks(ann.token, query, file);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await check();
    const times = res.times ?? [];
    expect(times.length).toBeGreaterThan(0);
    expect(
      times.every((t) => t !== null),
      "every answer says its time in D1",
    ).toBe(true);
    least = (times as D1Time[]).map((t, i) => {
      const before = least[i];
      return before && before.total <= t.total ? before : t;
    });
    if (least.every((t) => t.total < CHUNK_MS && t.longest < STATEMENT_MS)) break;
  }
  for (const t of least) {
    console.log(
      `${shape}: ${t.total.toFixed(0)} ms in D1 over ${t.statements} statements, the longest ${t.longest.toFixed(0)} ms`,
    );
    expect(t.total).toBeLessThan(CHUNK_MS);
    expect(t.longest).toBeLessThan(STATEMENT_MS);
  }
}

/** As many as fit a chunk: `size(n)` the bytes of n. */
function mostThatFit(size: (n: number) => number) {
  let n = 1;
  while (size(n * 2) <= IMPORT_CHUNK_BYTES) n *= 2;
  for (let step = n / 2; step >= 1; step /= 2) if (size(n + step) <= IMPORT_CHUNK_BYTES) n += step;
  return n;
}

const utf8 = (s: string) => new TextEncoder().encode(s).length;

/** Loop's Checkmarks.csv of one day, each of `habits` checked: an entry a habit, each with its own new tag. */
const loopDay = (habits: number) => {
  const names = Array.from({ length: habits }, (_, i) => `h${i}`);
  return `Date,${names.join(",")},\n2026-03-01,${names.map(() => "YES_MANUAL").join(",")},\n`;
};

/** A Nook file of `n` entries, each with `tags` tags of its own. */
const nookEntries = (n: number, tags: number) =>
  JSON.stringify(
    nookFile({
      entries: Array.from({ length: n }, (_, i) => ({
        date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        text: "",
        tags: Array.from({ length: tags }, (_, j) => `t${i}-${j}`),
        metrics: [],
        modifiedAt: "2026-03-01T00:00:00.000Z",
      })),
    }),
  );

describe("a chunk holds D1 for what its rows cost", () => {
  it("a single-day Loop chunk with a new tag a habit", async () => {
    const habits = mostThatFit((n) => utf8(loopDay(n)));
    expect(habits).toBeGreaterThan(13_000);
    await withinBounds(`Loop, one day of ${habits} habits`, "format=loop", loopDay(habits), async () => {
      expect(await count("entries")).toBe(habits);
      expect(await count("tags")).toBe(habits);
    });
  });

  it("a Nook chunk of entries, each with its own tag", async () => {
    await withinBounds("Nook, 2,000 entries with a new tag each", "format=nook", nookEntries(2_000, 1), async () => {
      expect(await count("entry_tags")).toBe(2_000);
      // Each tag's use count and last use, as the journal's own writes keep them.
      const wrong = await count(
        "tags",
        `use_count != 1 OR last_used_at IS NOT (SELECT e.date FROM entry_tags et JOIN entries e ON e.id = et.entry_id
          WHERE et.tag_id = tags.id)`,
      );
      expect(wrong).toBe(0);
    });
  });

  it("Nook chunks of entries, each with the most tags of its own", async () => {
    const n = mostThatFit((n) => utf8(nookEntries(n, ENTRY_TAGS_MAX)));
    await withinBounds(
      `Nook, ${n} entries with ${ENTRY_TAGS_MAX} new tags each`,
      "format=nook",
      nookEntries(n, ENTRY_TAGS_MAX),
      async () => {
        expect(await count("entry_tags")).toBe(n * ENTRY_TAGS_MAX);
        expect(await count("tags")).toBe(n * ENTRY_TAGS_MAX);
      },
    );
  });
});
