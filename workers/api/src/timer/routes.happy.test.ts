import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { typedCalls } from "../journal/test-calls.ts";
import { count, errorOf, resetDb, signedInUser } from "../test/helpers.ts";
import { asUpdate, at, MIN, saveTimer, type Timer, timerCalls, type User } from "./test-calls.ts";

let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

async function started(patch: { text?: string; tags?: string[]; goal?: string | null } = {}): Promise<Timer> {
  return timerCalls.start(ann, {
    text: "deep work",
    tags: ["Focus", "writing"],
    initAt: at(T0),
    goal: at(T0 + 60 * MIN),
    ...patch,
  });
}

describe("the timer's state round trip", () => {
  it("has no timer at first", async () => {
    expect(await timerCalls.get(ann)).toBeNull();
  });

  it("starts a timer running since initAt, and GET answers it as it was started", async () => {
    const timer = await started();
    expect(timer).toEqual({
      id: expect.any(Number),
      text: "deep work",
      tags: [
        { id: expect.any(Number), name: "focus" },
        { id: expect.any(Number), name: "writing" },
      ],
      initAt: at(T0),
      startedAt: at(T0),
      pausedAt: null,
      pausedTimeDiff: 0,
      complete: false,
      goal: at(T0 + 60 * MIN),
      entryId: null,
    });
    expect(await timerCalls.get(ann)).toEqual(timer);
    // Its tags are the journal's own: suggested with the rest, and nothing is written to the journal yet.
    expect((await typedCalls.list(ann)).length).toBe(0);
    expect(
      (await (await ann.call("GET", "/tags-sorted")).json<{ name: string }[]>()).map((t) => t.name).sort(),
    ).toEqual(["focus", "writing"]);
  });

  it("keeps a stop, a resume and edits of text, tags and goal", async () => {
    const timer = await started();
    const paused = await timerCalls.update(ann, asUpdate(timer, { pausedAt: at(T0 + 10 * MIN) }));
    expect(paused.pausedAt).toBe(at(T0 + 10 * MIN));
    expect(await timerCalls.get(ann)).toEqual(paused);
    const resumed = await timerCalls.update(
      ann,
      asUpdate(paused, {
        pausedAt: null,
        pausedTimeDiff: 5 * MIN,
        text: "deeper work",
        tags: ["focus", "reading"],
        goal: null,
      }),
    );
    expect(resumed).toMatchObject({
      pausedAt: null,
      pausedTimeDiff: 5 * MIN,
      text: "deeper work",
      tags: [{ name: "focus" }, { name: "reading" }],
      goal: null,
      complete: false,
    });
    expect(await timerCalls.get(ann)).toEqual(resumed);
    expect(await count("timer_tags")).toBe(2);
  });
});

describe("save", () => {
  it("completes the timer and writes exactly one entry with the running time after several pauses", async () => {
    const timer = await started({ text: "essay", tags: ["writing"] });
    // Ran 10 min, paused 5, ran 20, paused 15, ran 7, then stopped: 37 min running.
    const diff = 5 * MIN + 15 * MIN;
    const stoppedAt = T0 + 10 * MIN + 5 * MIN + 20 * MIN + 15 * MIN + 7 * MIN;
    const before = await count("entries");
    const saved = await timerCalls.update(
      ann,
      asUpdate(timer, { pausedAt: at(stoppedAt), pausedTimeDiff: diff, complete: true }),
    );
    expect(saved).toMatchObject({ id: timer.id, complete: true, pausedAt: at(stoppedAt), entryId: expect.any(Number) });
    expect(await count("entries")).toBe(before + 1);
    const entry = await typedCalls.get(ann, saved.entryId as number);
    expect(entry).toMatchObject({
      text: "essay",
      date: at(stoppedAt),
      tags: [{ name: "writing" }],
      metrics: [{ name: "duration", value: 37 * 60 }],
    });
    // The saved timer is over: no unfinished timer, and a new one can start.
    expect(await timerCalls.get(ann)).toBeNull();
    expect((await started()).id).not.toBe(timer.id);
  });

  it("counts a timer saved while running up to now, in whole seconds", async () => {
    const startedAt = Date.now() - 90 * MIN;
    const timer = await timerCalls.start(ann, { text: "", tags: [], initAt: at(startedAt) });
    const before = Date.now();
    const saved = await timerCalls.update(ann, asUpdate(timer, { pausedTimeDiff: 30 * MIN, complete: true }));
    const after = Date.now();
    const entry = await typedCalls.get(ann, saved.entryId as number);
    const seconds = entry.metrics[0]?.value ?? -1;
    expect(seconds).toBeGreaterThanOrEqual(Math.floor((before - startedAt - 30 * MIN) / 1000));
    expect(seconds).toBeLessThanOrEqual(Math.floor((after - startedAt - 30 * MIN) / 1000));
    expect(Number.isInteger(seconds)).toBe(true);
  });

  it("refuses a second save of the same timer, writing nothing more", async () => {
    const timer = await started();
    const update = asUpdate(timer, { pausedAt: at(T0 + MIN), complete: true });
    await timerCalls.update(ann, update);
    const entries = await count("entries");
    const res = await ann.call("PUT", "/timer", update);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe("This timer is already saved");
    const edit = await ann.call("PUT", "/timer", { ...update, complete: false, text: "changed" });
    expect(edit.status).toBe(409);
    expect(await count("entries")).toBe(entries);
  });

  it("writes one entry when two saves race (two tabs): the database refuses the second batch whole", async () => {
    const timer = await started({ tags: ["focus"] });
    const update = asUpdate(timer, { pausedAt: at(T0 + 3 * MIN), complete: true });
    const results = await Promise.all([ann.call("PUT", "/timer", update), ann.call("PUT", "/timer", update)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await count("entries")).toBe(1);
    expect(await count("entry_metrics")).toBe(1);
    const tag = await env.DB.prepare("SELECT use_count AS n FROM tags WHERE name = 'focus'").first<{ n: number }>();
    expect(tag?.n).toBe(1);
  });

  it("is refused by the database itself: a saved timer never changes", async () => {
    const timer = await started();
    await timerCalls.update(ann, asUpdate(timer, { pausedAt: at(T0 + MIN), complete: true }));
    await expect(env.DB.prepare("UPDATE timers SET text = 'x' WHERE id = ?").bind(timer.id).run()).rejects.toThrow(
      /timer already saved/,
    );
  });
});

describe("one unfinished timer per user", () => {
  it("refuses a second start with 409 while one is running or paused", async () => {
    const timer = await started();
    for (const state of ["running", "paused"]) {
      if (state === "paused") await timerCalls.update(ann, asUpdate(timer, { pausedAt: at(T0 + MIN) }));
      const res = await ann.call("POST", "/timer", { text: "again", tags: [], initAt: at(T0 + 2 * MIN) });
      expect(res.status, state).toBe(409);
      expect(await errorOf(res)).toBe("A timer is already running");
      expect(await count("timers")).toBe(1);
    }
  });

  it("lets two starts racing make one timer", async () => {
    const body = { text: "", tags: [], initAt: at(T0) };
    const results = await Promise.all([ann.call("POST", "/timer", body), ann.call("POST", "/timer", body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count("timers")).toBe(1);
  });
});

describe("reset", () => {
  it("discards the unfinished timer and writes nothing to the journal", async () => {
    const timer = await started();
    const res = await ann.api.journal.timer.$delete({ json: { id: timer.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Timer reset", id: timer.id });
    expect(await timerCalls.get(ann)).toBeNull();
    expect(await count("timers")).toBe(0);
    expect(await count("timer_tags")).toBe(0);
    expect(await count("entries")).toBe(0);
  });

  it("resets without an id too, and answers 404 when there is nothing to reset", async () => {
    await started();
    expect((await ann.call("DELETE", "/timer", {})).status).toBe(200);
    const res = await ann.call("DELETE", "/timer", {});
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe("Timer not found");
  });

  it("does not reset a saved timer", async () => {
    const timer = await started();
    await timerCalls.update(ann, asUpdate(timer, { pausedAt: at(T0 + MIN), complete: true }));
    expect((await ann.call("DELETE", "/timer", { id: timer.id })).status).toBe(404);
    expect(await count("timers", "complete = 1")).toBe(1);
  });
});

describe("the timer page's statistics", () => {
  const save = (text: string, end: number, seconds: number) => saveTimer(ann, text, end, seconds);

  it("totals the saves' durations today, this week and ever, in the user's zone, and lists the latest", async () => {
    const now = Date.now();
    // Moscow (the test user's zone) is UTC+3 with no daylight saving.
    const zoned = new Date(now + 3 * 3600_000);
    const midnight = Date.UTC(zoned.getUTCFullYear(), zoned.getUTCMonth(), zoned.getUTCDate()) - 3 * 3600_000;
    const monday = midnight - ((zoned.getUTCDay() + 6) % 7) * 86_400_000;
    await save("before this week", monday - 1000, 1000);
    await save("before today", midnight - 1000, 200);
    await typedCalls.add(ann, { text: "no duration", date: at(now - 1000) });
    await save("earlier today", Math.min(midnight + 1000, now - 500), 300);
    await save("just now", now - 100, 60);
    const stats = await timerCalls.stats(ann);
    // On a Monday "before today" is before this week too.
    const week = 360 + (midnight > monday ? 200 : 0);
    expect(stats).toMatchObject({ today: 360, week, total: 1560, count: 4, others: 0 });
    expect(stats.recent.map((e) => e.text)).toEqual(["just now", "earlier today", "before today", "before this week"]);
    // ?tz= moves the edges: from 21:00 UTC Moscow is a day ahead, and its yesterday evening is UTC's today.
    const utc = await timerCalls.stats(ann, "UTC");
    const utcMidnight = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate(),
    );
    expect(utc.total).toBe(1560);
    expect(utc.today).toBe(midnight - 1000 >= utcMidnight ? 560 : 60);
  });

  it("counts the timer's own saves: a duration typed in the journal, or a run, is counted apart, in no figure", async () => {
    const now = Date.now();
    await save("timed", now - 1000, 600);
    await typedCalls.add(ann, { text: "reading", date: at(now - 500), metrics: [{ name: "duration", value: 3600 }] });
    await typedCalls.add(ann, { text: "a run", date: at(now - 400), metrics: [{ name: "Duration", value: 1800 }] });
    const stats = await timerCalls.stats(ann, "UTC");
    expect(stats).toMatchObject({ today: 600, week: 600, total: 600, count: 1, others: 2 });
    expect(stats.recent.map((e) => e.text)).toEqual(["timed"]);
  });

  it("lists at most 10, newest first, and reads nothing of a user without durations", async () => {
    expect(await timerCalls.stats(ann)).toEqual({ today: 0, week: 0, total: 0, count: 0, recent: [], others: 0 });
    for (let i = 0; i < 12; i++) await save(`t${i}`, T0 + i * MIN + 30_000, i);
    const stats = await timerCalls.stats(ann);
    expect(stats.recent.map((e) => e.text)).toEqual(["t11", "t10", "t9", "t8", "t7", "t6", "t5", "t4", "t3", "t2"]);
    expect(stats.total).toBe(66);
    expect(stats.count).toBe(12);
  });

  it("leaves a save whose entry was moved into the future out of every figure, All time and its count too", async () => {
    const now = Date.now();
    await save("kept", now - 100, 600);
    const later = await save("tomorrow", now - 50, 7200);
    const moved = await ann.api.journal.entries.$put({
      json: {
        entryId: later.entryId as number,
        text: "tomorrow",
        metrics: [{ name: "duration", value: 7200 }],
        date: at(now + 86_400_000),
      },
    });
    expect(moved.status).toBe(200);
    const stats = await timerCalls.stats(ann, "UTC");
    expect(stats).toMatchObject({ today: 600, week: 600, total: 600, count: 1 });
  });

  it("counts the entries saved timers wrote", async () => {
    const timer = await started({ text: "timed", tags: [] });
    await timerCalls.update(ann, asUpdate(timer, { pausedAt: at(T0 + 25 * MIN), complete: true }));
    const stats = await timerCalls.stats(ann);
    expect(stats.total).toBe(25 * 60);
    expect(stats.recent[0]).toMatchObject({ text: "timed", metrics: [{ name: "duration", value: 1500 }] });
  });
});
