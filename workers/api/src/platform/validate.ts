import { vValidator } from "@hono/valibot-validator";
import { message } from "@nook/shared/common/messages";
import { firstIssueMessage } from "@nook/shared/common/validation";
import type { ValidationTargets } from "hono";
import type * as v from "valibot";
import { hasBody, isJsonObjectText, wantsObject } from "./body-check.ts";
import { errorBody } from "./errors.ts";

/**
 * Parses a request part with a valibot schema before the handler runs. On
 * failure: 400 with the first issue in words, so nothing is written — and the
 * 400 is part of the route's type, so the typed client sees it too. The
 * handler reads the schema's output (`c.req.valid(target)`); clients send its input.
 * A JSON target needs a body: Hono reads a missing one as `{}`, which a schema
 * of optional fields would take for a request to change nothing. A schema of
 * an object takes an object, and nothing else JSON can be: valibot's object
 * schemas take an array as an object with no fields, so `[]` sent to a route of
 * optional fields (the timer's reset) would act as `{}`.
 */
export function validate<Target extends keyof ValidationTargets, S extends v.GenericSchema>(target: Target, schema: S) {
  const objectOnly = target === "json" && wantsObject(schema);
  const middleware = vValidator(target, schema, async (result, c) => {
    if (target === "json" && !hasBody(c.req.raw)) return c.json(errorBody(message("The body must be JSON")), 400);
    if (objectOnly && !(await isJsonObjectText(c.req.text())))
      return c.json(errorBody(message("The body must be a JSON object")), 400);
    if (!result.success) return c.json(errorBody(firstIssueMessage(result.issues)), 400);
  });
  validators.set(middleware, { target, schema });
  return middleware;
}

/**
 * What each middleware made by `validate` checks, by the middleware: the
 * route-walking fuzz test (test/fuzz.test.ts) finds a route's schemas among
 * its handlers in `app.routes`, and makes requests from them, so a new
 * route is fuzzed with well-typed input without a line written for it.
 */
export const validators = new WeakMap<object, { target: keyof ValidationTargets; schema: v.GenericSchema }>();
