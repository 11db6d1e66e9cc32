import { type ApiMessage, type ErrorBody, message } from "@nook/shared/common/messages";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The one error body shape (DESIGN §3): the same English in `message` and `error`, the code and its values. */
export function errorBody(said: ApiMessage): ErrorBody {
  return { message: said.text, error: said.text, code: said.code, values: said.values };
}

/** An error response; its words are a registered server message, so every site can translate them. */
export function fail<S extends ContentfulStatusCode>(c: Context, status: S, said: ApiMessage) {
  return c.json(errorBody(said), status);
}

export const NOT_FOUND = message("Not found");
export const NOT_SIGNED_IN = message("Not signed in");
