import { message } from "@nook/shared/common/messages";
import { type RandomIntegersAnswer, RandomIntegersBody } from "@nook/shared/random/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { generateIntegers, RandomServiceError } from "./random-org.ts";

/**
 * The random site's one call (spec 2 §7 "Random integers", DESIGN §5): the
 * third-party source, through the Worker that holds its key. Signed in only,
 * so the key's quota is not an open door; the page's default source, this
 * device's `crypto.getRandomValues`, needs no call at all.
 *   POST /api/random/integers {count, min, max, replacement?} → {numbers, source}
 *   503 when the service is not configured, 502 when it fails.
 */
export const randomRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/integers", validate("json", RandomIntegersBody), async (c) => {
    const service = c.var.config.random;
    if (!service) return fail(c, 503, message("The random-number service is not configured"));
    try {
      const numbers = await generateIntegers(service, c.req.valid("json"));
      return c.json({ numbers, source: "random.org" } satisfies RandomIntegersAnswer, 200);
    } catch (err) {
      if (!(err instanceof RandomServiceError)) throw err;
      console.warn(`random.org: ${err.message}`);
      return fail(c, 502, err.words);
    }
  });
