import { message } from "@nook/shared/common/messages";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { devLoginRoutes } from "./auth/dev-login-routes.ts";
import { inviteRoutes } from "./auth/invite-routes.ts";
import { passkeyRoutes } from "./auth/passkeys.ts";
import { profileRoutes } from "./auth/profile-routes.ts";
import { authRoutes } from "./auth/routes.ts";
import { SessionEnded } from "./auth/session-gate.ts";
import { calendarRoutes } from "./calendar/routes.ts";
import { donateRoutes } from "./donate/routes.ts";
import { importRoutes } from "./import/routes.ts";
import { importRunRoutes } from "./import/run-routes.ts";
import { journalRoutes } from "./journal/routes.ts";
import { lupileonRoutes } from "./lupileon/routes.ts";
import { peopleRoutes } from "./people/routes.ts";
import { bodySizeCheck, jsonBodyCheck } from "./platform/body-check.ts";
import type { AppEnv } from "./platform/context.ts";
import { ConfigError, platform } from "./platform/env.ts";
import { errorBody, fail, NOT_FOUND, NOT_SIGNED_IN } from "./platform/errors.ts";
import { originCheck } from "./platform/origin-check.ts";
import { responseHeaders } from "./platform/response-headers.ts";
import { devCronRoutes } from "./push/dev-cron-routes.ts";
import { pushRoutes, reminderRoutes } from "./push/routes.ts";
import { randomRoutes } from "./random/routes.ts";
import { stepsRoutes } from "./steps/routes.ts";
import { todayRoutes } from "./today/routes.ts";
import { exportRoutes } from "./user/export-routes.ts";

/** The API: one `.route()` per area, chained so the RPC client's types flow. */
const api = new Hono<AppEnv>()
  // Before the base path, so an answer to a path outside /api carries the headers too.
  .use(responseHeaders)
  .basePath("/api")
  .use(bodySizeCheck)
  .use(platform)
  .use(originCheck)
  .use(jsonBodyCheck)
  .get("/health", async (c) => {
    const row = await c.var.d1.prepare("select 1 as ok").first<{ ok: number }>();
    return c.json({ ok: row?.ok === 1 }, 200);
  })
  .route("/auth", authRoutes)
  .route("/auth", inviteRoutes)
  .route("/auth/passkeys", passkeyRoutes)
  .route("/user", profileRoutes)
  .route("/user/import", importRoutes)
  .route("/user/imports", importRunRoutes)
  .route("/user", exportRoutes)
  .route("/prodyalogin", devLoginRoutes)
  .route("/journal", journalRoutes)
  .route("/donate", donateRoutes)
  .route("/people", peopleRoutes)
  .route("/steps", stepsRoutes)
  .route("/calendar", calendarRoutes)
  .route("/random", randomRoutes)
  .route("/lupileon", lupileonRoutes)
  .route("/today", todayRoutes)
  .route("/push", pushRoutes)
  .route("/reminders", reminderRoutes)
  .route("/dev", devCronRoutes);

api.notFound((c) => c.json(errorBody(NOT_FOUND), 404));

/** Whether an error is, or was caused by, the session gate's SessionEnded. */
function endedSession(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof SessionEnded) return true;
  return false;
}
api.onError((err, c) => {
  // The session check on a route's first trip to D1 found the session ended (auth/session-gate.ts), maybe
  // wrapped by drizzle's DrizzleQueryError: a 401 like any other, said in one line, not a query's error.
  if (endedSession(err)) {
    console.warn(`401 session ended: ${c.req.method} ${c.req.path}`);
    return fail(c, 401, NOT_SIGNED_IN);
  }
  if (err instanceof ConfigError) {
    console.error(err.message);
    return c.json(errorBody(message("Server configuration is invalid")), 500);
  }
  // Hono's own 400s (a body that is not JSON) carry English we did not write.
  if (err instanceof HTTPException && err.status === 400)
    return c.json(errorBody(message("The body must be JSON")), 400);
  if (err instanceof HTTPException) return c.json(errorBody(message("Something went wrong")), err.status);
  console.error(err);
  return c.json(errorBody(message("Something went wrong")), 500);
});

export const app = api;
/** The API's route types, for `hc<AppType>` in the sites. */
export type AppType = typeof api;
