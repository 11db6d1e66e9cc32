import * as v from "valibot";
import { message } from "../common/messages.ts";
import { RANDOM_COUNT_MAX, RANDOM_VALUE_LIMIT } from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

const count = v.pipe(
  v.number(message("Count must be a whole number from 1 to {max}", { max: RANDOM_COUNT_MAX })),
  v.integer(message("Count must be a whole number from 1 to {max}", { max: RANDOM_COUNT_MAX })),
  v.minValue(1, message("Count must be a whole number from 1 to {max}", { max: RANDOM_COUNT_MAX })),
  v.maxValue(RANDOM_COUNT_MAX, message("Count must be a whole number from 1 to {max}", { max: RANDOM_COUNT_MAX })),
);

const bound = (() => {
  const words = message("Min and max must be whole numbers from {min} to {max}", {
    min: -RANDOM_VALUE_LIMIT,
    max: RANDOM_VALUE_LIMIT,
  });
  return v.pipe(
    v.number(words),
    v.integer(words),
    v.minValue(-RANDOM_VALUE_LIMIT, words),
    v.maxValue(RANDOM_VALUE_LIMIT, words),
  );
})();

/**
 * A draw of whole numbers (spec 2 §7 "Random integers"): `count` numbers from
 * `min` to `max` inclusive; `replacement: false` means no number twice, so
 * the range must hold at least `count` numbers. Used by the page for its own
 * draws and by `POST /api/random/integers` for the third-party service's.
 */
export const RandomIntegersBody = v.pipe(
  v.object({
    count,
    min: bound,
    max: bound,
    replacement: v.optional(v.boolean(message("replacement must be true or false")), true),
  }),
  v.check((b) => b.min <= b.max, message("Min must not be greater than max")),
  v.check(
    (b) => b.replacement || b.count <= b.max - b.min + 1,
    message("Without repeats, count cannot be more than the numbers from min to max"),
  ),
);
export type RandomIntegersBody = v.InferInput<typeof RandomIntegersBody>;
export type RandomIntegers = v.InferOutput<typeof RandomIntegersBody>;

/** What `POST /api/random/integers` answers: the numbers in the order the service drew them. */
export interface RandomIntegersAnswer {
  numbers: number[];
  source: "random.org";
}
