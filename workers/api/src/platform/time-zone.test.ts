import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../auth/session.ts";
import type { SessionGate } from "../auth/session-gate.ts";
import type { AppEnv } from "./context.ts";
import { userTimeZone } from "./time-zone.ts";

describe("userTimeZone", () => {
  /** How often the route read the session's row (a trip to D1 of its own when nothing else carried it). */
  let reads = 0;
  /** A route behind userTimeZone for a user whose profile has `profileZone`. */
  const zoneFor = (profileZone: string | null) =>
    new Hono<AppEnv>()
      .use(
        createMiddleware<AppEnv>(async (c, next) => {
          const user: SessionUser = {
            id: 1,
            name: "Ann",
            username: "ann",
            email: "ann@example.com",
            accentColor: "blue",
            timeZone: profileZone,
          };
          c.set("user", { id: user.id });
          const session = {
            read: async () => {
              reads++;
              return { user, lastSeenAt: 0 };
            },
          };
          c.set("session", session as unknown as SessionGate);
          await next();
        }),
      )
      .get("/zone", userTimeZone, (c) => c.json({ timeZone: c.var.timeZone }, 200));

  it("takes ?tz= first, then the profile's zone, then UTC", async () => {
    const zone = async (profile: string | null, query = "") =>
      (await (await zoneFor(profile).request(`/zone${query}`)).json()) as { timeZone: string };
    reads = 0;
    expect(await zone("Europe/Moscow", "?tz=Asia%2FTokyo")).toEqual({ timeZone: "Asia/Tokyo" });
    // A zone given costs no read of the profile's.
    expect(reads).toBe(0);
    expect(await zone("Europe/Moscow")).toEqual({ timeZone: "Europe/Moscow" });
    expect(await zone(null)).toEqual({ timeZone: "UTC" });
  });

  it("answers 400 with the schemas' message for a zone that is not one, or for two of them", async () => {
    for (const query of ["?tz=Mars%2FOlympus", "?tz=UTC&tz=Asia%2FTokyo"]) {
      const res = await zoneFor("Europe/Moscow").request(`/zone${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: "Unknown time zone",
        error: "Unknown time zone",
        code: "auth.unknownTimeZone",
        values: {},
      });
    }
  });
});
