import { message } from "@nook/shared/common/messages";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

/** The largest body any route takes; the biggest real one (an entry at its longest) is a small part of it. */
export const MAX_BODY_KB = 256;

/**
 * The routes whose body is a file, or a chunk of one, JSON or CSV by its format (import/routes.ts,
 * import/run-routes.ts). Their bodies are within MAX_BODY_KB like any other: no request holds a file.
 */
export const IMPORT_PATH = "/api/user/import";
export const IMPORT_CHUNK_PATH = /^\/api\/user\/imports\/[^/]+\/chunks\/[^/]+$/;
const isFilePath = (path: string) => path === IMPORT_PATH || IMPORT_CHUNK_PATH.test(path);

const usualLimit = bodyLimit({
  maxSize: MAX_BODY_KB * 1024,
  onError: (c) => fail(c, 413, message("The body is larger than {max} KB", { max: MAX_BODY_KB })),
});

/**
 * Refuses a body over MAX_BODY_KB with 413 before anything parses it: by its
 * Content-Length when it states one, and for a chunked body by counting what
 * is read, which stops at the limit. An import's file comes a chunk at a time
 * within it, so a hostile file (24 MB of `[`) costs a Worker 256 KB at most.
 */
export const bodySizeCheck = usualLimit;

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
  // An import's file (or chunk) is JSON or CSV by its format; the route checks which (import/routes.ts).
  if (hasBody(c.req.raw) && !isFilePath(c.req.path)) {
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/json") return fail(c, 415, message("The body must be JSON"));
  }
  await next();
});
