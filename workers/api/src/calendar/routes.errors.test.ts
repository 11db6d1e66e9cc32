import { beforeEach, describe, expect, it } from "vitest";
import { bearer, errorOf, ORIGIN, resetDb, send, signedInUser } from "../test/helpers.ts";

// A calendar call that cannot be answered: 400 in words (it writes nothing: it is a GET).
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const get = (query: string) => send("GET", `${ORIGIN}/api/calendar${query}`, undefined, bearer(ann.token));

describe("bad spans are refused in words", () => {
  const cases: [string, string][] = [
    ["", "From is required"],
    ["?from=2026-01-01", "To is required"],
    ["?from=2026-1-1&to=2026-01-02", "from and to must be dates (YYYY-MM-DD)"],
    ["?from=2026-02-29&to=2026-03-01", "from and to must be dates (YYYY-MM-DD)"],
    ["?from=2026-01-01&to=tomorrow", "from and to must be dates (YYYY-MM-DD)"],
    ["?from=2026-01-02&to=2026-01-01", "from must not be after to"],
    ["?from=2026-01-01&to=2027-02-05", "A calendar range is at most 400 days"],
    ["?from=2026-01-01&to=2026-01-31&tz=Mars/Olympus", "Unknown time zone"],
  ];
  for (const [query, words] of cases)
    it(`${query || "(none)"} → 400 '${words}'`, async () => {
      const res = await get(query);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(words);
    });

  it("takes exactly 400 days", async () => {
    expect((await get("?from=2026-01-01&to=2027-02-04")).status).toBe(200);
  });
});
