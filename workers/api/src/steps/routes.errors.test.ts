import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, errorOf, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { newSteps, stepsCall } from "./test-calls.ts";

// Refusals: 400 with words in {error} (and {message}), nothing written; unknown ids 404.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let id: number;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  id = (await newSteps(ann)).id;
});

const call = (method: string, path: string, body?: unknown) => stepsCall(ann, method, path, body);

describe("bad input is refused and nothing is written", () => {
  const cases: [string, string, () => string, () => unknown][] = [
    ["POST", "Name is required", () => "", () => ({ name: "" })],
    ["POST", "Name is required", () => "", () => ({ name: "   " })],
    ["POST", "Name is required", () => "", () => ({})],
    ["POST", "Name is too long", () => "", () => ({ name: "x".repeat(101) })],
    ["PUT", "Name is required", () => `/${id}`, () => ({ id, name: " " })],
    ["PUT", "Send a name or content to update", () => `/${id}`, () => ({ id, deadline: null })],
    ["PUT", "Deadline must be an ISO date-time", () => `/${id}`, () => ({ id, name: "a", deadline: "tomorrow" })],
    ["PUT", "Deadline must be an ISO date-time", () => `/${id}`, () => ({ id, name: "a", deadline: "2026-03-01" })],
    [
      "PUT",
      "Deadline must be an ISO date-time",
      () => `/${id}`,
      () => ({ id, name: "a", deadline: "9999-01-01T00:00:00Z" }),
    ],
    ["PUT", "Content is not valid", () => `/${id}`, () => ({ id, content: 42 })],
    [
      "PUT",
      "A checklist is at most 50000 characters",
      () => `/${id}`,
      () => ({ id, content: `- [ ] ${"x".repeat(50_000)}` }),
    ],
    [
      "PUT",
      "A checklist is at most 50000 characters",
      () => `/${id}`,
      // 1,900 plain lines of 47,499 characters are 58,899 as task lines: over, though the paste was not.
      () => ({
        id,
        content: Array.from({ length: 1900 }, (_, i) => `${String(i).padStart(4, "0")} ${"y".repeat(19)}`).join("\n"),
      }),
    ],
    [
      "PUT",
      "A checklist is at most 50000 characters",
      () => `/${id}`,
      () => ({ id, content: `- [ ] a${" ".repeat(200_000)}` }),
    ],
    ["PUT", "A checklist is at most 2000 lines", () => `/${id}`, () => ({ id, content: "- [ ] a\n".repeat(2001) })],
    ["PUT", "The id in the body does not match the address", () => `/${id}`, () => ({ id: id + 1, name: "a" })],
    ["PUT", "Id is required", () => `/${id}`, () => ({ name: "a" })],
    ["PUT", "The id must be a whole number", () => "/abc", () => ({ id, name: "a" })],
    ["GET", "The id must be a whole number", () => "/-1", () => undefined],
    ["DELETE", "The id must be a whole number", () => "/1e3", () => undefined],
  ];
  refusesEach(cases.map(([method, words, path, body]) => [method, words, () => call(method, path(), body())]));
});

describe("unknown ids", () => {
  it("answer 404 with words, nothing changed", async () => {
    const before = await dumpDb();
    for (const res of [
      await call("GET", "/999999"),
      await call("PUT", "/999999", { id: 999999, name: "x" }),
      await call("DELETE", "/999999"),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe("Steps not found");
    }
    expect(await dumpDb()).toEqual(before);
  });
});
