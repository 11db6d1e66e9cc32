import { firstIssueMessage } from "@nook/shared/auth";
import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { errorBody } from "./errors.ts";

type Target = "json" | "query" | "param";

/**
 * Parses a request part with a valibot schema before the handler runs; on
 * failure answers 400 with the first issue in words, so nothing is written.
 * The parsed output types `c.req.valid(target)` and flows into the RPC client.
 */
export function validate<T extends Target, S extends v.GenericSchema>(
  target: T,
  schema: S,
): MiddlewareHandler<any, string, { in: { [K in T]: v.InferInput<S> }; out: { [K in T]: v.InferOutput<S> } }> {
  // The clients send the schema's input (an ISO date string); handlers read its output (epoch ms).
  return validator(target, (value, c) => {
    const result = v.safeParse(schema, value);
    if (!result.success) return c.json(errorBody(firstIssueMessage(result.issues)), 400);
    return result.output as v.InferOutput<S>;
  }) as never;
}
