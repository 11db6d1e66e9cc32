import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bearer, count, createUser, ORIGIN, resetDb, send, signedInUser } from "../test/helpers.ts";
import { SessionEnded, SessionGate } from "./session-gate.ts";

const HOUR = 60 * 60 * 1000;
let userId: number;

async function addSession(id: string, expiresAt: number) {
  await env.DB.prepare(
    "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, 0, 5, ?)",
  )
    .bind(id, userId, expiresAt)
    .run();
}

/** A gate for session `sid` of the user, and its binding. */
function gateOf(sid: string, who = userId) {
  const gate = new SessionGate(env.DB, { sessionId: sid, userId: who }, Date.now());
  return { gate, db: gate.binding() };
}

const insertNote = (db: D1Database, text: string) =>
  db
    .prepare("INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, ?, 0, 0, 'f')")
    .bind(userId, text);

beforeEach(async () => {
  await resetDb();
  userId = (await createUser("Ann", { timeZone: "Europe/Moscow" })).id;
  await addSession("live", Date.now() + HOUR);
  await addSession("expired", Date.now() - 1);
});

describe("the session gate", () => {
  it("answers a live session's batch and reads its row on the same trip", async () => {
    const { gate, db } = gateOf("live");
    const [inserted, counted] = await db.batch([
      insertNote(db, "tea"),
      db.prepare("SELECT count(*) AS n FROM entries WHERE user_id = ?").bind(userId),
    ]);
    expect(inserted?.success).toBe(true);
    expect(counted?.results).toEqual([{ n: 1 }]);
    expect(await gate.read()).toEqual({
      user: {
        id: userId,
        name: "Ann",
        username: "ann",
        email: "ann@example.com",
        accentColor: "orange",
        timeZone: "Europe/Moscow",
      },
      lastSeenAt: 5,
      createdAt: 0,
    });
  });

  it("rolls the whole batch back for a session that is gone, expired, or another user's", async () => {
    for (const [sid, who] of [
      ["gone", userId],
      ["expired", userId],
      ["live", userId + 1],
    ] as const) {
      const { gate, db } = gateOf(sid, who);
      await expect(db.batch([insertNote(db, "tea")])).rejects.toBeInstanceOf(SessionEnded);
      await expect(gate.read()).rejects.toBeInstanceOf(SessionEnded);
      // And every trip after it is refused too.
      await expect(db.prepare("SELECT 1 AS one").first()).rejects.toBeInstanceOf(SessionEnded);
    }
    expect(await count("entries")).toBe(0);
  });

  it("carries a single statement's first, all and run in a batch, with their own answers", async () => {
    {
      const { db } = gateOf("live");
      expect((await insertNote(db, "tea").run()).meta.last_row_id).toBeGreaterThan(0);
    }
    {
      const { db } = gateOf("live");
      expect(await db.prepare("SELECT text FROM entries").first("text")).toBe("tea");
    }
    {
      const { db } = gateOf("live");
      expect(await db.prepare("SELECT text FROM entries WHERE text = 'none'").first()).toBeNull();
    }
    {
      const { db } = gateOf("live");
      expect((await db.prepare("SELECT text FROM entries").all()).results).toEqual([{ text: "tea" }]);
    }
    const { db } = gateOf("gone");
    await expect(insertNote(db, "walk").run()).rejects.toBeInstanceOf(SessionEnded);
    expect(await count("entries")).toBe(1);
  });

  it("checks first, alone, before a statement read as arrays", async () => {
    const { db } = gateOf("live");
    // Two columns of one name: arrays keep both, as a batch's objects could not.
    expect(await db.prepare("SELECT 1 AS a, 2 AS a").raw()).toEqual([[1, 2]]);
    await expect(gateOf("gone").db.prepare("SELECT 1 AS a").raw()).rejects.toBeInstanceOf(SessionEnded);
  });

  it("lets trips sent at once wait for the one that carries the check", async () => {
    const { gate, db } = gateOf("live");
    const [a, b, c] = await Promise.all([
      db.prepare("SELECT 1 AS one").first("one"),
      db.batch([insertNote(db, "tea")]),
      gate.read(),
    ]);
    expect(a).toBe(1);
    expect(b[0]?.meta.last_row_id).toBeGreaterThan(0);
    expect(c.user.name).toBe("Ann");
    const ended = gateOf("gone").db;
    const tries = await Promise.allSettled([insertNote(ended, "walk").run(), ended.batch([insertNote(ended, "run")])]);
    expect(tries.map((t) => t.status === "rejected" && t.reason instanceof SessionEnded)).toEqual([true, true]);
    expect(await count("entries")).toBe(1);
  });

  it("passes on another statement's failure as it is, and checks again on the next trip", async () => {
    const { gate, db } = gateOf("live");
    const failing = db.batch([insertNote(db, "tea"), db.prepare("INSERT INTO no_such_table VALUES (1)")]);
    await expect(failing).rejects.toThrow(/no such table/);
    // The batch was one transaction: the note went back with it.
    expect(await count("entries")).toBe(0);
    expect((await gate.read()).user.username).toBe("ann");
    // A session ended between the trips is seen on the next one.
    const second = gateOf("live");
    await expect(second.db.batch([db.prepare("SELECT missing_column FROM entries")])).rejects.toThrow(/no such column/);
    await env.DB.prepare("DELETE FROM sessions WHERE id = 'live'").run();
    await expect(second.db.batch([insertNote(second.db, "walk")])).rejects.toBeInstanceOf(SessionEnded);
    expect(await count("entries")).toBe(0);
  });
});

describe("an ended session's request", () => {
  it("is answered 401 and logged in one short line, not as the query the gate stopped", async () => {
    const ann = await signedInUser("Bea");
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ann.id).run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // A route whose first trip is a drizzle query: drizzle wraps the gate's SessionEnded in its own error.
      const res = await send("GET", `${ORIGIN}/api/steps/1`, undefined, bearer(ann.token));
      expect(res.status).toBe(401);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings.mock.calls).toEqual([["401 session ended: GET /api/steps/1"]]);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});
