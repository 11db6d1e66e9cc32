import { profileTimeZone } from "@nook/shared/common/time-zone";
import { firstIssueMessage, TzQuery } from "@nook/shared/common/validation";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

// The query is optional in the typed client, as `tz` is: a call without it is sent as before.
type TzInput = { in: { query?: v.InferInput<typeof TzQuery> }; out: { query: v.InferOutput<typeof TzQuery> } };

/** The `?tz=` of the request: the zone, undefined when none was given, or the 400 for one that is not a zone. */
function givenZone(c: Context<AppEnv>): { zone: string | undefined } | ReturnType<typeof fail<400>> {
  // Parsed from the raw query, as `validate` would see it (a repeated ?tz= is a list, and refused),
  // so the route's own query validator keeps its parsed output to itself.
  const given = c.req.queries("tz");
  const parsed = v.safeParse(TzQuery, { tz: given?.length === 1 ? given[0] : given });
  if (!parsed.success) return fail(c, 400, firstIssueMessage(parsed.issues));
  return { zone: parsed.output.tz };
}

/**
 * The zone a route counts local days in (DESIGN §3): `?tz=` when given, else
 * the profile's, else UTC; set as `c.var.timeZone`. A `tz` that is not an IANA
 * zone is a 400, as from `validate`, and both the query and that 400 are in the
 * route's type for the typed client. Runs after `requireUser`; the profile's
 * zone is the session's row, read here on a trip of its own when no `tz` is given.
 */
export const userTimeZone = createMiddleware<AppEnv, string, TzInput, ReturnType<typeof fail<400>>>(
  async function userTimeZone(c, next) {
    const given = givenZone(c);
    if (!("zone" in given)) return given;
    c.set("timeZone", given.zone ?? profileTimeZone((await c.var.session.read()).user.timeZone));
    await next();
  },
);

/**
 * As `userTimeZone`, for a route that needs the zone only after its first read:
 * sets `c.var.givenTimeZone`, and the route takes the profile's, if none was given, from
 * `c.var.session.read()` after that read, which brought the session's row with it.
 */
export const lateTimeZone = createMiddleware<AppEnv, string, TzInput, ReturnType<typeof fail<400>>>(
  async function lateTimeZone(c, next) {
    const given = givenZone(c);
    if (!("zone" in given)) return given;
    c.set("givenTimeZone", given.zone);
    await next();
  },
);
