import { env, SELF } from "cloudflare:test";
import type { MoonAnswer, SignsAnswer, SolarAnswer } from "@nook/shared/lupileon/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, expectStatus, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";

const LUPILEON = "http://lupileon.nook.localhost";
/** A signed-out call from the by-date page. */
const sky = (path: string) => SELF.fetch(`${LUPILEON}/api/lupileon/${path}`);

beforeEach(resetDb);

describe("GET /api/lupileon/summary", () => {
  it("answers the signed-in user's date of birth and name, not to be cached", async () => {
    const ann = await signedInUser("Ann");
    await env.DB.prepare("UPDATE users SET date_of_birth = '1990-05-17' WHERE id = ?").bind(ann.id).run();
    const res = await expectStatus(await ann.api.lupileon.summary.$get(), 200);
    expect(await res.json()).toEqual({ dateOfBirth: "1990-05-17", name: "Ann" });
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers null for a user who has not given one", async () => {
    const bob = await signedInUser("Bob");
    const res = await expectStatus(await bob.api.lupileon.summary.$get(), 200);
    expect(await res.json()).toEqual({ dateOfBirth: null, name: "Bob" });
  });
});

describe("the sky for a date, open to everyone and cached", () => {
  it("moon: the phase, the light and the phases either side", async () => {
    const res = await sky("moon/2024-04-08T18:21:00Z");
    const moon = await bodyOf<MoonAnswer>(res, 200);
    expect(moon).toMatchObject({ at: "2024-04-08T18:21:00.000Z", phaseName: "New Moon" });
    expect(moon.illumination).toBeLessThan(0.001);
    expect(moon.previousNewMoon.slice(0, 10)).toBe("2024-03-10");
    expect(moon.nextFullMoon.slice(0, 10)).toBe("2024-04-23");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("moon for a date is read at noon UTC", async () => {
    const moon = await bodyOf<MoonAnswer>(await sky("moon/2024-01-25"), 200);
    expect(moon.at).toBe("2024-01-25T12:00:00.000Z");
    expect(moon.phaseName).toBe("Full Moon"); // full at 17:54 UT that day
  });

  it("moon: ?tz= names the reader's day (the full moon of 2025-12-04 at 23:14 UT)", async () => {
    const phase = async (path: string) => (await bodyOf<MoonAnswer>(await sky(path), 200)).phaseName;
    expect(await phase("moon/2025-12-04")).toBe("Full Moon");
    expect(await phase("moon/2025-12-05")).toBe("Waning Gibbous");
    expect(await phase("moon/2025-12-04?tz=Europe/Moscow")).toBe("Waxing Gibbous");
    expect(await phase("moon/2025-12-05?tz=Europe/Moscow")).toBe("Full Moon");
    // A moment is named by the day holding it in the zone: 23:30 UT on the 4th is the 5th in Moscow.
    expect(await phase("moon/2025-12-04T23:30:00Z")).toBe("Full Moon");
    expect(await phase("moon/2025-12-04T23:30:00Z?tz=Europe/Moscow")).toBe("Full Moon");
    expect(await phase("moon/2025-12-04T20:30:00Z?tz=Europe/Moscow")).toBe("Waxing Gibbous");
  });

  it("solar: ?tz= names the day of the solstice in the reader's zone, one day only", async () => {
    // The June solstice of 2024 at 20:51 UT: the 20th in UTC, the 21st in Dubai (UTC+4).
    const nearest = async (path: string) => (await bodyOf<SolarAnswer>(await sky(path), 200)).nearest?.event ?? null;
    expect(await nearest("solar/2024-06-20")).toBe("summerSolstice");
    expect(await nearest("solar/2024-06-21")).toBeNull();
    expect(await nearest("solar/2024-06-20?tz=Asia/Dubai")).toBeNull();
    expect(await nearest("solar/2024-06-21?tz=Asia/Dubai")).toBe("summerSolstice");
  });

  it("celestial: ten bodies' longitudes", async () => {
    const res = await sky("celestial/2020-12-21T18:20:00Z");
    const bodies = await bodyOf<Record<string, number>>(res, 200);
    expect(Object.keys(bodies)).toHaveLength(10);
    expect(Math.abs(bodies.jupiter! - bodies.saturn!)).toBeLessThan(0.1); // the great conjunction
    expect(res.headers.get("Cache-Control")).toContain("max-age=31536000");
  });

  it("solar: the year's events, the nearest, and the daylight", async () => {
    const solar = await bodyOf<SolarAnswer>(await sky("solar/2024-06-20"), 200);
    expect(solar.year).toBe(2024);
    expect(Object.keys(solar)).toEqual(
      expect.arrayContaining([
        "perihelion",
        "springEquinox",
        "summerSolstice",
        "aphelion",
        "autumnEquinox",
        "winterSolstice",
      ]),
    );
    expect(solar.nearest?.event).toBe("summerSolstice");
    expect(solar.daylight.trend).toBe("rising");
  });

  it("signs: tropical, sidereal, Chinese, Celtic and the weekday", async () => {
    const signs = await bodyOf<SignsAnswer>(await sky("signs/1990-05-17"), 200);
    expect(signs).toEqual({
      day: "1990-05-17",
      // Four days before Gemini: past the 3-day edge. In the sidereal zodiac, Taurus's third day.
      tropical: { sign: "taurus", from: "04-20", to: "05-20", cusp: null },
      sidereal: { sign: "taurus", from: "05-15", to: "06-14", cusp: { edge: "startOf", neighbour: "aries" } },
      chinese: {
        animal: "horse",
        element: "metal",
        yinYang: "yang",
        stem: 6,
        branch: 6,
        cycleYear: 7,
        yearStart: "1990-01-27",
        yearEnd: "1991-02-14",
      },
      celtic: { sign: "hawthorn", from: "05-13", to: "06-09", cusp: null },
      weekday: 4,
    });
  });

  it("signs: the date part of a date-time", async () => {
    const signs = await bodyOf<SignsAnswer>(await sky("signs/1990-01-26T23:30:00-01:00"), 200);
    // 27 January 00:30 UTC: the first day of the year of the horse.
    expect(signs.day).toBe("1990-01-27");
    expect(signs.chinese.animal).toBe("horse");
  });

  it("answers the same to a signed-in user", async () => {
    const ann = await signedInUser("Ann");
    const res = await expectStatus(await ann.api.lupileon.signs[":date"].$get({ param: { date: "2000-02-04" } }), 200);
    expect((await res.json()).chinese).toMatchObject({ animal: "rabbit", element: "earth", yearEnd: "2000-02-04" });
  });

  it("is served on every site's host", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/lupileon/moon/2024-04-08`);
    expect(res.status).toBe(200);
  });
});
