import { beforeEach, describe, expect, it } from "vitest";
import { typedCalls } from "../journal/test-calls.ts";
import { dumpDb, errorOf, resetDb, signedInUser } from "../test/helpers.ts";
import { asUpdate, at, MIN, saveTimer, timerCalls, type User } from "./test-calls.ts";

// Another user's timer: 404 and nothing changed (the route-walking suite in src/test/ covers 401s).
let ann: User;
let bob: User;
const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

describe("one user never reaches another's timer", () => {
  it("answers 404 to a stop, a save or a reset of another user's timer, changing nothing", async () => {
    const timer = await timerCalls.start(ann, { text: "ann's", tags: ["secret"], initAt: at(T0) });
    const before = await dumpDb();
    const tries: [string, unknown][] = [
      ["PUT", asUpdate(timer, { pausedAt: at(T0 + MIN) })],
      ["PUT", asUpdate(timer, { pausedAt: at(T0 + MIN), complete: true })],
      ["DELETE", { id: timer.id }],
    ];
    for (const [method, body] of tries) {
      const res = await bob.call(method, "/timer", body);
      expect(res.status, method).toBe(404);
      expect(await errorOf(res)).toBe("Timer not found");
    }
    expect(await dumpDb()).toEqual(before);
    expect(await timerCalls.get(bob)).toBeNull();
    expect(await timerCalls.get(ann)).toEqual(timer);
  });

  it("keeps one unfinished timer per user, not per app: Bob may start while Ann's runs", async () => {
    await timerCalls.start(ann, { text: "", tags: [], initAt: at(T0) });
    const bobs = await timerCalls.start(bob, { text: "", tags: [], initAt: at(T0) });
    // Bob's reset without an id discards his own, never Ann's.
    expect((await bob.call("DELETE", "/timer", {})).status).toBe(200);
    expect(await timerCalls.get(bob)).toBeNull();
    expect(await timerCalls.get(ann)).not.toBeNull();
    expect(bobs.id).toBeGreaterThan(0);
  });

  it("counts one's own saves only", async () => {
    await saveTimer(ann, "ann's", Date.now() - 1000, 600);
    await saveTimer(bob, "bob's", Date.now() - 1000, 60);
    await typedCalls.add(ann, { text: "ann's typed", metrics: [{ name: "duration", value: 90 }] });
    const stats = await timerCalls.stats(bob);
    expect(stats).toMatchObject({ today: 60, total: 60, count: 1, others: 0 });
    expect(stats.recent.map((e) => e.text)).toEqual(["bob's"]);
  });
});
