import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { aroundTrips, paced } from "./d1-pace.ts";
import { openDb } from "./db.ts";

/**
 * For a heavy route, after `requireUser`: every trip of its `c.var.db` (the session's check carried as
 * before) rests as long as it took. A tag's or metric's rename, merge or delete goes through it: each part
 * is a few trips besides its batch, and back to back they would hold D1 for the whole request.
 */
export const pacedTrips = createMiddleware<AppEnv>(async function pacedTrips(c, next) {
  c.set("db", openDb(aroundTrips(c.var.session.binding(), paced)));
  await next();
});
