import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { count, errorBodyOf, errorOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { tableCounts, typedCalls, type User } from "./test-calls.ts";

// Bad input and failed writes: a 400 (or 500) in words, and nothing written.
// Raw requests (`call`), since the typed client would not let us send them.
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const { add } = typedCalls;

describe("entries: bad input is refused and nothing is written", () => {
  const bad: [string, string, string, unknown][] = [
    ["POST", "/entries", "An entry needs text, a tag, a metric or a mood", {}],
    ["POST", "/entries", "An entry needs text, a tag, a metric or a mood", { text: "   ", tags: [], metrics: [] }],
    ["POST", "/entries", "Mood is a whole number from 1 to 5", { metrics: [{ name: "mood", value: 6 }] }],
    ["POST", "/entries", "A metric value must be a number", { metrics: [{ name: "steps", value: "ten" }] }],
    ["POST", "/entries", "A metric needs a label", { metrics: [{ name: " ", value: 1 }] }],
    [
      "POST",
      "/entries",
      "Each metric can appear once per entry",
      {
        metrics: [
          { name: "a", value: 1 },
          { name: "A", value: 2 },
        ],
      },
    ],
    ["POST", "/entries", "Date must be an ISO date-time", { text: "x", date: "yesterday-ish" }],
    ["POST", "/entries", "A tag cannot be empty", { tags: ["ok", "  "] }],
    // A tag that looks like another (a zero-width space after "t"), or turns the text around it.
    ["POST", "/entries", "A tag cannot hold invisible or text-direction characters", { tags: ["t\u200b"] }],
    ["POST", "/entries", "A tag cannot hold invisible or text-direction characters", { tags: ["\u202egnp.exe"] }],
    ["POST", "/entries", "A tag cannot hold invisible or text-direction characters", { tags: ["a\u2066b"] }],
    ["PUT", "/entries", "Entry id is required", { text: "x" }],
    ["DELETE", "/entries", "Entry id is required", {}],
    // A leading '!' is negation in filters, so no tag may start with it.
    ["POST", "/entries", "A tag cannot start with '!'", { tags: ["!"] }],
    ["POST", "/entries", "A tag cannot start with '!'", { tags: ["ok", " !neg"] }],
    // Dates the pages can show and edit; values that are finite and of a size one can read.
    // A six-digit year is no date-time the API reads (common/date-time.ts), nor is a day that does not exist.
    ["POST", "/entries", "Date must be an ISO date-time", { text: "x", date: "+275760-09-13T00:00:00.000Z" }],
    ["POST", "/entries", "Date must be an ISO date-time", { text: "x", date: "2024-02-30T10:00:00.000Z" }],
    [
      "POST",
      "/entries",
      "Date must be between 1900-01-01 and 2199-12-31",
      { text: "x", date: "1899-12-31T23:59:59.999Z" },
    ],
    [
      "POST",
      "/entries",
      "A metric value is at most 1000000000000 in size",
      { metrics: [{ name: "duration", value: 1e300 }] },
    ],
    ["POST", "/entries", "A metric value is at most 1000000000000 in size", { metrics: [{ name: "x", value: -1e13 }] }],
    // A wrong type is named as such.
    ["PUT", "/entries", "The id must be a whole number", { entryId: "12", text: "x" }],
    ["DELETE", "/entries", "The id must be a whole number", { entryId: 1.5 }],
  ];
  for (const [method, path, message, body] of bad) {
    it(`${method} ${path} ${JSON.stringify(body)} → 400 '${message}'`, async () => {
      const entry = await add(ann, { text: "keep", tags: ["keep"] });
      const before = await tableCounts();
      const res = await ann.call(method, path, body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
      expect(await tableCounts()).toEqual(before);
      expect((await ann.call("GET", `/entries/${entry.id}`)).status).toBe(200);
    });
  }

  it("names each refusal by its code and values, numbers as numbers and fields by their keys (DESIGN §3)", async () => {
    const cases: [unknown, string, Record<string, string | number>][] = [
      [{ metrics: [{ name: "mood", value: 6 }] }, "journal.moodRange", { min: 1, max: 5 }],
      [{ metrics: [{ name: "x", value: -1e13 }] }, "journal.metricValueTooLarge", { max: 1e12 }],
      [{ text: "x", date: "1899-12-31T23:59:59.999Z" }, "journal.dateRange", { min: "1900-01-01", max: "2199-12-31" }],
      [{ tags: ["!x"] }, "journal.tagNegated", {}],
      [{ metrics: [{ value: 1 }] }, "platform.fieldRequired", { field: "name" }],
    ];
    for (const [body, code, values] of cases) {
      const res = await ann.call("POST", "/entries", body);
      expect(res.status).toBe(400);
      expect(await errorBodyOf(res), JSON.stringify(body)).toMatchObject({ code, values });
    }
    const missing = await ann.call("PUT", "/entries", { text: "x" });
    expect(await errorBodyOf(missing)).toEqual({
      message: "Entry id is required",
      error: "Entry id is required",
      code: "platform.fieldRequired",
      values: { field: "entryId" },
    });
    const gone = await ann.call("GET", "/entries/999999");
    expect(gone.status).toBe(404);
    expect(await errorBodyOf(gone)).toMatchObject({ code: "journal.entryNotFound", values: {} });
  });

  it("refuses malformed JSON, ids and paging parameters", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/journal/entries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const noType = await SELF.fetch(`${ORIGIN}/api/journal/entries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN },
      body: JSON.stringify({ text: "typed without a type" }),
    });
    // A body not declared JSON is not read as one (the body check's own tests: platform/body-check.test.ts).
    expect(noType.status).toBe(415);
    expect(await errorBodyOf(noType)).toHaveProperty("code", "platform.notJson");
    expect(await count("entries")).toBe(0);
    expect((await ann.call("GET", "/entries/abc")).status).toBe(400);
    expect((await ann.call("GET", "/entries?limit=0")).status).toBe(400);
    expect((await ann.call("GET", "/entries?limit=201")).status).toBe(400);
    expect((await ann.call("GET", "/entries?before=soon")).status).toBe(400);
    expect((await ann.call("POST", "/entries-by-config", { config: { filter: [], timeRange: "decade" } })).status).toBe(
      400,
    );
  });

  it("refuses an unknown time zone instead of falling back to another", async () => {
    await add(ann, { text: "today", tags: ["t"] });
    const res = await ann.call("POST", "/entries-by-config", {
      config: { filter: [], timeRange: "today" },
      tz: "Mars/Olympus_Mons",
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("Unknown time zone");
    const known = await ann.call("POST", "/entries-by-config", {
      config: { filter: [], timeRange: "24h" },
      tz: "Asia/Tokyo",
    });
    expect(await known.json()).toHaveLength(1);
  });
});

describe("entries: writes land whole or not at all", () => {
  it("leaves no half entry when a metric insert fails", async () => {
    await env.DB.exec(
      "CREATE TRIGGER fail_metric BEFORE INSERT ON entry_metrics WHEN NEW.value = 666 BEGIN SELECT RAISE(ABORT, 'metric refused'); END",
    );
    try {
      const existing = await add(ann, { text: "before", tags: ["kept"], metrics: [{ name: "n", value: 1 }] });
      const before = await tableCounts();
      const res = await ann.call("POST", "/entries", {
        text: "half",
        tags: ["new-tag"],
        metrics: [{ name: "new-metric", value: 666 }],
      });
      expect(res.status).toBe(500);
      expect(await tableCounts()).toEqual(before);

      const update = await ann.call("PUT", "/entries", {
        entryId: existing.id,
        text: "changed",
        tags: ["other"],
        metrics: [{ name: "n", value: 666 }],
      });
      expect(update.status).toBe(500);
      expect(await tableCounts()).toEqual(before);
      expect(await (await ann.call("GET", `/entries/${existing.id}`)).json()).toEqual(existing);
    } finally {
      await env.DB.exec("DROP TRIGGER fail_metric");
    }
  });
});
