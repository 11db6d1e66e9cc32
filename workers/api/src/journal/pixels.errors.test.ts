import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, dumpDb, errorBodyOf, resetDb, signedInUser } from "../test/helpers.ts";

// A year in pixels that cannot be answered: 400 in words, its code and values for the sites, nothing written.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const YEAR_WORDS = "The year is a whole number from 1900 to 2199";

describe("GET /api/journal/pixels refuses what is not a year it answers for", () => {
  const cases: [query: string, words: string][] = [
    ["", "Year is required"],
    ["?year=", YEAR_WORDS],
    ["?year=1899", YEAR_WORDS],
    ["?year=2200", YEAR_WORDS],
    ["?year=0000", YEAR_WORDS],
    ["?year=02026", YEAR_WORDS],
    ["?year=20x6", YEAR_WORDS],
    ["?year=2026.0", YEAR_WORDS],
    ["?year=-2026", YEAR_WORDS],
    ["?year=%202026", YEAR_WORDS],
    ["?year=2026&year=2027", YEAR_WORDS],
    ["?year=2026&tz=Mars%2FOlympus", "Unknown time zone"],
  ];
  for (const [query, words] of cases)
    it(`${query || "(none)"} → 400 '${words}'`, async () => {
      const before = await dumpDb();
      const res = await ann.call("GET", `/pixels${query}`);
      expect(res.status).toBe(400);
      const body = await errorBodyOf(res);
      expect(body.message).toBe(words);
      if (words === YEAR_WORDS) {
        expect(body.code).toBe("journal.pixelsYear");
        expect(body.values).toEqual({ min: 1900, max: 2199 });
      }
      expect(await dumpDb()).toEqual(before);
    });

  it("answers the first and the last year it takes", async () => {
    expect((await bodyOf<{ days: unknown[] }>(await ann.call("GET", "/pixels?year=1900"), 200)).days).toHaveLength(365);
    expect((await bodyOf<{ days: unknown[] }>(await ann.call("GET", "/pixels?year=2199"), 200)).days).toHaveLength(365);
  });
});
