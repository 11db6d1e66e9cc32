import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { errorBodyOf, ORIGIN, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import type { User } from "./test-calls.ts";

// GET /api/journal/insights refuses what is not a span of days, with a 400 in words and nothing written.
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  // Something to read, so a refusal is not an empty answer by chance.
  await ann.call("POST", "/entries", { tags: ["run"], metrics: [{ name: "mood", value: 4 }] });
});

describe("GET /api/journal/insights: bad input", () => {
  const get = (query: string) => () => ann.call("GET", `/insights?${query}`);
  refusesEach([
    ["a day that is not one", "from and to must be dates (YYYY-MM-DD)", get("from=2026-02-30")],
    ["words for a day", "from and to must be dates (YYYY-MM-DD)", get("to=yesterday")],
    ["an empty day", "from and to must be dates (YYYY-MM-DD)", get("from=")],
    ["from after to", "from must not be after to", get("from=2026-03-02&to=2026-03-01")],
    ["more than ten years", "Insights cover at most 3660 days", get("from=2016-01-01&to=2026-01-08")],
    ["a repeated from", "from and to must be dates (YYYY-MM-DD)", get("from=2026-01-01&from=2026-01-02")],
    ["a zone that is not one", "Unknown time zone", get("tz=Mars/Olympus")],
    ["a year before any entry's", "From must be a date from year 1900 to 2199", get("from=1899-12-31")],
    ["a year after any entry's", "To must be a date from year 1900 to 2199", get("to=2200-01-01")],
  ]);

  it("says the span's limit by its code and values, for the reader's language", async () => {
    const res = await ann.call("GET", "/insights?from=2000-01-01&to=2026-01-01");
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toMatchObject({ code: "insights.rangeTooLong", values: { max: 3660 } });
  });

  it("takes ten years, its longest span", async () => {
    const res = await ann.call("GET", "/insights?from=2016-01-01&to=2026-01-07");
    expect(res.status).toBe(200);
  });

  it("answers a signed-out request 401", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/journal/insights`);
    expect(res.status).toBe(401);
  });
});
