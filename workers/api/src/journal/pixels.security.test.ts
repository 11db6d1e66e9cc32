import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, errorOf, ORIGIN, resetDb, send, signedInUser } from "../test/helpers.ts";

// A year in pixels is one user's: another's moods never count, and signed out there is nothing.
type User = Awaited<ReturnType<typeof signedInUser>>;
type Answer = { year: number; days: (number | null)[] };
let ann: User;
let bob: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

const mood = async (user: User, date: string, value: number) =>
  bodyOf(await user.call("POST", "/entries", { date, metrics: [{ name: "mood", value }] }), 201);
const moods = async (user: User) => {
  const { days } = await bodyOf<Answer>(await user.call("GET", "/pixels?year=2026"), 200);
  return Object.fromEntries(days.flatMap((d, i) => (d === null ? [] : [[i, d] as const])));
};

describe("GET /api/journal/pixels is the reader's own", () => {
  it("never counts another user's moods, on the same days or others", async () => {
    // Moscow (UTC+3) for both: 12 March 2026 is day 70, 13 March day 71.
    await mood(ann, "2026-03-12T10:00:00Z", 4);
    await mood(bob, "2026-03-12T11:00:00Z", 1);
    await mood(bob, "2026-03-13T11:00:00Z", 1);
    expect(await moods(ann)).toEqual({ 70: 4 });
    expect(await moods(bob)).toEqual({ 70: 1, 71: 1 });
  });

  it("is 401 signed out", async () => {
    await mood(ann, "2026-03-12T10:00:00Z", 4);
    const res = await send("GET", `${ORIGIN}/api/journal/pixels?year=2026`);
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe("Not signed in");
  });
});
