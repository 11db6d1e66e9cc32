import { type ApiMessage, type ErrorBody, message } from "@nook/shared/common/messages";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error body shape (DESIGN §3): the same words in `message` and `error`. */
export function errorBody(text: ApiMessage): ErrorBody {
  return { message: text, error: text };
}

/** An error response; its words are a registered server message, so every site can translate them. */
export function fail<S extends ContentfulStatusCode>(c: Context, status: S, text: ApiMessage) {
  return c.json(errorBody(text), status);
}

export const NOT_FOUND = message("Not found");
export const NOT_SIGNED_IN = message("Not signed in");
