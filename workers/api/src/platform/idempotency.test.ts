import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../index.ts";
import { count, dumpDb, errorBodyOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { IDEMPOTENCY_TTL_MS, IN_FLIGHT_STALE_MS } from "./idempotency.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

const KEY = "6f1c2d7e-3b4a-4c5d-9e8f-0a1b2c3d4e5f";
const ENTRY = { text: "tea on the underground", tags: ["tea"], metrics: [{ name: "cups", value: 1 }] };

/** A JSON call to /api/journal as `user` (none: signed out), with an Idempotency-Key when one is given. */
function send(user: User | null, method: string, path: string, body: unknown, key?: string) {
  return SELF.fetch(`${ORIGIN}/api/journal${path}`, {
    method,
    headers: {
      ...(user ? { Authorization: `Bearer ${user.token}` } : {}),
      Origin: ORIGIN,
      "Content-Type": "application/json",
      ...(key === undefined ? {} : { "Idempotency-Key": key }),
    },
    body: JSON.stringify(body),
  });
}

/** Status, body text and the replay header of an answer. */
async function answer(res: Response) {
  return { status: res.status, body: await res.text(), replayed: res.headers.get("Idempotent-Replayed") };
}

const entriesOf = (user: User) => count("entries", "user_id = ?", user.id);

async function startTimer(user: User) {
  const res = await send(user, "POST", "/timer", {
    text: "deep work",
    tags: ["focus"],
    initAt: "2026-03-05T08:00:00.000Z",
  });
  expect(res.status).toBe(201);
  return res.json<{ id: number }>();
}
const save = (id: number) => ({
  id,
  text: "deep work",
  tags: ["focus"],
  startedAt: "2026-03-05T08:00:00.000Z",
  pausedAt: "2026-03-05T09:00:00.000Z",
  pausedTimeDiff: 600_000,
  complete: true,
});

describe("Idempotency-Key on POST /api/journal/entries", () => {
  it("the same POST twice with one key writes one entry; the second gets the first answer, marked replayed", async () => {
    const first = await answer(await send(ann, "POST", "/entries", ENTRY, KEY));
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    expect(JSON.parse(first.body)).toMatchObject({ text: ENTRY.text, tags: [{ name: "tea" }] });
    const second = await answer(await send(ann, "POST", "/entries", ENTRY, KEY));
    expect(second).toEqual({ status: 201, body: first.body, replayed: "true" });
    expect(await entriesOf(ann)).toBe(1);
    expect(await count("idempotency_keys")).toBe(1);
  });

  it("20 requests at once with one key write exactly one entry; each answer is the first one or a 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => answer(await send(ann, "POST", "/entries", ENTRY, KEY))),
    );
    expect(await entriesOf(ann)).toBe(1);
    const firsts = answers.filter((a) => a.status === 201 && a.replayed === null);
    expect(firsts).toHaveLength(1);
    const body = firsts[0]?.body;
    for (const a of answers) {
      if (a.status === 201) expect(a.body).toBe(body);
      else {
        expect(a.status).toBe(409);
        expect(JSON.parse(a.body)).toMatchObject({ code: "platform.idempotencyKeyInFlight" });
      }
    }
    // The waits let the others see the first answer come in (about 2 s of looking).
    expect(answers.filter((a) => a.replayed === "true").length).toBeGreaterThanOrEqual(1);
  });

  it("without the header two POSTs write two entries, and no key is kept", async () => {
    expect((await send(ann, "POST", "/entries", ENTRY)).status).toBe(201);
    const second = await send(ann, "POST", "/entries", ENTRY);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await entriesOf(ann)).toBe(2);
    expect(await count("idempotency_keys")).toBe(0);
  });

  it("a key is its user's: another user's same key writes that user's own entry", async () => {
    const annsAnswer = await answer(await send(ann, "POST", "/entries", ENTRY, KEY));
    const bobsAnswer = await answer(await send(bob, "POST", "/entries", ENTRY, KEY));
    expect(bobsAnswer.status).toBe(201);
    expect(bobsAnswer.replayed).toBeNull();
    expect(JSON.parse(bobsAnswer.body).id).not.toBe(JSON.parse(annsAnswer.body).id);
    expect(await entriesOf(ann)).toBe(1);
    expect(await entriesOf(bob)).toBe(1);
  });

  it("a key is its route's: the same key on the timer's start runs on its own", async () => {
    expect((await send(ann, "POST", "/entries", ENTRY, KEY)).status).toBe(201);
    const started = await send(ann, "POST", "/timer", { text: "walk", initAt: "2026-03-05T08:00:00.000Z" }, KEY);
    expect(started.status).toBe(201);
    expect(started.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await count("timers")).toBe(1);
    const routes = await env.DB.prepare("SELECT route FROM idempotency_keys ORDER BY route").all<{ route: string }>();
    expect(routes.results.map((r) => r.route)).toEqual(["POST /api/journal/entries", "POST /api/journal/timer"]);
  });

  it("a used key with a different body → 422 'platform.idempotencyKeyReused', nothing written", async () => {
    expect((await send(ann, "POST", "/entries", ENTRY, KEY)).status).toBe(201);
    const before = await dumpDb();
    const res = await send(ann, "POST", "/entries", { ...ENTRY, text: "coffee instead" }, KEY);
    expect(res.status).toBe(422);
    expect(await errorBodyOf(res)).toMatchObject({
      code: "platform.idempotencyKeyReused",
      message: "This Idempotency-Key was used with a different request body",
    });
    expect(await dumpDb()).toEqual(before);
  });

  for (const [title, key] of [
    ["empty", ""],
    ["101 characters", "k".repeat(101)],
    ["not ASCII", "clé-é"],
    ["with a space", "two words"],
  ] as const)
    it(`a key ${title} → 400 'platform.idempotencyKeyInvalid', nothing written`, async () => {
      const before = await dumpDb();
      const res = await send(ann, "POST", "/entries", ENTRY, key);
      expect(res.status).toBe(400);
      expect(await errorBodyOf(res)).toEqual({
        message: "The Idempotency-Key header is 1 to 100 visible ASCII characters",
        error: "The Idempotency-Key header is 1 to 100 visible ASCII characters",
        code: "platform.idempotencyKeyInvalid",
        values: { max: 100 },
      });
      expect(await dumpDb()).toEqual(before);
    });

  it("a key of 100 visible characters is taken", async () => {
    const key = "!~".repeat(50);
    expect((await send(ann, "POST", "/entries", ENTRY, key)).status).toBe(201);
    expect((await send(ann, "POST", "/entries", ENTRY, key)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(await entriesOf(ann)).toBe(1);
  });

  it("a body refused with 400 leaves its key unused: the corrected body with the key runs", async () => {
    const refused = await send(ann, "POST", "/entries", { text: 5 }, KEY);
    expect(refused.status).toBe(400);
    expect(await count("idempotency_keys")).toBe(0);
    const res = await send(ann, "POST", "/entries", ENTRY, KEY);
    expect(res.status).toBe(201);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await entriesOf(ann)).toBe(1);
  });

  it("a key 24 hours old runs anew, and the cron drops keys past their 24 hours", async () => {
    expect((await send(ann, "POST", "/entries", ENTRY, KEY)).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = ?")
      .bind(Date.now() - IDEMPOTENCY_TTL_MS - 1)
      .run();
    const again = await send(ann, "POST", "/entries", ENTRY, KEY);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await entriesOf(ann)).toBe(2);
    // And the renewed key answers as the first again.
    expect((await send(ann, "POST", "/entries", ENTRY, KEY)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(await entriesOf(ann)).toBe(2);

    expect((await send(bob, "POST", "/entries", ENTRY, "old")).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = ? WHERE key = 'old'")
      .bind(Date.now() - IDEMPOTENCY_TTL_MS - 1)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare("SELECT user_id AS userId, key FROM idempotency_keys").all();
    expect(left.results).toEqual([{ userId: ann.id, key: KEY }]);
  });

  it("a first request still running: the retry waits about 2 s, then 409; unanswered for 60 s, it is taken over", async () => {
    expect((await send(ann, "POST", "/entries", ENTRY, KEY)).status).toBe(201);
    // As if the first request were still running: its claim with no answer yet.
    await env.DB.prepare("UPDATE idempotency_keys SET status = NULL, response = NULL, created_at = ?")
      .bind(Date.now())
      .run();
    const started = Date.now();
    const res = await send(ann, "POST", "/entries", ENTRY, KEY);
    expect(res.status).toBe(409);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(await errorBodyOf(res)).toMatchObject({
      code: "platform.idempotencyKeyInFlight",
      message: "A request with this Idempotency-Key is still in progress; try again shortly",
    });
    expect(await entriesOf(ann)).toBe(1);

    // A claim left unanswered longer than that is of a request that died: the retry runs.
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = ?")
      .bind(Date.now() - IN_FLIGHT_STALE_MS - 1)
      .run();
    const retried = await send(ann, "POST", "/entries", ENTRY, KEY);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await entriesOf(ann)).toBe(2);
    expect(await env.DB.prepare("SELECT status FROM idempotency_keys").first()).toEqual({ status: 201 });
  });

  it("a 5xx gives the key up, so the retry runs anew", async () => {
    // The database refuses the write: the route throws, the answer is 500.
    await env.DB.prepare(
      "CREATE TRIGGER entries_refused BEFORE INSERT ON entries BEGIN SELECT RAISE(ABORT, 'refused by the test'); END",
    ).run();
    try {
      const failed = await send(ann, "POST", "/entries", ENTRY, KEY);
      expect(failed.status).toBe(500);
      expect(await count("idempotency_keys")).toBe(0);
    } finally {
      await env.DB.prepare("DROP TRIGGER entries_refused").run();
    }
    const retried = await send(ann, "POST", "/entries", ENTRY, KEY);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await entriesOf(ann)).toBe(1);
  });

  it("a refusal writes nothing, its key neither: a 404 is answered anew, not replayed, and the key stays free", async () => {
    const gone = { id: 999_999, text: "x", tags: [], startedAt: "2026-03-05T08:00:00.000Z", complete: false };
    const body = { ...gone, pausedTimeDiff: 0, pausedAt: null };
    const before = await dumpDb();
    const first = await answer(await send(ann, "PUT", "/timer", body, KEY));
    expect(first.status).toBe(404);
    const second = await answer(await send(ann, "PUT", "/timer", body, KEY));
    expect(second).toEqual({ ...first, replayed: null });
    expect(await dumpDb()).toEqual(before);
  });

  it("an answer kept whole by the middleware before the key went into the route's batch is still given again", async () => {
    // A key `idempotent` kept within the 30 days (its answer as sent, no result id): a timer's start, answered 201.
    const body = JSON.stringify({ text: "walk", initAt: "2026-03-05T08:00:00.000Z" });
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
    const bodyHash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const kept = '{"id":1,"text":"walk"}';
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (user_id, route, key, body_hash, status, response, created_at) VALUES (?, 'POST /api/journal/timer', ?, ?, 201, ?, ?)",
    )
      .bind(ann.id, KEY, bodyHash, kept, Date.now())
      .run();
    const before = await dumpDb();
    const res = await answer(await send(ann, "POST", "/timer", JSON.parse(body), KEY));
    expect(res).toEqual({ status: 201, body: kept, replayed: "true" });
    expect(await dumpDb()).toEqual(before);
  });

  it("signed out → 401, and no key is kept", async () => {
    const before = await dumpDb();
    const res = await send(null, "POST", "/entries", ENTRY, KEY);
    expect(res.status).toBe(401);
    expect(await errorBodyOf(res)).toMatchObject({ code: "platform.signedOut" });
    expect(await dumpDb()).toEqual(before);
  });

  it("an ended session → 401: the claim rode on the session's check and was rolled back with it", async () => {
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ann.id).run();
    const before = await dumpDb();
    const res = await send(ann, "POST", "/entries", ENTRY, KEY);
    expect(res.status).toBe(401);
    expect(await dumpDb()).toEqual(before);
  });
});

/** A JSON call to the API at `path` (under /api) as `user`, with the key. */
function call(user: User, method: string, path: string, body: unknown, key?: string) {
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${user.token}`,
      Origin: ORIGIN,
      "Content-Type": "application/json",
      ...(key === undefined ? {} : { "Idempotency-Key": key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("every create takes an Idempotency-Key: a retry after a lost answer leaves one row", () => {
  const stackOf = async (user: User) =>
    (await (await call(user, "POST", "/journal/stacks", { name: "Habits", icon: "☕" })).json<{ id: number }>()).id;
  const entryOf = async (user: User) =>
    (await (await call(user, "POST", "/journal/entries", { text: "walk", tags: ["out"] })).json<{ id: number }>()).id;
  const timerOf = async (user: User) =>
    (
      await (
        await call(user, "POST", "/journal/timer", { text: "deep work", initAt: "2026-03-05T08:00:00.000Z" })
      ).json<{ id: number }>()
    ).id;
  const creates: {
    name: string;
    table: string;
    method?: string;
    path: (user: User) => Promise<string>;
    body: (user: User) => Promise<unknown>;
    /** Another body a first request could have sent: with the same key, 422. */
    other?: (body: object) => object;
  }[] = [
    {
      name: "a person",
      table: "people",
      path: async () => "/people",
      body: async () => ({ name: "Ada", email: "ada@example.org", birthDate: "1990-03-05", tags: ["ada"] }),
    },
    { name: "a checklist", table: "steps", path: async () => "/steps", body: async () => ({ name: "Trip" }) },
    {
      name: "a stack",
      table: "stacks",
      path: async () => "/journal/stacks",
      body: async () => ({ name: "Habits", icon: "☕" }),
    },
    {
      name: "a stack item",
      table: "stack_items",
      path: async () => "/journal/stack-items",
      body: async (user) => ({
        stackId: await stackOf(user),
        title: "coffee",
        type: "streaks",
        config: { filter: [{ name: "coffee" }] },
      }),
      other: (body) => ({ ...body, title: "tea" }),
    },
    {
      name: "a lift",
      table: "entries",
      path: async (user) => `/journal/entries/${await entryOf(user)}/lift`,
      body: async () => undefined,
    },
    {
      name: "the donation page",
      table: "donate_info",
      method: "PUT",
      path: async () => "/donate/info",
      body: async () => ({ donatePageTitle: "Ann's page", ethAddress: "", btcAddress: "", paypalDonateButtonId: "" }),
      other: (body) => ({ ...body, donatePageTitle: "Another page" }),
    },
    {
      name: "the timer's start",
      table: "timers",
      path: async () => "/journal/timer",
      body: async () => ({ text: "reading", initAt: "2026-03-06T10:00:00.000Z" }),
      other: (body) => ({ ...body, text: "writing" }),
    },
    {
      name: "the timer's save (its entry)",
      table: "entries",
      method: "PUT",
      path: async () => "/journal/timer",
      body: async (user) => save(await timerOf(user)),
      other: (body) => ({ ...body, text: "shallow work" }),
    },
  ];
  for (const create of creates)
    it(`${create.name}: sent twice with one key, one row; the second answer is the first's, marked replayed`, async () => {
      const method = create.method ?? "POST";
      const [path, body] = [await create.path(ann), await create.body(ann)];
      const rows = () => count(create.table, "user_id = ?", ann.id);
      const before = await rows();
      const first = await answer(await call(ann, method, path, body, KEY));
      expect(first.status, first.body).toBeLessThan(300);
      expect(first.replayed).toBeNull();
      const second = await answer(await call(ann, method, path, body, KEY));
      expect(second).toEqual({ ...first, replayed: "true" });
      expect(await rows()).toBe(before + 1);
      // The same key with another body is refused, nothing written.
      if (body !== undefined) {
        const written = await dumpDb();
        const other = create.other ?? ((b: object) => ({ ...b, name: "Other" }));
        const res = await call(ann, method, path, other(body as object), KEY);
        expect(res.status).toBe(422);
        expect(await errorBodyOf(res)).toMatchObject({ code: "platform.idempotencyKeyReused" });
        expect(await dumpDb()).toEqual(written);
      }
    });
});

describe("Idempotency-Key on the timer", () => {
  it("the save (PUT complete) sent twice with one key writes one entry; the second gets the first answer", async () => {
    const timer = await startTimer(ann);
    const first = await answer(await send(ann, "PUT", "/timer", save(timer.id), KEY));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ id: timer.id, complete: true });
    const second = await answer(await send(ann, "PUT", "/timer", save(timer.id), KEY));
    expect(second).toEqual({ status: 200, body: first.body, replayed: "true" });
    expect(await entriesOf(ann)).toBe(1);
    // Without a key, or with another, the same save again is the timer's own 409: it is saved already.
    expect((await send(ann, "PUT", "/timer", save(timer.id))).status).toBe(409);
    const before = await dumpDb();
    const otherKey = await send(ann, "PUT", "/timer", save(timer.id), "another-key");
    expect(otherKey.status).toBe(409);
    expect(await errorBodyOf(otherKey)).toMatchObject({ code: "timer.alreadySaved" });
    expect(await dumpDb()).toEqual(before);
  });

  it("a keyed start refused while a timer runs keeps its key free: after a reset the same start runs", async () => {
    const running = await startTimer(ann);
    const body = { text: "reading", initAt: "2026-03-06T10:00:00.000Z" };
    const before = await dumpDb();
    const refused = await send(ann, "POST", "/timer", body, KEY);
    expect(refused.status).toBe(409);
    expect(await dumpDb()).toEqual(before);
    expect((await send(ann, "DELETE", "/timer", { id: running.id })).status).toBe(200);
    const started = await send(ann, "POST", "/timer", body, KEY);
    expect(started.status).toBe(201);
    expect(started.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await count("timers")).toBe(1);
  });

  it("the start sent twice with one key starts one timer and answers 201 twice", async () => {
    const body = { text: "reading", initAt: "2026-03-06T10:00:00.000Z" };
    const first = await answer(await send(ann, "POST", "/timer", body, KEY));
    const second = await answer(await send(ann, "POST", "/timer", body, KEY));
    expect(first.status).toBe(201);
    expect(second).toEqual({ ...first, replayed: "true" });
    expect(await count("timers")).toBe(1);
  });
});

describe("leaving", () => {
  it("deleting an account removes its keys; another user's stay", async () => {
    expect((await send(ann, "POST", "/entries", ENTRY, KEY)).status).toBe(201);
    expect((await send(bob, "POST", "/entries", ENTRY, KEY)).status).toBe(201);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(ann.id).run();
    const left = await env.DB.prepare("SELECT user_id AS userId FROM idempotency_keys").all();
    expect(left.results).toEqual([{ userId: bob.id }]);
  });
});
