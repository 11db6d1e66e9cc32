import { type ApiMessage, message } from "@nook/shared/common/messages";
import type { RandomIntegers } from "@nook/shared/random/schemas";
import * as v from "valibot";
import type { Config } from "../platform/env.ts";

/**
 * The third-party random-number service: random.org's JSON-RPC 4
 * `generateIntegers` (https://api.random.org/json-rpc/4/basic). The key stays
 * here, on the Worker (DESIGN §5); the browser only ever sees the numbers.
 */

/** Why the service gave no numbers, in the API's words (the service's own text goes to the log). */
export class RandomServiceError extends Error {
  override name = "RandomServiceError";
  constructor(
    readonly words: ApiMessage,
    detail: string,
  ) {
    super(detail);
  }
}

const Answer = v.union([
  v.object({
    jsonrpc: v.literal("2.0"),
    result: v.object({ random: v.object({ data: v.array(v.pipe(v.number(), v.integer())) }) }),
  }),
  v.object({
    jsonrpc: v.literal("2.0"),
    error: v.object({ code: v.number(), message: v.string() }),
  }),
]);

export async function generateIntegers(
  service: NonNullable<Config["random"]>,
  draw: RandomIntegers,
  fetcher: typeof fetch = fetch,
): Promise<number[]> {
  let res: Response;
  try {
    res = await fetcher(service.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        method: "generateIntegers",
        params: { apiKey: service.apiKey, n: draw.count, min: draw.min, max: draw.max, replacement: draw.replacement },
        id: crypto.randomUUID(),
      }),
      signal: AbortSignal.timeout(service.timeoutMs),
    });
  } catch (err) {
    const why = (err as Error)?.name === "TimeoutError" ? "timed out" : `no answer (${String(err)})`;
    throw new RandomServiceError(message("The random-number service did not answer"), why);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new RandomServiceError(
      message("The random-number service sent an answer that could not be read"),
      `HTTP ${res.status}, not JSON`,
    );
  }
  const parsed = v.safeParse(Answer, body);
  if (!parsed.success) {
    throw new RandomServiceError(
      message("The random-number service sent an answer that could not be read"),
      `HTTP ${res.status}, unexpected shape`,
    );
  }
  const answer = parsed.output;
  if ("error" in answer) {
    throw new RandomServiceError(
      message("The random-number service refused the request"),
      `JSON-RPC error ${answer.error.code}: ${answer.error.message}`,
    );
  }
  const numbers = answer.result.random.data;
  // Trust, but check: the numbers asked for, within the bounds, distinct when asked to be.
  const fits =
    numbers.length === draw.count &&
    numbers.every((n) => n >= draw.min && n <= draw.max) &&
    (draw.replacement || new Set(numbers).size === numbers.length);
  if (!fits) {
    throw new RandomServiceError(
      message("The random-number service sent an answer that could not be read"),
      `numbers outside the draw: ${JSON.stringify(numbers).slice(0, 200)}`,
    );
  }
  return numbers;
}
