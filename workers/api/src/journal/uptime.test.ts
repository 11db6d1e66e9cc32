import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import { createUser, resetDb } from "../test/helpers.ts";
import { createEntry, deleteEntry, updateEntry } from "./entry-write.ts";
import { EVER, refreshUptime } from "./uptime.ts";

// The sleep columns (uptime.ts) against DESIGN §5 read literally: a sleep runs from each down to the next
// down/up entry; an entry is asleep when the latest down/up entry before it is a down and it is no up itself;
// its awake time is its date less the sleep before it. Writes go through the journal's own write functions.

const HOUR = 3_600_000;
const T0 = Date.parse("2026-03-01T00:00:00Z");
const db = () => openDb(env.DB);

interface Live {
  id: number;
  date: number;
  tags: string[];
}
interface Columns {
  id: number;
  asleep: number;
  asleepAfter: number;
  awakeAt: number;
}

const byDateId = (a: Live, b: Live) => a.date - b.date || a.id - b.id;
const marks = (e: Live) => e.tags.includes("down") || e.tags.includes("up");
/** A down/up entry that is no up: a sleep starts (or goes on) there. */
const sleepsFrom = (e: Live) => !e.tags.includes("up");

/** What the columns should say, from the definition (no running state). */
function expected(list: Live[]): Columns[] {
  const sorted = [...list].sort(byDateId);
  const markers = sorted.filter(marks);
  const nights = markers.flatMap((m, i) =>
    sleepsFrom(m) ? [{ from: m.date, to: markers[i + 1]?.date ?? Number.POSITIVE_INFINITY }] : [],
  );
  return sorted.map((e) => {
    const before = markers.filter((m) => byDateId(m, e) < 0).at(-1);
    const upTo = markers.filter((m) => byDateId(m, e) <= 0).at(-1);
    let slept = 0;
    for (const n of nights) slept += Math.max(0, Math.min(n.to, e.date) - n.from);
    return {
      id: e.id,
      asleep: Number(before !== undefined && sleepsFrom(before) && !e.tags.includes("up")),
      asleepAfter: Number(upTo !== undefined && sleepsFrom(upTo)),
      awakeAt: e.date - slept,
    };
  });
}

async function stored(userId: number) {
  const { results } = await env.DB.prepare(
    `SELECT id, date, asleep, asleep_after AS asleepAfter, awake_at AS awakeAt FROM entries
     WHERE user_id = ? ORDER BY date, id`,
  )
    .bind(userId)
    .all<Columns & { date: number }>();
  return results;
}

async function staleSince(userId: number): Promise<number | null> {
  const row = await env.DB.prepare("SELECT since FROM uptime_stale WHERE user_id = ?")
    .bind(userId)
    .first<{ since: number }>();
  return row?.since ?? null;
}

/**
 * The invariant between reads: every entry before the user's stale mark (all of them when there is none)
 * holds its true columns. After a refresh there is no mark.
 */
async function expectCurrent(userId: number, list: Live[]) {
  const since = (await staleSince(userId)) ?? Number.POSITIVE_INFINITY;
  const want = new Map(expected(list).map((c) => [c.id, c]));
  const rows = await stored(userId);
  expect(rows.map((r) => r.id).sort()).toEqual(list.map((e) => e.id).sort());
  for (const { date, ...row } of rows) if (date < since) expect(row, `entry ${row.id}`).toEqual(want.get(row.id));
}

async function write(userId: number, date: number, tags: string[]): Promise<Live> {
  const { id } = await createEntry(db(), userId, { text: "", tags, metrics: [], date });
  return { id, date, tags };
}

let ann: number;
let bob: number;
beforeEach(async () => {
  await resetDb();
  ann = (await createUser("Ann")).id;
  bob = (await createUser("Bob")).id;
});

describe("the sleep columns", () => {
  it("follow random writes, moves and deletes through the journal's write functions", {
    timeout: 120_000,
  }, async () => {
    // Hours over four days (many ties), tags that mark sleep or not.
    const at = fc.integer({ min: 0, max: 96 }).map((h) => T0 + h * HOUR);
    const tags = fc.subarray(["a", "down", "up"]);
    const op = fc.oneof(
      { weight: 4, arbitrary: fc.record({ kind: fc.constant("create" as const), at, tags }) },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant("update" as const),
          pick: fc.nat(),
          at: fc.option(at, { freq: 2 }),
          tags,
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("refresh" as const) }) },
    );
    // Bob's nights never reach Ann's columns, nor Ann's writes his.
    const bobs = [await write(bob, T0 + 2 * HOUR, ["down"]), await write(bob, T0 + 30 * HOUR, ["up", "a"])];
    await refreshUptime(db(), bob);

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 30, size: "max" }), async (ops) => {
        await env.DB.prepare("DELETE FROM entries WHERE user_id = ?").bind(ann).run();
        await refreshUptime(db(), ann);
        const live: Live[] = [];
        for (const o of ops) {
          if (o.kind === "create") live.push(await write(ann, o.at, o.tags));
          else if (o.kind === "refresh") await refreshUptime(db(), ann);
          else if (live.length) {
            const i = o.pick % live.length;
            const e = live[i] as Live;
            if (o.kind === "delete") {
              await deleteEntry(db(), ann, e.id, e.tags);
              live.splice(i, 1);
            } else {
              const date = o.at ?? e.date;
              await updateEntry(db(), ann, e.id, e.tags, { text: "", tags: o.tags, metrics: [], date });
              live[i] = { id: e.id, date, tags: o.tags };
            }
          }
          await expectCurrent(ann, live);
        }
        await refreshUptime(db(), ann);
        expect(await staleSince(ann)).toBeNull();
        await expectCurrent(ann, live);
        await expectCurrent(bob, bobs);
        expect(await staleSince(bob)).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it("let a plain entry take its state at once, wherever it is written; only down/up writes mark stale", async () => {
    const down = await write(ann, T0, ["down"]);
    const up = await write(ann, T0 + 8 * HOUR, ["up"]);
    expect(await staleSince(ann)).toBe(T0);
    expect(await refreshUptime(db(), ann)).toBe(2);
    const later = await write(ann, T0 + 10 * HOUR, ["a"]);
    const inNight = await write(ann, T0 + 3 * HOUR, ["a"]);
    const before = await write(ann, T0 - HOUR, ["a"]);
    expect(await staleSince(ann)).toBeNull();
    await expectCurrent(ann, [down, up, later, inNight, before]);
    expect((await stored(ann)).find((r) => r.id === inNight.id)).toMatchObject({ asleep: 1, awakeAt: T0 });
    expect((await stored(ann)).find((r) => r.id === later.id)).toMatchObject({ asleep: 0, awakeAt: T0 + 2 * HOUR });

    // Moving a plain entry out of the night needs no refresh either.
    await updateEntry(db(), ann, inNight.id, ["a"], { text: "", tags: ["a"], metrics: [], date: T0 + 9 * HOUR });
    expect(await staleSince(ann)).toBeNull();
    await expectCurrent(ann, [down, up, later, { ...inNight, date: T0 + 9 * HOUR }, before]);
  });

  it("recompute only from the earliest down/up write on", async () => {
    const list: Live[] = [];
    for (let h = 0; h < 48; h++) list.push(await write(ann, T0 + h * HOUR, h % 24 === 23 ? ["down"] : ["a"]));
    await refreshUptime(db(), ann);
    // Tonight's up, then another entry: two entries from the up on are recomputed, not the day before.
    list.push(await write(ann, T0 + 55 * HOUR, ["up"]), await write(ann, T0 + 56 * HOUR, ["a"]));
    expect(await staleSince(ann)).toBe(T0 + 55 * HOUR);
    expect(await refreshUptime(db(), ann)).toBe(2);
    await expectCurrent(ann, list);
    // Removing the first night's down: everything from it on.
    await deleteEntry(db(), ann, (list[23] as Live).id, ["down"]);
    list.splice(23, 1);
    expect(await staleSince(ann)).toBe(T0 + 23 * HOUR);
    expect(await refreshUptime(db(), ann)).toBe(list.length - 23);
    await expectCurrent(ann, list);
    expect(await refreshUptime(db(), ann)).toBe(0);
  });

  it("start over when a tag becomes, or stops being, down or up", async () => {
    const list = [
      await write(ann, T0, ["sleep"]),
      await write(ann, T0 + HOUR, ["a"]),
      await write(ann, T0 + 5 * HOUR, ["up"]),
    ];
    await refreshUptime(db(), ann);
    await env.DB.prepare("UPDATE tags SET name = 'down' WHERE user_id = ? AND name = 'sleep'").bind(ann).run();
    expect(await staleSince(ann)).toBe(EVER);
    await refreshUptime(db(), ann);
    const renamed = list.map((e) => ({ ...e, tags: e.tags.map((t) => (t === "sleep" ? "down" : t)) }));
    await expectCurrent(ann, renamed);
    expect((await stored(ann))[1]).toMatchObject({ asleep: 1 });

    await env.DB.prepare("DELETE FROM tags WHERE user_id = ? AND name = 'down'").bind(ann).run();
    expect(await staleSince(ann)).toBe(EVER);
    await refreshUptime(db(), ann);
    await expectCurrent(
      ann,
      list.map((e) => ({ ...e, tags: e.tags.filter((t) => t !== "sleep") })),
    );
  });
});
