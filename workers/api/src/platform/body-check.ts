import { message } from "@nook/shared/common/messages";
import { IMPORT_BYTES_MAX, IMPORT_MB_MAX } from "@nook/shared/import/limits";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

/** The largest body any route takes; the biggest real one (an entry at its longest) is a small part of it. */
export const MAX_BODY_KB = 256;

/** The one route whose body is a file, larger than the rest and not always JSON (import/routes.ts). */
export const IMPORT_PATH = "/api/user/import";

const usualLimit = bodyLimit({
  maxSize: MAX_BODY_KB * 1024,
  onError: (c) => fail(c, 413, message("The body is larger than {max} KB", { max: MAX_BODY_KB })),
});
const importLimit = bodyLimit({
  maxSize: IMPORT_BYTES_MAX,
  onError: (c) => fail(c, 413, message("A file to import is at most {max} MB", { max: IMPORT_MB_MAX })),
});

/**
 * Refuses a body over MAX_BODY_KB (an import's over IMPORT_MB_MAX) with 413
 * before anything parses it: by its Content-Length when it states one, and
 * for a chunked body by counting what is read, which stops at the limit.
 */
export const bodySizeCheck = createMiddleware<AppEnv>(function bodySizeCheck(c, next) {
  return (c.req.path === IMPORT_PATH ? importLimit : usualLimit)(c, next);
});

/**
 * Whether a request carries a body. A DELETE or a lift sent with none has no
 * body stream, or one declared empty (Content-Length: 0); a request made in
 * the Worker itself (the typed test client) streams its body without stating
 * a length, so the stream, not the header, is what says there is one.
 */
export function hasBody(request: Request): boolean {
  return request.body !== null && request.headers.get("Content-Length") !== "0";
}

/**
 * Every route that takes a body takes JSON. Hono's validator reads a body of
 * any other type as `{}`, so a text/plain body (which a foreign page can send
 * without a preflight) would pass as an empty object and the route act on
 * defaults; a body that is not declared JSON is refused with 415 instead.
 */
export const jsonBodyCheck = createMiddleware<AppEnv>(async function jsonBodyCheck(c, next) {
  // An import's file is JSON or CSV by its format; the route checks which (import/routes.ts).
  if (hasBody(c.req.raw) && c.req.path !== IMPORT_PATH) {
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/json") return fail(c, 415, message("The body must be JSON"));
  }
  await next();
});
