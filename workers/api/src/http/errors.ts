import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error body shape (DESIGN §3): the same words in `message` and `error`. */
export function errorBody(message: string) {
  return { message, error: message };
}

export function fail<S extends ContentfulStatusCode>(c: Context, status: S, message: string) {
  return c.json(errorBody(message), status);
}
