import { vValidator } from "@hono/valibot-validator";
import { firstIssueMessage } from "@nook/shared/common/validation";
import type { ValidationTargets } from "hono";
import type * as v from "valibot";
import { errorBody } from "./errors.ts";

/**
 * Parses a request part with a valibot schema before the handler runs. On
 * failure: 400 with the first issue in words, so nothing is written — and the
 * 400 is part of the route's type, so the typed client sees it too. The
 * handler reads the schema's output (`c.req.valid(target)`); clients send its input.
 */
export function validate<Target extends keyof ValidationTargets, S extends v.GenericSchema>(target: Target, schema: S) {
  return vValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(errorBody(firstIssueMessage(result.issues)), 400);
  });
}
