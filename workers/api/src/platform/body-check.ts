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
 *
 * A JSON body is UTF-8 (RFC 8259 §8.1), decoded here once, strictly: a byte
 * sequence that is not UTF-8 is refused with 400 before any route runs, where
 * the usual decoding would have turned it into U+FFFD and stored that. Hono
 * keeps the bytes read here, so the validator parses the body that was checked.
 */
export const jsonBodyCheck = createMiddleware<AppEnv>(async function jsonBodyCheck(c, next) {
  // An import's file (or chunk) is JSON or CSV by its format; the route checks which, and decodes it as
  // strictly (import/chunk.ts).
  if (hasBody(c.req.raw) && !isFilePath(c.req.path)) {
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/json") return fail(c, 415, message("The body must be JSON"));
    // Read outside the decoder's try: a body over the limit throws here, and bodySizeCheck answers it 413.
    const bytes = await c.req.arrayBuffer();
    if (!isUtf8(bytes)) return fail(c, 400, message("The body is not valid UTF-8 text"));
  }
  await next();
});

/** Whether bytes are UTF-8: no stray byte, no sequence cut short, no overlong form, no surrogate's code. */
function isUtf8(bytes: ArrayBuffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** valibot's object schemas, by their `type`. */
const OBJECT_TYPES = new Set(["object", "loose_object", "strict_object", "object_with_rest"]);

/**
 * Whether a schema takes only an object (a JSON body in `{}`): an object schema, piped or not, or a union
 * of them. valibot's object schemas take an array too (`[]` is an object to `typeof`), so `validate` asks
 * this and refuses any other JSON value before the schema's answer counts.
 */
export function wantsObject(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const { type, options } = schema as { type?: unknown; options?: unknown };
  if (typeof type === "string" && OBJECT_TYPES.has(type)) return true;
  return (type === "union" || type === "variant") && Array.isArray(options) && options.every(wantsObject);
}

/**
 * Whether a JSON body that parsed is an object: its text, after JSON's whitespace, opens with `{` (an array
 * opens with `[`, and a string, number, true, false or null with something else). The text is the one the
 * validator parsed, from Hono's body cache: nothing is parsed twice.
 */
export async function isJsonObjectText(text: Promise<string>): Promise<boolean> {
  return /^[\t\n\r ]*\{/.test(await text);
}
