import { profileTimeZone } from "@nook/shared/common/profile-zone";
import { PixelsQuery } from "@nook/shared/journal/pixels";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { lateTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { pixelsByLocalDay, pixelsRead, yearInPixels } from "./pixels.ts";

/**
 * A year in pixels: `GET /api/journal/pixels?year=` (Nook's own, beside the spec's journal calls), each local
 * day's mean mood in the profile's zone (`?tz=` for scripts), or null (pixels.ts). Mounted in the journal's
 * routes, behind their `requireUser`; one trip to D1, the session's check and its zone riding on it.
 */
export const pixelsRoutes = new Hono<AppEnv>().get(
  "/pixels",
  lateTimeZone,
  validate("query", PixelsQuery),
  async (c) => {
    const { db, user } = c.var;
    const { year } = c.req.valid("query");
    const sums = await pixelsRead(db, user.id, year);
    const zone = c.var.givenTimeZone ?? profileTimeZone((await c.var.session.read()).user.timeZone);
    return c.json(await yearInPixels(sums, () => pixelsByLocalDay(db, user.id, year, zone), year, zone), 200);
  },
);
