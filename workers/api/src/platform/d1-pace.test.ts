import { env } from "cloudflare:test";
import { NAMES_PART_ENTRIES } from "@nook/shared/journal/limits";
import { EXPORT_PAGE_ROWS } from "@nook/shared/user/limits";
import { beforeEach, describe, expect, it } from "vitest";
import { PART_ROWS } from "../auth/delete-account.ts";
import { busyShare, type Trip, tripsOf } from "../test/d1-trips.ts";
import { AUTH, bearer, count, PASSWORD, resetDb, send, signedInUser } from "../test/helpers.ts";

// Heavy work leaves D1 to others (platform/d1-pace.ts): D1 runs one query at a time, so an undo, a deletion,
// a merge's parts or an export that sent its statements back to back would hold it the whole time it runs.
// Each rests after its trips as long as they took: of the time from its first trip to its last, D1 is busy
// with it about half, where back to back it would be nearly all of it. (`npm run bench -- limits` measures what a
// neighbour's page then waits.)

/**
 * D1's most share of heavy work's time: resting, the work measured 0.32–0.49 here; back to back (the rests
 * taken out) 0.65–0.95, the export the least (the test reading its answer between pages).
 */
const BUSY_MAX = 0.6;
const ENTRIES = 3 * Math.max(NAMES_PART_ENTRIES, EXPORT_PAGE_ROWS, PART_ROWS) + 100;
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let run: number;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  run = (await env.DB.prepare(
    `INSERT INTO imports (user_id, format, state, file_hash, started_at, updated_at, finished_at)
      VALUES (?1, 'nook', 'done', 'x', ?2, ?2, ?2) RETURNING id`,
  )
    .bind(ann.id, Date.now())
    .first<{ id: number }>())!.id;
  // Ann's own entries with a tag, and as many that the run wrote (its mark: written by it, not edited since).
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${2 * ENTRIES})
      INSERT INTO entries (user_id, text, date, modified_at, fingerprint, import_id, import_mark)
      SELECT ?1, 'day ' || i, i * 60000, 1, 'f' || i, CASE WHEN i > ${ENTRIES} THEN ?2 END,
        CASE WHEN i > ${ENTRIES} THEN 1 END FROM n`,
  )
    .bind(ann.id, run)
    .run();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO tags (user_id, name) VALUES (?1, 'smoke'), (?1, 'coffee')").bind(ann.id),
    env.DB.prepare(
      `INSERT INTO entry_tags (entry_id, tag_id) SELECT e.id, (SELECT id FROM tags WHERE user_id = ?1 AND name = 'smoke')
        FROM entries e WHERE e.user_id = ?1 AND e.import_id IS NULL`,
    ).bind(ann.id),
    env.DB.prepare("UPDATE tags SET use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id)"),
  ]);
});

/** The trips of a request and of every part after it, while its answer says `more`: a list a part. */
async function tripsInParts(ask: () => Promise<Response>): Promise<Trip[][]> {
  const parts: Trip[][] = [];
  for (let part = 0; part < 50; part++) {
    let answer: Record<string, unknown> = {};
    parts.push(
      await tripsOf(async () => {
        const res = await ask();
        expect(res.status).toBe(200);
        answer = await res.json();
      }),
    );
    if (answer.more !== true) return parts;
  }
  throw new Error("still more after 50 parts");
}

/** D1's share of the parts' time: each part from its first trip to its last (the time between is the client's). */
function busyOver(parts: Trip[][]) {
  const span = (trips: Trip[]) => Math.max(...trips.map((t) => t.end)) - Math.min(...trips.map((t) => t.start));
  const busy = parts.flat().reduce((ms, t) => ms + (t.end - t.start), 0);
  return busy / parts.reduce((ms, trips) => ms + span(trips), 0);
}

describe("heavy work rests as long as its trips took", () => {
  it("the undo of a run", async () => {
    const parts = await tripsInParts(() =>
      send("DELETE", `${AUTH}/api/user/imports/${run}?edited=remove`, undefined, bearer(ann.token)),
    );
    expect(await count("entries", "user_id = ? AND import_id = ?", ann.id, run)).toBe(0);
    expect(await count("entries", "user_id = ?", ann.id)).toBe(ENTRIES);
    expect(parts.flat().length).toBeGreaterThan(ENTRIES / 500);
    expect(busyOver(parts)).toBeLessThan(BUSY_MAX);
  });

  it("a merge in parts", async () => {
    const smoke = await env.DB.prepare("SELECT id FROM tags WHERE user_id = ? AND name = 'smoke'")
      .bind(ann.id)
      .first<number>("id");
    const parts = await tripsInParts(() => ann.call("PUT", `/tags/${smoke}`, { name: "coffee", merge: true }));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(await count("entry_tags", "tag_id = ?", smoke)).toBe(0);
    expect(busyOver(parts)).toBeLessThan(BUSY_MAX);
  });

  it("an account's deletion", async () => {
    const trips = await tripsOf(async () => {
      const res = await send("DELETE", `${AUTH}/api/user/account`, { password: PASSWORD }, bearer(ann.token));
      expect(res.status).toBe(200);
    });
    expect(await count("entries", "user_id = ?", ann.id)).toBe(0);
    expect(busyShare(trips)).toBeLessThan(BUSY_MAX);
  });

  it("an export, read whole", async () => {
    const trips = await tripsOf(async () => {
      const res = await send("GET", `${AUTH}/api/user/export`, undefined, bearer(ann.token));
      expect(res.status).toBe(200);
      const file = (await res.json()) as { entries: unknown[] };
      expect(file.entries).toHaveLength(2 * ENTRIES);
    });
    expect(trips.length).toBeGreaterThan((2 * ENTRIES) / EXPORT_PAGE_ROWS);
    expect(busyShare(trips)).toBeLessThan(BUSY_MAX);
  });
});
