import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, errorBodyOf, resetDb, signedInUser } from "../../test/helpers.ts";
import { typedCalls, type User } from "../test-calls.ts";

// Tags and metrics managed: bad input is 400 with the words, and nothing is written.
let ann: User;
let tagId: number;
let metricId: number;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  const entry = await typedCalls.add(ann, { text: "x", tags: ["tea"], metrics: [{ name: "km", value: 2 }] });
  tagId = entry.tags[0]?.id ?? 0;
  metricId = entry.metrics[0]?.id ?? 0;
});

describe("bad input is refused and nothing is written", () => {
  const cases: [string, () => string, unknown, string, string][] = [
    ["a tag renamed to nothing", () => `/tags/${tagId}`, { name: "   " }, "journal.tagEmpty", "A tag cannot be empty"],
    [
      "a tag renamed with '!'",
      () => `/tags/${tagId}`,
      { name: "!tea" },
      "journal.tagNegated",
      "A tag cannot start with '!'",
    ],
    [
      "a tag renamed too long",
      () => `/tags/${tagId}`,
      { name: "t".repeat(65) },
      "journal.tagTooLong",
      "A tag is at most 64 characters",
    ],
    ["a tag renamed to a number", () => `/tags/${tagId}`, { name: 5 }, "journal.tagNotText", "A tag must be text"],
    ["a tag without a name", () => `/tags/${tagId}`, {}, "platform.fieldRequired", "Name is required"],
    [
      "merge not a boolean",
      () => `/tags/${tagId}`,
      { name: "x", merge: "yes" },
      "journal.mergeNotBoolean",
      "merge must be true or false",
    ],
    ["a tag id not a number", () => "/tags/abc", { name: "x" }, "journal.idNotWhole", "The id must be a whole number"],
    [
      "a metric renamed to nothing",
      () => `/metrics/${metricId}`,
      { name: " " },
      "journal.metricLabelMissing",
      "A metric needs a label",
    ],
    [
      "a metric renamed too long",
      () => `/metrics/${metricId}`,
      { name: "m".repeat(65) },
      "journal.metricLabelTooLong",
      "A metric label is at most 64 characters",
    ],
    [
      "a metric merge not a boolean",
      () => `/metrics/${metricId}`,
      { name: "x", merge: 1 },
      "journal.mergeNotBoolean",
      "merge must be true or false",
    ],
    ["a metric id negative", () => "/metrics/-1", { name: "x" }, "journal.idNotWhole", "The id must be a whole number"],
  ];
  for (const [title, path, body, code, words] of cases)
    it(`${title} → 400 '${words}'`, async () => {
      const before = await dumpDb();
      const res = await ann.call("PUT", path(), body);
      expect(res.status).toBe(400);
      expect(await errorBodyOf(res)).toMatchObject({ code, message: words });
      expect(await dumpDb()).toEqual(before);
    });

  it("refuses a body that is not JSON, and a delete of a malformed id", async () => {
    const before = await dumpDb();
    const notJson = await ann.call("PUT", `/tags/${tagId}`);
    expect(notJson.status).toBe(400);
    expect((await ann.call("DELETE", "/tags/1.5")).status).toBe(400);
    expect((await ann.call("DELETE", "/metrics/x")).status).toBe(400);
    expect(await dumpDb()).toEqual(before);
  });

  it("answers 404 for ids no one has, and changes nothing", async () => {
    const before = await dumpDb();
    for (const [method, path] of [
      ["PUT", "/tags/999999"],
      ["DELETE", "/tags/999999"],
      ["PUT", "/metrics/999999"],
      ["DELETE", "/metrics/999999"],
    ] as const) {
      const res = await ann.call(method, path, method === "PUT" ? { name: "x" } : undefined);
      expect(res.status, path).toBe(404);
      expect((await errorBodyOf(res)).code).toBe(
        path.startsWith("/tags") ? "journal.tagNotFound" : "stacks.metricNotFound",
      );
    }
    expect(await dumpDb()).toEqual(before);
  });
});
