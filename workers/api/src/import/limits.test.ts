import { env } from "cloudflare:test";
import { EVENTS_MAX } from "@nook/shared/calendar/events";
import { IMPORT_CHUNK_BYTES } from "@nook/shared/import/limits";
import { EXPORT_EVENTS_MAX, EXPORT_LIST_MAX, NookExport } from "@nook/shared/user/export";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { calendarCall, DENTIST } from "../calendar/test-calls.ts";
import { bodyOf, count, errorBodyOf, resetDb, signedInUser } from "../test/helpers.ts";
import { userCall } from "../test/your-data.ts";
import { importInChunks, nookFile } from "./test-calls.ts";

// An account's own export imports back whole, however many rows of a kind it has: the API counts none of
// them per account (stacks, a stack's items, tags, metrics, people, checklists), and the import reads a
// file a chunk at a time, each chunk's lists far shorter than the lists' limit (user/limits.ts). These
// accounts are past what the import took before (1,000 stacks, 1,000 items a stack, 100,000 tags, 10,000
// metrics, 100,000 people and checklists). Events are the kind the API counts (EVENTS_MAX an account):
// an account at the most imports back whole, and no import passes it.

type User = Awaited<ReturnType<typeof signedInUser>>;

beforeEach(resetDb);

const exportOf = async (user: User) => bodyOf<NookExport>(await userCall(user, "GET", "/user/export"), 200);
const data = ({ exportedAt: _, profile: __, ...rest }: NookExport) => rest;
const AT = Date.UTC(2026, 2, 5, 12);

/** Rows 1…n, written straight into D1 as `insert` says (the API would take thousands of calls). */
async function fill(n: number, insert: string, ...binds: unknown[]) {
  await env.DB.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n}) ${insert}`)
    .bind(...binds)
    .run();
}

/** The account's export, imported into a fresh account, exports the same (the time and profile aside). */
async function roundTrip(user: User, fresh?: User) {
  const before = await exportOf(user);
  fresh ??= await signedInUser("Fresh");
  const res = await importInChunks(fresh.token, "format=nook", JSON.stringify(before));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(data(await exportOf(fresh))).toEqual(data(before));
  return before;
}

describe("an account past the import's old limits exports and imports back whole", () => {
  it("1,001 stacks, one of 3,001 items (more than one statement's); 100,001 tags; 10,001 metrics", {
    timeout: 180_000,
  }, async () => {
    const ann = await signedInUser("Ann");
    await fill(
      100_001,
      "INSERT INTO tags (user_id, name, use_count, last_used_at) SELECT ?1, 'tag ' || i, 0, NULL FROM n",
      ann.id,
    );
    await fill(10_001, "INSERT INTO metrics (user_id, name) SELECT ?1, 'metric ' || i FROM n", ann.id);
    await fill(
      1_001,
      "INSERT INTO stacks (user_id, name, icon, created_at) SELECT ?1, 'stack ' || i, '', ?2 FROM n",
      ann.id,
      AT,
    );
    const first = await env.DB.prepare("SELECT min(id) AS id FROM stacks WHERE user_id = ?")
      .bind(ann.id)
      .first<{ id: number }>();
    await fill(
      3_001,
      `INSERT INTO stack_items (user_id, stack_id, title, type, uptime_only, tags_sign, position, config, created_at)
        SELECT ?1, ?2, 'item ' || i, 'sum', 0, '&&', i,
          json_object('filter', json_array(json_object('name', 'tag ' || i, 'not', json('false'))), 'timeRange', NULL,
            'metricId', (SELECT id FROM metrics WHERE user_id = ?1 AND name = 'metric 1')), ?3 FROM n`,
      ann.id,
      first?.id,
      AT,
    );
    const before = await roundTrip(ann);
    expect([before.tags.length, before.metrics.length, before.stacks.length, before.stacks[0]?.items.length]).toEqual([
      100_001, 10_001, 1_001, 3_001,
    ]);
    expect(before.stacks[0]?.items[0]?.config.metric).toBe("metric 1");
  });

  it("100,001 people", { timeout: 180_000 }, async () => {
    const ann = await signedInUser("Ann");
    await fill(
      100_001,
      `INSERT INTO people (user_id, name, email, birth_date, birth_month_day, created_at, modified_at)
        SELECT ?1, 'Person ' || i, 'p' || i || '@example.org', '1990-03-05', '03-05', ?2, ?2 FROM n`,
      ann.id,
      AT,
    );
    expect((await roundTrip(ann)).people.length).toBe(100_001);
  });

  it("100,001 checklists", { timeout: 180_000 }, async () => {
    const ann = await signedInUser("Ann");
    await fill(
      100_001,
      `INSERT INTO steps (user_id, name, content, total_items, completed_items, counts_rule, deadline, created_at, modified_at)
        SELECT ?1, 'plan ' || i, '- [ ] step ' || i, 1, 0, 1, NULL, ?2, ?2 FROM n`,
      ann.id,
      AT,
    );
    expect((await roundTrip(ann)).checklists.length).toBe(100_001);
  });
});

describe("events, the kind an account keeps at most EVENTS_MAX of", () => {
  /** The user's events 1…EVENTS_MAX (less `fewer`): a weekly timed one, then an all-day one with a note, by turns. */
  const fillEvents = (user: User, title: string, fewer = 0) =>
    fill(
      EVENTS_MAX - fewer,
      `INSERT INTO events (user_id, title, note, date, "start", "end", "repeat", created_at, modified_at)
        SELECT ?1, ?2 || ' ' || i, CASE i % 2 WHEN 0 THEN 'note ' || i ELSE '' END, date('2026-01-01', '+' || i || ' days'),
          CASE i % 2 WHEN 1 THEN '09:00' END, CASE i % 2 WHEN 1 THEN '09:45' END,
          CASE i % 2 WHEN 1 THEN 'weekly' ELSE 'none' END, ?3, ?3 + i FROM n`,
      user.id,
      title,
      AT,
    );

  it(`${EVENTS_MAX.toLocaleString("en")}: imported back whole, then again as one copy, and the route keeps the limit`, {
    timeout: 180_000,
  }, async () => {
    const ann = await signedInUser("Ann");
    await fillEvents(ann, "event");
    const fresh = await signedInUser("Fresh");
    const before = await roundTrip(ann, fresh);
    expect(before.events.length).toBe(EVENTS_MAX);
    expect(before.events[0]).toEqual({
      title: "event 1",
      note: "",
      date: "2026-01-02",
      start: "09:00",
      end: "09:45",
      repeat: "weekly",
      createdAt: new Date(AT).toISOString(),
      modifiedAt: new Date(AT + 1).toISOString(),
    });
    const again = await importInChunks(fresh.token, "format=nook", JSON.stringify(before));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((again.body as { kinds: { events: unknown } }).kinds.events).toEqual({ added: 0, present: EVENTS_MAX });
    expect(await count("events", "user_id = ?", fresh.id)).toBe(EVENTS_MAX);
    const made = await calendarCall(fresh, "POST", "/events", DENTIST);
    expect(made.status).toBe(409);
    expect((await errorBodyOf(made)).code).toBe("calendar.eventsTooMany");
  });

  it("an import that would pass it is refused at the first event past it; its undo takes back what its chunks wrote", {
    timeout: 180_000,
  }, async () => {
    const ann = await signedInUser("Ann");
    await fillEvents(ann, "event");
    const file = JSON.stringify(await exportOf(ann));
    // Bob's one event of his own and Ann's 5,000: the last of hers is one too many.
    const bob = await signedInUser("Bob");
    await fillEvents(bob, "his own", EVENTS_MAX - 1);
    const res = await importInChunks(bob.token, "format=nook", file);
    expect(res.chunks).toBeGreaterThan(2);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "import.rowRefused",
      message: `events[${EVENTS_MAX - 1}]: An account keeps at most ${EVENTS_MAX} events`,
    });
    // The chunks before the refused one are written, never past the limit...
    const written = await count("events", "user_id = ?", bob.id);
    expect(written).toBeGreaterThan(1);
    expect(written).toBeLessThan(EVENTS_MAX);
    // ...and taken back, as the page offers.
    const undone = await userCall(bob, "DELETE", `/user/imports/${(res as { id: number }).id}?edited=remove`);
    expect(undone.status).toBe(200);
    expect(await count("events", "user_id = ?", bob.id)).toBe(1);
  });
});

describe("the lists' one limit", () => {
  it("is more rows of any kind than a chunk of a file can hold, tag and metric names too (events: theirs)", () => {
    // Each kind's shortest row as an export may write it (a valid one: the schema takes it), and its comma.
    const at = "2026-03-05T12:00Z";
    const shortest = {
      stacks: { name: "a", icon: "", createdAt: at, items: [] },
      people: { name: "a", email: "a@b.co", birthDate: "2000-01-01", tags: [], createdAt: at, modifiedAt: at },
      checklists: { name: "a", content: "", deadline: null, createdAt: at, modifiedAt: at },
      events: {
        title: "a",
        note: "",
        date: "2000-01-01",
        start: null,
        end: null,
        repeat: "none",
        createdAt: at,
        modifiedAt: at,
      },
      timers: {
        text: "",
        tags: [],
        initAt: at,
        startedAt: at,
        pausedAt: null,
        pausedTimeDiff: 0,
        goal: null,
        complete: false,
        modifiedAt: at,
      },
      donations: { chain: "btc", txId: "a", amount: "1", fromAddress: "", at, recordedAt: at },
      entries: { date: at, modifiedAt: at, text: "", tags: [], metrics: [] },
    };
    const item = {
      title: "a",
      type: "sum",
      uptimeOnly: false,
      tagsSign: "&&",
      position: 0,
      config: { filter: [{ name: "a", not: false }], timeRange: null, metric: null },
      createdAt: at,
    };
    const file = nookFile(
      {
        ...Object.fromEntries(Object.entries(shortest).map(([kind, row]) => [kind, [row]])),
        stacks: [{ ...shortest.stacks, items: [item] }],
      },
      at,
    );
    expect(v.safeParse(NookExport, file).issues).toBeUndefined();
    for (const [kind, row] of [...Object.entries(shortest), ["stack items", item] as const]) {
      const most = kind === "events" ? EXPORT_EVENTS_MAX : EXPORT_LIST_MAX;
      expect([kind, (JSON.stringify(row).length + 1) * most > IMPORT_CHUNK_BYTES]).toEqual([kind, true]);
    }
  });
});
