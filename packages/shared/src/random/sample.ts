/**
 * Fair random choices from a source of uniform 32-bit words — the browser's
 * and workerd's `crypto.getRandomValues` unless a test hands another.
 *
 * `u % span` alone favours the low values whenever `span` does not divide
 * 2^32; drawing again whenever a word falls in the incomplete last block
 * (rejection sampling) leaves every value exactly equally likely.
 */

/** Fills a buffer with uniform 32-bit words. */
export type WordSource = (words: Uint32Array<ArrayBuffer>) => void;

export const cryptoWords: WordSource = (words) => {
  crypto.getRandomValues(words);
};

const WORDS = 2 ** 32;
/** The widest range one 32-bit word can cover without bias. */
export const SPAN_MAX = WORDS;

/** A uniform whole number in [min, max] (both whole, `max - min + 1` at most 2^32). */
export function randomInt(min: number, max: number, source: WordSource = cryptoWords): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
    throw new RangeError(`randomInt: no whole numbers between ${min} and ${max}`);
  }
  const span = max - min + 1;
  if (span > SPAN_MAX) throw new RangeError(`randomInt: a range of ${span} is wider than 2^32`);
  // The words below `limit` split into whole blocks of `span`; the rest are drawn again.
  const limit = WORDS - (WORDS % span);
  const word = new Uint32Array(1);
  for (;;) {
    source(word);
    const u = word[0] as number;
    if (u < limit) return min + (u % span);
  }
}

/** `count` uniform whole numbers in [min, max], each drawn on its own (repeats possible). */
export function randomInts(count: number, min: number, max: number, source: WordSource = cryptoWords): number[] {
  return Array.from({ length: count }, () => randomInt(min, max, source));
}

/** A fair coin: true or false, each with probability one half. */
export function randomBit(source: WordSource = cryptoWords): boolean {
  return randomInt(0, 1, source) === 1;
}

/**
 * `count` distinct whole numbers from [0, size), in the order drawn — every
 * ordered choice equally likely (the first `count` steps of a Fisher-Yates shuffle).
 */
export function drawDistinct(count: number, size: number, source: WordSource = cryptoWords): number[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > size) {
    throw new RangeError(`drawDistinct: cannot draw ${count} of ${size}`);
  }
  const pool = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = randomInt(i, size - 1, source);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, count);
}

/**
 * `count` distinct whole numbers from [min, max], in random order: Floyd's
 * algorithm picks an unbiased subset in `count` draws whatever the range's
 * width (no pool of the whole range), then a shuffle gives it a random order.
 */
export function randomDistinctInts(
  count: number,
  min: number,
  max: number,
  source: WordSource = cryptoWords,
): number[] {
  const span = max - min + 1;
  if (!Number.isSafeInteger(count) || count < 0 || count > span) {
    throw new RangeError(`randomDistinctInts: cannot draw ${count} distinct of ${span}`);
  }
  const chosen = new Set<number>();
  for (let j = span - count; j < span; j++) {
    const t = randomInt(0, j, source);
    chosen.add(chosen.has(t) ? j : t);
  }
  const picked = [...chosen];
  return drawDistinct(count, count, source).map((i) => min + (picked[i] as number));
}
