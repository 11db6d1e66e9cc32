import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import { bearer, count, dumpDb, errorOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { asUpdate, at, MIN, type Timer, timerCalls, timerTableCounts, type User } from "./test-calls.ts";
import { completeTimer, isAlreadySaved } from "./timer-store.ts";

// Refusals: 400 with the words a person can act on, nothing written.
let ann: User;
let timer: Timer;
const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  timer = await timerCalls.start(ann, { text: "work", tags: ["focus"], initAt: at(T0) });
});

const ISO_WORDS = (field: string) => `${field} must be an ISO date-time between 1900-01-01 and 2199-12-31`;

describe("bad input is refused and nothing is written", () => {
  const update = (patch: Record<string, unknown>) => () => ({ ...asUpdate(timer), ...patch });
  const cases: [string, string, string, unknown][] = [
    ["POST", "/timer", "Init at is required", { text: "x", tags: [] }],
    ["POST", "/timer", ISO_WORDS("Init at"), { initAt: "yesterday" }],
    ["POST", "/timer", ISO_WORDS("Init at"), { initAt: "1800-01-01T00:00:00Z" }],
    ["POST", "/timer", ISO_WORDS("Goal"), { initAt: at(T0), goal: "soon" }],
    ["POST", "/timer", "A tag cannot start with '!'", { initAt: at(T0), tags: ["!focus"] }],
    ["POST", "/timer", "A tag cannot be empty", { initAt: at(T0), tags: ["  "] }],
    ["POST", "/timer", "Text is at most 10000 characters", { initAt: at(T0), text: "x".repeat(10_001) }],
    ["POST", "/timer", "Tags must be a list", { initAt: at(T0), tags: "focus" }],
    ["PUT", "/timer", "The id must be a whole number", update({ id: "1" })],
    ["PUT", "/timer", "Started at is required", update({ startedAt: undefined })],
    ["PUT", "/timer", "pausedTimeDiff is a whole number of milliseconds, at least 0", update({ pausedTimeDiff: -1 })],
    ["PUT", "/timer", "pausedTimeDiff is a whole number of milliseconds, at least 0", update({ pausedTimeDiff: 1.5 })],
    ["PUT", "/timer", "complete must be true or false", update({ complete: "yes" })],
    ["PUT", "/timer", "A timer cannot be paused before it started", update({ pausedAt: at(T0 - MIN), complete: true })],
    [
      "PUT",
      "/timer",
      "The paused time cannot be longer than the time since the start",
      update({ pausedAt: at(T0 + MIN), pausedTimeDiff: 2 * MIN, complete: true }),
    ],
    ["DELETE", "/timer", "The id must be a whole number", { id: "x" }],
    ["GET", "/timer/stats?tz=Mars%2FOlympus", "Unknown time zone", undefined],
  ];
  for (const [method, path, words, body] of cases) {
    it(`${method} ${path} → 400 '${words}'`, async () => {
      const before = await dumpDb();
      const res = await ann.call(method, path, typeof body === "function" ? body() : body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(words);
      expect(await dumpDb()).toEqual(before);
    });
  }

  it("answers a body that is not JSON, or none, with 400", async () => {
    const before = await timerTableCounts();
    const raw = await SELF.fetch(`${ORIGIN}/api/journal/timer`, {
      method: "PUT",
      headers: { ...bearer(ann.token), Origin: ORIGIN, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
    expect(await errorOf(raw)).toBe("The body must be JSON");
    const none = await ann.call("PUT", "/timer");
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toBe("The body must be JSON");
    expect(await timerTableCounts()).toEqual(before);
  });

  it("answers 404 for a timer id that does not exist", async () => {
    const res = await ann.call("PUT", "/timer", asUpdate(timer, { id: timer.id + 1000 }));
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe("Timer not found");
    expect(await count("entries")).toBe(0);
  });
});

describe("a save that lost a race", () => {
  it("is refused whole by the database: no entry, no tag counted", async () => {
    const db = openDb(env.DB);
    const content = {
      text: "work",
      tags: ["focus"],
      startedAt: T0,
      pausedAt: T0 + MIN,
      pausedTimeDiff: 0,
      goal: null,
    };
    await completeTimer(db, ann.id, timer.id, content, Date.now());
    const before = await dumpDb();
    // The second save past the route's check (as when two requests read the timer before either wrote).
    const second = completeTimer(db, ann.id, timer.id, content, Date.now());
    await expect(second).rejects.toSatisfy(isAlreadySaved);
    expect(await dumpDb()).toEqual(before);
  });
});
