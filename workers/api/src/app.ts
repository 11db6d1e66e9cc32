import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./context.ts";
import { errorBody } from "./http/errors.ts";
import { originCheck, withDb } from "./http/middleware.ts";
import { authRoutes } from "./routes/auth.ts";
import { devLoginRoutes } from "./routes/dev-login.ts";
import { journalRoutes } from "./routes/journal.ts";
import { userRoutes } from "./routes/user.ts";

const api = new Hono<AppEnv>()
  .basePath("/api")
  .use(withDb)
  .use(originCheck)
  .get("/health", async (c) => {
    const row = await c.env.DB.prepare("select 1 as ok").first<{ ok: number }>();
    return c.json({ ok: row?.ok === 1 }, 200);
  })
  .route("/auth", authRoutes)
  .route("/user", userRoutes)
  .route("/prodyalogin", devLoginRoutes)
  .route("/journal", journalRoutes);

api.notFound((c) => c.json(errorBody("Not found"), 404));
api.onError((err, c) => {
  if (err instanceof HTTPException) return c.json(errorBody(err.message || "Bad request"), err.status);
  console.error(err);
  return c.json(errorBody("Something went wrong"), 500);
});

export const app = api;
/** The API's route types, for `hc<AppType>` in the sites. */
export type AppType = typeof api;
