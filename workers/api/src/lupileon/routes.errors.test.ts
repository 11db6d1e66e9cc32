import { SELF } from "cloudflare:test";
import { beforeEach, describe } from "vitest";
import { refusesEach, resetDb, signedInUser } from "../test/helpers.ts";

// A bad date: 400 with the words, nothing written — signed out (the by-date page) or in.
const WORDS = "Date must be YYYY-MM-DD or an ISO date-time from year 1000 to 3000";
const sky =
  (path: string, headers: Record<string, string> = {}) =>
  () =>
    SELF.fetch(`http://lupileon.nook.localhost/api/lupileon/${path}`, { headers });

beforeEach(resetDb);

describe("bad dates are refused on every sky route", () => {
  for (const route of ["moon", "celestial", "solar", "signs"])
    refusesEach([
      [`${route}: not a date`, WORDS, sky(`${route}/yesterday`)],
      [`${route}: no such day`, WORDS, sky(`${route}/2023-02-29`)],
      [`${route}: month 13`, WORDS, sky(`${route}/2024-13-01`)],
      [`${route}: a date-time without its zone`, WORDS, sky(`${route}/2024-03-20T03:06`)],
      [`${route}: hour 25`, WORDS, sky(`${route}/2024-03-20T25:00:00Z`)],
      [`${route}: before the year 1000`, WORDS, sky(`${route}/0999-12-31`)],
      [`${route}: after the year 3000`, WORDS, sky(`${route}/3001-01-01`)],
    ]);
});

describe("a zone that is not one is refused", () => {
  for (const route of ["moon", "solar"])
    refusesEach([
      [`${route}: a made-up zone`, "Unknown time zone", sky(`${route}/2024-03-20?tz=Mars/Olympus`)],
      [`${route}: two zones`, "Unknown time zone", sky(`${route}/2024-03-20?tz=UTC&tz=Europe/Moscow`)],
    ]);
});

describe("signed in, the same words", () => {
  let token = "";
  beforeEach(async () => {
    token = (await signedInUser("Ann")).token;
  });
  refusesEach([["moon: a word", WORDS, () => sky("moon/today", { Authorization: `Bearer ${token}` })()]]);
});
