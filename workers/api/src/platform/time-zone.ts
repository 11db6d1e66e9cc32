import { firstIssueMessage, TzQuery } from "@nook/shared/common/validation";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

// The query is optional in the typed client, as `tz` is: a call without it is sent as before.
type TzInput = { in: { query?: v.InferInput<typeof TzQuery> }; out: { query: v.InferOutput<typeof TzQuery> } };

/**
 * The zone a route counts local days in (DESIGN §3): `?tz=` when given, else
 * the profile's, else UTC; set as `c.var.timeZone`. A `tz` that is not an IANA
 * zone is a 400, as from `validate`, and both the query and that 400 are in the
 * route's type for the typed client. Runs after `requireUser`.
 */
export const userTimeZone = createMiddleware<AppEnv, string, TzInput, ReturnType<typeof fail<400>>>(
  async function userTimeZone(c, next) {
    // Parsed from the raw query, as `validate` would see it (a repeated ?tz= is a list, and refused),
    // so the route's own query validator keeps its parsed output to itself.
    const given = c.req.queries("tz");
    const parsed = v.safeParse(TzQuery, { tz: given?.length === 1 ? given[0] : given });
    if (!parsed.success) return fail(c, 400, firstIssueMessage(parsed.issues));
    // The profile's zone is the session's row: read now, a trip of its own, unless `tz` was given.
    c.set("timeZone", parsed.output.tz ?? (await c.var.session.read()).user.timeZone ?? "UTC");
    await next();
  },
);
