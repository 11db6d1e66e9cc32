import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dumpDb, errorOf, resetDb } from "../test/helpers.ts";
import { integersCall, RandomService } from "./test-calls.ts";

// The service's quota is not an open door: signed out, nothing is asked of it.
describe("the random-number service is for the signed-in", () => {
  let service: RandomService;
  beforeEach(async () => {
    await resetDb();
    service = new RandomService();
    vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
  });
  afterEach(() => vi.restoreAllMocks());

  it("signed out → 401, the service never asked", async () => {
    const before = await dumpDb();
    const res = await integersCall(null, { count: 1, min: 1, max: 10 });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe("Not signed in");
    expect(service.requests).toEqual([]);
    expect(await dumpDb()).toEqual(before);
  });

  it("a made-up token → 401, the service never asked", async () => {
    const res = await integersCall({ token: "not.a.token" }, { count: 1, min: 1, max: 10 });
    expect(res.status).toBe(401);
    expect(service.requests).toEqual([]);
  });
});
