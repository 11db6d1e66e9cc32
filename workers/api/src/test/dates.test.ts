import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { ADA } from "../people/test-calls.ts";
import { bearer, dumpDb, errorBodyOf, ORIGIN, resetDb, send, signedInUser } from "./helpers.ts";

// Every route that takes a date reads it with one strict parser (common/calendar-date.ts, common/date-time.ts):
// a day that does not exist, or a year no area serves, is a 400 in words and nothing is written; 29 February of
// a leap year is a day like any other. And a date of birth the profile takes, the birth-date section reads.

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Days Date.parse takes (30 February as 1 March) or no area serves (years 0 and 9999). */
const NOT_DAYS = ["2024-02-30", "2023-02-29", "0000-01-01", "9999-12-31"];
const LEAP_DAY = "2024-02-29";
/** The same day as a moment: noon UTC. */
const moment = (day: string) => `${day}T12:00:00Z`;

const PROFILE = { email: "ann@example.com", name: "Ann", username: "ann", accentColor: "blue" };
const api = (user: User, method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api${path}`, body, { ...bearer(user.token), Origin: ORIGIN });

async function created<T>(res: Response): Promise<T> {
  if (res.status !== 201) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

/**
 * A route that takes a date: what it needs first (a person to edit, a running timer), and the request
 * with a date in it. `moments` are the texts a date is sent as: the day, and the day as a date-time
 * where the field takes one (a date-time field takes nothing else).
 */
interface DateRoute {
  name: string;
  moments: (day: string) => string[];
  prepare?: (user: User) => Promise<number>;
  request: (user: User, date: string, id: number) => Promise<Response>;
}
const dayOrMoment = (day: string) => [day, moment(day)];
const dayOnly = (day: string) => [day];
const momentOnly = (day: string) => [moment(day)];

const ROUTES: DateRoute[] = [
  {
    name: "PUT /api/user/profile dateOfBirth",
    moments: dayOrMoment,
    request: (u, date) => api(u, "PUT", "/user/profile", { ...PROFILE, dateOfBirth: date }),
  },
  {
    name: "POST /api/people birthDate",
    moments: dayOrMoment,
    request: (u, date) => api(u, "POST", "/people", { ...ADA, birthDate: date }),
  },
  {
    name: "PUT /api/people/:id birthDate",
    moments: dayOrMoment,
    prepare: async (u) => (await created<{ id: number }>(await api(u, "POST", "/people", ADA))).id,
    request: (u, date, id) => api(u, "PUT", `/people/${id}`, { id, name: ADA.name, email: ADA.email, birthDate: date }),
  },
  {
    name: "PUT /api/steps/:id deadline",
    moments: momentOnly,
    prepare: async (u) =>
      (await created<{ data: { id: number } }>(await api(u, "POST", "/steps", { name: "Trip" }))).data.id,
    request: (u, date, id) => api(u, "PUT", `/steps/${id}`, { id, name: "Trip", deadline: date }),
  },
  {
    name: "GET /api/calendar?from=&to=",
    moments: dayOnly,
    request: (u, date) => api(u, "GET", `/calendar?from=${date}&to=${date}`),
  },
  ...["moon", "celestial", "solar", "signs"].map(
    (route): DateRoute => ({
      name: `GET /api/lupileon/${route}/:date`,
      moments: dayOrMoment,
      request: (u, date) => api(u, "GET", `/lupileon/${route}/${date}`),
    }),
  ),
  {
    name: "POST /api/journal/entries date",
    moments: momentOnly,
    request: (u, date) => api(u, "POST", "/journal/entries", { text: "x", date }),
  },
  {
    name: "PUT /api/journal/entries date",
    moments: momentOnly,
    prepare: async (u) => (await created<{ id: number }>(await api(u, "POST", "/journal/entries", { text: "x" }))).id,
    request: (u, date, id) => api(u, "PUT", "/journal/entries", { entryId: id, text: "x", date }),
  },
  {
    name: "GET /api/journal/entries?before=",
    moments: momentOnly,
    request: (u, date) => api(u, "GET", `/journal/entries?before=${encodeURIComponent(date)}`),
  },
  {
    name: "POST /api/journal/entries-by-config before",
    moments: momentOnly,
    request: (u, date) => api(u, "POST", "/journal/entries-by-config", { config: { filter: [] }, before: date }),
  },
  {
    name: "POST /api/journal/timer initAt",
    moments: momentOnly,
    request: (u, date) => api(u, "POST", "/journal/timer", { text: "x", tags: [], initAt: date }),
  },
  {
    name: "PUT /api/journal/timer startedAt",
    moments: momentOnly,
    prepare: async (u) =>
      (await created<{ id: number }>(await api(u, "POST", "/journal/timer", { initAt: moment("2024-02-01") }))).id,
    request: (u, date, id) =>
      api(u, "PUT", "/journal/timer", { id, text: "", tags: [], startedAt: date, pausedAt: null, pausedTimeDiff: 0 }),
  },
];

let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

for (const route of ROUTES)
  describe(route.name, () => {
    for (const day of NOT_DAYS)
      for (const date of route.moments(day))
        it(`${date} → 400 in words, nothing written`, async () => {
          const id = (await route.prepare?.(ann)) ?? 0;
          const before = await dumpDb();
          const res = await route.request(ann, date, id);
          expect(res.status).toBe(400);
          const body = await errorBodyOf(res);
          // Never the fallback "is not valid": each date's refusal is a message of its own.
          expect(body.code).not.toMatch(/^platform\.(invalid|fieldInvalid)$/);
          expect(await dumpDb()).toEqual(before);
        });

    for (const date of route.moments(LEAP_DAY))
      it(`${date} is taken`, async () => {
        const id = (await route.prepare?.(ann)) ?? 0;
        const res = await route.request(ann, date, id);
        expect(res.status, await res.clone().text()).toBeLessThan(300);
      });
  });

describe("a date of birth the profile takes is one the birth-date section reads", () => {
  const sky = (route: string, date: string) =>
    SELF.fetch(`http://lupileon.nook.localhost/api/lupileon/${route}/${date}`);

  for (const [given, kept] of [
    ["1000-01-01", "1000-01-01"],
    ["3000-12-31", "3000-12-31"],
    [LEAP_DAY, LEAP_DAY],
    // Only the date part is kept, as written: the UTC day would be 31 December 999.
    ["1000-01-01T00:30:00+01:00", "1000-01-01"],
  ] as const)
    it(`${given}: saved as ${kept}, and every sky route answers for it`, async () => {
      expect((await api(ann, "PUT", "/user/profile", { ...PROFILE, dateOfBirth: given })).status).toBe(200);
      const summary = await (await api(ann, "GET", "/lupileon/summary")).json<{ dateOfBirth: string }>();
      expect(summary.dateOfBirth).toBe(kept);
      for (const route of ["moon", "celestial", "solar", "signs"])
        expect((await sky(route, summary.dateOfBirth)).status, route).toBe(200);
    });

  for (const date of ["0999-12-31", "3001-01-01"])
    it(`${date}: refused by both, in words naming the same years`, async () => {
      const profile = await api(ann, "PUT", "/user/profile", { ...PROFILE, dateOfBirth: date });
      expect(profile.status).toBe(400);
      expect(await errorBodyOf(profile)).toMatchObject({
        code: "platform.dateYears",
        values: { field: "dateOfBirth", min: 1000, max: 3000 },
      });
      const sky400 = await sky("signs", date);
      expect(sky400.status).toBe(400);
      expect(await errorBodyOf(sky400)).toMatchObject({
        code: "lupileon.dateInvalid",
        values: { min: 1000, max: 3000 },
      });
    });
});
