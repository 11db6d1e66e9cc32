import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bodyOf, errorOf, expectStatus, resetDb, signedInUser } from "../test/helpers.ts";
import { integersCall, RandomService, SERVICE_KEY, SERVICE_URL } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let service: RandomService;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  service = new RandomService();
  vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
});
afterEach(() => vi.restoreAllMocks());

interface Answer {
  numbers: number[];
  source: string;
}

describe("POST /api/random/integers draws through the service", () => {
  it("asks generateIntegers with the key, count, bounds and replacement, and answers its numbers as they came", async () => {
    // Repeats and all: with replacement they are a fair answer.
    service.answer = [3, 6, 6, 1, 2, 5];
    const res = await integersCall(ann, { count: 6, min: 1, max: 6 });
    const body = await bodyOf<Answer>(res, 200);
    expect(body.source).toBe("random.org");
    expect(body.numbers).toEqual([3, 6, 6, 1, 2, 5]);
    expect(service.requests).toHaveLength(1);
    const [call] = service.requests;
    expect(call?.url).toBe(SERVICE_URL);
    expect(call?.body).toMatchObject({
      jsonrpc: "2.0",
      method: "generateIntegers",
      params: { apiKey: SERVICE_KEY, n: 6, min: 1, max: 6, replacement: true },
    });
    // The key stays on the Worker.
    expect(JSON.stringify(body)).not.toContain(SERVICE_KEY);
  });

  it("passes 'no repeats' on, and answers the service's distinct numbers as they came", async () => {
    service.answer = [0, -5, 3, 2, -1, 4, -3, 1, -4, -2];
    const body = await bodyOf<Answer>(await integersCall(ann, { count: 10, min: -5, max: 4, replacement: false }), 200);
    expect(body.numbers).toEqual([0, -5, 3, 2, -1, 4, -3, 1, -4, -2]);
    expect(service.requests[0]?.body.params).toMatchObject({ n: 10, min: -5, max: 4, replacement: false });
  });

  it("refuses an answer with repeats when none were asked for: 502 in words, never the numbers", async () => {
    service.fail = "repeats";
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await integersCall(ann, { count: 3, min: 1, max: 10, replacement: false });
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toBe("The random-number service sent an answer that could not be read");
  });

  it("takes the widest bounds and the largest count", async () => {
    const body = await bodyOf<Answer>(
      await integersCall(ann, { count: 1000, min: -1_000_000_000, max: 1_000_000_000 }),
      200,
    );
    // The double counts down from max: 1,000,000,000, 999,999,999, … 999,999,001.
    expect(body.numbers).toHaveLength(1000);
    expect(body.numbers[0]).toBe(1_000_000_000);
    expect(body.numbers[999]).toBe(999_999_001);
  });

  it("answers 503 in words, and asks no one, when the service has no key", async () => {
    const res = await ann.api.random.integers.$post({ json: { count: 1, min: 1, max: 10 } });
    const refused = await expectStatus(res, 503);
    expect(await errorOf(refused)).toBe("The random-number service is not configured");
    expect(service.requests).toEqual([]);
  });
});

describe("a failing service is a 502 in words, never numbers made up", () => {
  const cases: [RandomService["fail"], string][] = [
    ["rpc-error", "The random-number service refused the request"],
    ["500", "The random-number service sent an answer that could not be read"],
    ["not-json", "The random-number service sent an answer that could not be read"],
    ["out-of-range", "The random-number service sent an answer that could not be read"],
    ["too-few", "The random-number service sent an answer that could not be read"],
    ["timeout", "The random-number service did not answer"],
  ];
  for (const [failure, words] of cases)
    it(`${failure} → 502 '${words}'`, async () => {
      service.fail = failure;
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const res = await integersCall(ann, { count: 3, min: 1, max: 10 });
      expect(res.status).toBe(502);
      expect(await errorOf(res)).toBe(words);
      expect(service.requests).toHaveLength(1);
      // The service's own account of it goes to the log, for whoever runs the Worker.
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^random\.org: /));
    });

  it("a network failure → 502 'The random-number service did not answer'", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await integersCall(ann, { count: 1, min: 1, max: 2 });
    expect(res.status).toBe(502);
    expect(await errorOf(res)).toBe("The random-number service did not answer");
  });
});
