import { afterEach, beforeEach, describe, expect, vi } from "vitest";
import { refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { integersCall, RandomService } from "./test-calls.ts";

// Bad bounds: 400 with the words, nothing written, and the service never asked.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let service: RandomService;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  service = new RandomService();
  vi.spyOn(globalThis, "fetch").mockImplementation(service.fetch);
});
afterEach(() => {
  expect(service.requests).toEqual([]);
  vi.restoreAllMocks();
});

const draw = (body: unknown) => () => integersCall(ann, body);

describe("bad input is refused before the service is asked", () => {
  refusesEach([
    ["no count", "Count is required", draw({ min: 1, max: 10 })],
    ["no min", "Min is required", draw({ count: 1, max: 10 })],
    ["no max", "Max is required", draw({ count: 1, min: 1 })],
    ["count 0", "Count must be a whole number from 1 to 1000", draw({ count: 0, min: 1, max: 10 })],
    ["count 1001", "Count must be a whole number from 1 to 1000", draw({ count: 1001, min: 1, max: 10 })],
    ["count 1.5", "Count must be a whole number from 1 to 1000", draw({ count: 1.5, min: 1, max: 10 })],
    ["count as text", "Count must be a whole number from 1 to 1000", draw({ count: "3", min: 1, max: 10 })],
    [
      "min below the limit",
      "Min and max must be whole numbers from -1000000000 to 1000000000",
      draw({ count: 1, min: -1_000_000_001, max: 10 }),
    ],
    [
      "max above the limit",
      "Min and max must be whole numbers from -1000000000 to 1000000000",
      draw({ count: 1, min: 1, max: 1e12 }),
    ],
    [
      "a fractional max",
      "Min and max must be whole numbers from -1000000000 to 1000000000",
      draw({ count: 1, min: 1, max: 9.5 }),
    ],
    ["min above max", "Min must not be greater than max", draw({ count: 1, min: 10, max: 1 })],
    [
      "more distinct numbers than the range holds",
      "Without repeats, count cannot be more than the numbers from min to max",
      draw({ count: 11, min: 1, max: 10, replacement: false }),
    ],
    ["replacement as text", "replacement must be true or false", draw({ count: 1, min: 1, max: 2, replacement: "no" })],
    ["not JSON", "The body must be JSON", draw("{count: 1")],
  ]);
});
