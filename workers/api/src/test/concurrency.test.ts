import { env, SELF } from "cloudflare:test";
import { csvChunks } from "@nook/shared/import/chunks";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createEntry, deleteEntry, updateEntry } from "../journal/entry-write.ts";
import { updatePerson } from "../people/people-store.ts";
import { peopleCall } from "../people/test-calls.ts";
import { openDb } from "../platform/db.ts";
import { isNotNullViolation } from "../platform/unique-violation.ts";
import { stackItems, stacks } from "../stacks/schema.ts";
import { completeTimer, resetTimer, startTimer, updateTimer } from "../timer/timer-store.ts";
import { bearer, count, dumpDb, errorBodyOf, ORIGIN, resetDb, send, signedInUser } from "./helpers.ts";

/**
 * Requests that arrive together (DESIGN §3: never a 5xx for anything a client
 * can send). Each test fires its requests at once (`Promise.all`); workerd
 * interleaves them at every await, as isolates do on D1. The loser of a race
 * gets 404 or 409, with nothing half-written.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const db = () => openDb(env.DB);
const iso = (ms: number) => new Date(ms).toISOString();
/** Rounds of each update-and-delete race: the journal's and the timer's, whose races were seen; half for the rest. */
const ROUNDS = 30;

/** The status counts of some answers, e.g. { 200: 1, 409: 19 }, every refusal checked as a whole error body. */
async function statuses(answers: Response[]): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  for (const res of answers) {
    out[res.status] = (out[res.status] ?? 0) + 1;
    if (res.status >= 400) await errorBodyOf(res);
    else await res.body?.cancel();
  }
  return out;
}

/** A call to any of the API's paths as Ann (`ann.call` reaches /api/journal only). */
const api = (method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api${path}`, body, { ...bearer(ann.token), Origin: ORIGIN });

function startBody(text = "deep work") {
  return { text, tags: ["focus"], initAt: iso(Date.now() - 60_000) };
}

describe("many at once", () => {
  it("100 parallel creates give exactly 100 entries, each with its tags, and the tags counted 100 times", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ann.call("POST", "/entries", {
          text: `entry ${i}`,
          tags: ["shared", `own-${i}`],
          metrics: [{ name: "n", value: i }],
        }),
      ),
    );
    const created = await Promise.all(answers.map((res) => res.json<{ id: number; text: string; tags: unknown[] }>()));
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(201));
    expect(new Set(created.map((e) => e.id)).size).toBe(100);
    // Each answer is its own entry, not a neighbour's (the batch names the new row by the newest id).
    for (const [i, e] of created.entries()) expect(e.text).toBe(`entry ${i}`);
    expect(await count("entries")).toBe(100);
    expect(await count("entry_tags")).toBe(200);
    expect(await count("entry_metrics")).toBe(100);
    expect(await count("tags", "name = 'shared'")).toBe(1);
    expect(await count("metrics", "name = 'n'")).toBe(1);
    const shared = await env.DB.prepare("SELECT use_count AS n FROM tags WHERE name = 'shared'").first<{ n: number }>();
    expect(shared?.n).toBe(100);
  });

  it("20 parallel timer starts give one timer: one 201, the others 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ann.call("POST", "/timer", startBody(`${i}`))),
    );
    expect(await statuses(answers)).toEqual({ 201: 1, 409: 19 });
    expect(await count("timers")).toBe(1);
    // The winner's tag links only, once.
    expect(await count("timer_tags")).toBe(1);
  });

  it("20 parallel saves of one timer give one journal entry: one 200, the others 409", async () => {
    const timer = await (await ann.call("POST", "/timer", startBody())).json<{ id: number; startedAt: string }>();
    const save = {
      id: timer.id,
      text: "deep work",
      tags: ["focus"],
      startedAt: timer.startedAt,
      pausedAt: iso(Date.now()),
      pausedTimeDiff: 0,
      complete: true,
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => ann.call("PUT", "/timer", save)));
    expect(await statuses(answers)).toEqual({ 200: 1, 409: 19 });
    expect(await count("entries")).toBe(1);
    expect(await count("entry_metrics")).toBe(1);
    expect(await count("timers", "complete = 1")).toBe(1);
  });

  it("20 parallel saves of one entry's edit leave that one entry, with its content", async () => {
    const entry = await (await ann.call("POST", "/entries", { text: "draft", tags: ["a"] })).json<{ id: number }>();
    const edit = { entryId: entry.id, text: "final", tags: ["a", "b"], metrics: [{ name: "mood", value: 4 }] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => ann.call("PUT", "/entries", edit)));
    expect(await statuses(answers)).toEqual({ 200: 20 });
    expect(await count("entries")).toBe(1);
    expect(await count("entry_tags")).toBe(2);
    expect(await count("entry_metrics")).toBe(1);
  });
});

/**
 * An update and a delete of one row at once, ROUNDS times, the order of the
 * two varied: the delete always lands, the update gets 200 (it went first) or
 * 404 (the row was gone), never 5xx, and no link or tag of the deleted row is
 * left behind.
 */
async function race(
  make: () => Promise<number>,
  update: (id: number) => Promise<Response>,
  remove: (id: number) => Promise<Response>,
  updateMay: number[] = [200, 404],
  rounds = ROUNDS,
) {
  const seen: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    const id = await make();
    const both =
      round % 2 === 0
        ? await Promise.all([update(id), remove(id)])
        : (await Promise.all([remove(id), update(id)])).reverse();
    const [put, del] = both as [Response, Response];
    const key = `${put.status}/${del.status}`;
    seen[key] = (seen[key] ?? 0) + 1;
    expect(updateMay, `round ${round}: ${key} ${await put.clone().text()}`).toContain(put.status);
    expect(del.status, `round ${round}: ${key} ${await del.clone().text()}`).toBe(200);
    await statuses([put, del]);
  }
  return seen;
}

describe("an update racing a delete of the same row: 200 or 404, never 5xx", () => {
  it("journal entries", async () => {
    await race(
      async () =>
        (
          await (
            await ann.call("POST", "/entries", { text: "x", tags: ["a", "b"], metrics: [{ name: "m", value: 1 }] })
          ).json<{ id: number }>()
        ).id,
      (id) =>
        ann.call("PUT", "/entries", { entryId: id, text: "y", tags: ["b", "c"], metrics: [{ name: "m", value: 2 }] }),
      (id) => ann.call("DELETE", "/entries", { entryId: id }),
    );
    expect(await count("entries")).toBe(0);
    expect(await count("entry_tags")).toBe(0);
    expect(await count("entry_metrics")).toBe(0);
    // Every tag's count is recounted from the links, which are gone.
    expect(await count("tags", "use_count <> 0")).toBe(0);
  });

  it("the timer: an edit, and a save, racing a reset", async () => {
    const make = async () => (await (await ann.call("POST", "/timer", startBody())).json<{ id: number }>()).id;
    const body = (id: number, complete: boolean) => ({
      id,
      text: "y",
      tags: ["focus", "deep"],
      startedAt: iso(Date.now() - 60_000),
      pausedAt: iso(Date.now()),
      pausedTimeDiff: 0,
      complete,
    });
    const reset = (id: number) => ann.call("DELETE", "/timer", { id });
    await race(make, (id) => ann.call("PUT", "/timer", body(id, false)), reset);
    expect(await count("timers")).toBe(0);
    expect(await count("timer_tags")).toBe(0);
    // A save that wins keeps its timer (a saved timer cannot be reset: 404); one that loses writes no entry.
    const seen: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const id = await make();
      const [save, del] = await Promise.all([ann.call("PUT", "/timer", body(id, true)), reset(id)]);
      const key = `${save.status}/${del.status}`;
      seen[key] = (seen[key] ?? 0) + 1;
      expect(["200/404", "404/200"], `round ${round}: ${await save.clone().text()}`).toContain(key);
      await statuses([save, del]);
      await env.DB.prepare("DELETE FROM timers").run();
    }
    expect(await count("entries")).toBe(seen["200/404"] ?? 0);
  });

  it("people", async () => {
    await race(
      async () =>
        (
          await (
            await peopleCall(ann, "POST", "", {
              name: "Ada",
              email: "ada@example.org",
              birthDate: "1990-01-02",
              tags: ["ada"],
            })
          ).json<{ id: number }>()
        ).id,
      (id) =>
        peopleCall(ann, "PUT", `/${id}`, {
          id,
          name: "Ada L.",
          email: "ada@example.org",
          birthDate: "1990-01-02",
          tagIdsToRemove: [],
          tagNamesToAdd: ["math", "ada"],
        }),
      (id) => peopleCall(ann, "DELETE", `/${id}`),
      undefined,
      ROUNDS / 2,
    );
    expect(await count("people")).toBe(0);
    expect(await count("person_tags")).toBe(0);
  });

  it("steps", async () => {
    await race(
      async () => (await (await api("POST", "/steps", { name: "plan" })).json<{ data: { id: number } }>()).data.id,
      (id) => api("PUT", `/steps/${id}`, { id, name: "plan", content: "- [x] one" }),
      (id) => api("DELETE", `/steps/${id}`),
      undefined,
      ROUNDS / 2,
    );
    expect(await count("steps")).toBe(0);
  });

  it("stacks, and their items", async () => {
    const stack = async () =>
      (await (await ann.call("POST", "/stacks", { name: "s", icon: "★" })).json<{ id: number }>()).id;
    await race(
      stack,
      (id) => ann.call("PUT", `/stacks/${id}`, { name: "t" }),
      (id) => ann.call("DELETE", `/stacks/${id}`),
      undefined,
      ROUNDS / 2,
    );
    const item = (stackId: number) => ({ stackId, title: "n", type: "sum", config: { filter: [{ name: "a" }] } });
    const holder = await stack();
    await race(
      async () => (await (await ann.call("POST", "/stack-items", item(holder))).json<{ id: number }>()).id,
      (id) => ann.call("PUT", `/stack-items/${id}`, { title: "m" }),
      (id) => ann.call("DELETE", `/stack-items/${id}`),
      undefined,
      ROUNDS / 2,
    );
    // An item added to a stack being deleted: 201 (then deleted with it) or 404, never 5xx.
    await race(
      stack,
      (id) => ann.call("POST", "/stack-items", item(id)),
      (id) => ann.call("DELETE", `/stacks/${id}`),
      [201, 404],
      ROUNDS / 2,
    );
    expect(await count("stacks")).toBe(1);
    expect(await count("stack_items")).toBe(0);
  });
});

/**
 * The same races, made certain: the row is deleted between the route's check
 * and its write (what the parallel rounds above hit now and then). The write
 * reports it (false, the route's 404) and changes nothing — no link to a
 * missing row (a constraint failure, once a 500), no new tag, no entry.
 */
describe("a write whose row was deleted after the route's check writes nothing", () => {
  const content = (tags: string[]) => ({ text: "y", tags, metrics: [{ name: "fresh", value: 1 }], date: Date.now() });

  it("an entry's update", async () => {
    const { id } = await createEntry(db(), ann.id, content(["a"]));
    expect(await deleteEntry(db(), ann.id, id, ["a"])).toBe(true);
    const before = await dumpDb();
    expect(await updateEntry(db(), ann.id, id, ["a"], content(["a", "new-tag"]))).toBe(false);
    expect(await dumpDb()).toEqual(before);
    expect(await deleteEntry(db(), ann.id, id, ["a"])).toBe(false);
  });

  it("a timer's edit and its save", async () => {
    const timer = {
      text: "t",
      tags: ["focus"],
      startedAt: Date.now() - 60_000,
      pausedAt: null,
      pausedTimeDiff: 0,
      goal: null,
    };
    for (const write of [
      (id: number) => updateTimer(db(), ann.id, id, { ...timer, tags: ["focus", "new-tag"] }),
      (id: number) => completeTimer(db(), ann.id, id, { ...timer, tags: [] }, Date.now()),
      (id: number) => completeTimer(db(), ann.id, id, { ...timer, tags: ["focus", "new-tag"] }, Date.now()),
    ]) {
      // An entry before, which a save whose timer is gone must not take for its own (the newest).
      await createEntry(db(), ann.id, content(["older"]));
      const { id } = await startTimer(db(), ann.id, { ...timer, initAt: timer.startedAt });
      expect(await resetTimer(db(), ann.id, id)).toBe(id);
      const before = await dumpDb();
      expect(await write(id)).toBeNull();
      expect(await dumpDb()).toEqual(before);
    }
  });

  it("a person's update", async () => {
    const res = await peopleCall(ann, "POST", "", {
      name: "Ada",
      email: "ada@example.org",
      birthDate: "1990-01-02",
      tags: ["ada"],
    });
    const { id } = await res.json<{ id: number }>();
    expect((await peopleCall(ann, "DELETE", `/${id}`)).status).toBe(200);
    const before = await dumpDb();
    const diff = {
      name: "B",
      email: "ada@example.org",
      birthDate: "1990-01-02",
      rename: true,
      tagIdsToRemove: [1],
      tagNamesToAdd: ["x"],
    };
    expect(await updatePerson(db(), ann.id, id, diff)).toBe(false);
    expect(await dumpDb()).toEqual(before);
  });

  it("an item added to a stack that is gone is refused by its insert itself (a null stack_id), which the route answers 404", async () => {
    const stack = await (await ann.call("POST", "/stacks", { name: "s", icon: "★" })).json<{ id: number }>();
    expect((await ann.call("DELETE", `/stacks/${stack.id}`)).status).toBe(200);
    const before = await dumpDb();
    // The insert takes its stack_id from the user's stacks, in the same statement: none left to slip past.
    const insert = db()
      .insert(stackItems)
      .values({
        userId: ann.id,
        stackId: sql<number>`(SELECT ${stacks.id} FROM ${stacks} WHERE ${stacks.id} = ${stack.id} AND ${stacks.userId} = ${ann.id})`,
        title: "n",
        type: "sum",
        config: { filter: [], timeRange: null, metricId: null },
        createdAt: 0,
      })
      .run();
    const refused = await insert.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isNotNullViolation(refused, "stack_items.stack_id")).toBe(true);
    expect(isNotNullViolation(refused, "stack_items.title")).toBe(false);
    expect(isNotNullViolation(new Error("UNIQUE constraint failed: tags.user_id, tags.name"), "tags.name")).toBe(false);
    const res = await send(
      "POST",
      `${ORIGIN}/api/journal/stack-items`,
      { stackId: stack.id, title: "n", type: "sum", config: { filter: [{ name: "a" }] } },
      { ...bearer(ann.token), Origin: ORIGIN, "Idempotency-Key": "item-1" },
    );
    expect(res.status).toBe(404);
    expect(await errorBodyOf(res)).toMatchObject({ code: "stacks.stackNotFound" });
    // Nothing written, the key neither.
    expect(await dumpDb()).toEqual(before);
  });
});

describe("an import in chunks, raced", () => {
  const DAYS = Array.from(
    { length: 40 },
    (_, i) => `2025-03-${String((i % 28) + 1).padStart(2, "0")},x,x,0${i % 10}:00,good,walk,,day ${i}`,
  );
  const FILE = ["full_date,date,weekday,time,mood,activities,note_title,note", ...DAYS].join("\n");
  const chunksOf = () => {
    const cut = csvChunks(FILE, 400);
    if (!cut.ok) throw new Error("the file is cut");
    return cut.chunks;
  };
  const begin = async (chunks: number, hash = "c".repeat(64)) =>
    api("POST", "/user/imports", { format: "daylio", fileHash: hash, chunks });
  const fetchChunk = (id: number, n: number, chunk: { body: string; line: number }) =>
    SELF.fetch(`${ORIGIN}/api/user/imports/${id}/chunks/${n}?line=${chunk.line}`, {
      method: "PUT",
      headers: { ...bearer(ann.token), Origin: ORIGIN, "Content-Type": "text/csv" },
      body: chunk.body,
    });

  it("every chunk sent five times at once: each written once, 201 once and 200 (replayed) or 409 (its turn not come) else", async () => {
    const chunks = chunksOf();
    expect(chunks.length).toBeGreaterThan(4);
    const run = await (await begin(chunks.length)).json<{ id: number }>();
    for (const [n, chunk] of chunks.entries()) {
      const answers = await Promise.all(Array.from({ length: 5 }, () => fetchChunk(run.id, n, chunk)));
      const seen = await statuses(answers);
      expect(seen[201]).toBe(1);
      expect((seen[200] ?? 0) + (seen[409] ?? 0)).toBe(4);
    }
    expect(await count("entries")).toBe(40);
    expect(await count("import_chunks")).toBe(chunks.length);
  });

  it("chunks sent all at once, out of order, then again in order: one copy, never a 5xx", async () => {
    const chunks = chunksOf();
    const run = await (await begin(chunks.length)).json<{ id: number }>();
    const first = await statuses(await Promise.all(chunks.map((c, n) => fetchChunk(run.id, n, c))));
    expect(Object.keys(first).every((s) => Number(s) < 500)).toBe(true);
    for (const [n, chunk] of chunks.entries())
      expect([200, 201]).toContain((await fetchChunk(run.id, n, chunk)).status);
    expect(await count("entries")).toBe(40);
  });

  it("an undo racing the chunks: no chunk lands after it, and nothing of the run is left", async () => {
    const chunks = chunksOf();
    const run = await (await begin(chunks.length)).json<{ id: number }>();
    await fetchChunk(run.id, 0, chunks[0] ?? { body: "", line: 2 });
    const [undo, ...rest] = await Promise.all([
      api("DELETE", `/user/imports/${run.id}?edited=remove`),
      ...chunks.slice(1).map((c, i) => fetchChunk(run.id, i + 1, c)),
    ]);
    expect(undo?.status).toBe(200);
    const seen = await statuses(rest);
    expect(Object.keys(seen).every((s) => Number(s) < 500)).toBe(true);
    // A chunk that got in before the undo's mark is removed by it (or by the undo asked again).
    let more = (await undo?.json<{ more: boolean }>())?.more;
    while (more) more = (await (await api("DELETE", `/user/imports/${run.id}`)).json<{ more: boolean }>()).more;
    await api("DELETE", `/user/imports/${run.id}`);
    expect(await count("entries")).toBe(0);
  });

  it("twenty begins of one file at once: one run", async () => {
    const seen = await statuses(await Promise.all(Array.from({ length: 20 }, () => begin(3))));
    expect(seen[201]).toBe(1);
    expect((seen[200] ?? 0) + (seen[409] ?? 0)).toBe(19);
    expect(await count("imports")).toBe(1);
  });
});
