/**
 * Fair random choices from a stream of uniform 32-bit words — by default
 * `crypto.getRandomValues` (the browser's and workerd's), drawn in batches
 * because each call costs far more than the words it brings.
 *
 * `u % span` alone favours the low values whenever `span` does not divide
 * 2^32; drawing again whenever a word falls in the incomplete last block
 * (rejection sampling) leaves every value exactly equally likely.
 */

/** Uniform 32-bit words, one a call. */
export interface Words {
  next(): number;
}

/** Crypto words, fetched `batch` at a time. */
export function cryptoWords(batch = 1024): Words {
  const buffer = new Uint32Array(batch);
  let i = batch;
  return {
    next() {
      if (i === batch) {
        crypto.getRandomValues(buffer);
        i = 0;
      }
      return buffer[i++] as number;
    },
  };
}

const CRYPTO = cryptoWords();

const WORDS = 2 ** 32;
/** The widest range one 32-bit word can cover without bias. */
export const SPAN_MAX = WORDS;

/** A uniform whole number in [min, max] (both whole, `max - min + 1` at most 2^32). */
export function randomInt(min: number, max: number, words: Words = CRYPTO): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
    throw new RangeError(`randomInt: no whole numbers between ${min} and ${max}`);
  }
  const span = max - min + 1;
  if (span > SPAN_MAX) throw new RangeError(`randomInt: a range of ${span} is wider than 2^32`);
  // The words below `limit` split into whole blocks of `span`; the rest are drawn again.
  const limit = WORDS - (WORDS % span);
  for (;;) {
    const u = words.next();
    if (u < limit) return min + (u % span);
  }
}

/** `count` uniform whole numbers in [min, max], each drawn on its own (repeats possible). */
export function randomInts(count: number, min: number, max: number, words: Words = CRYPTO): number[] {
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) drawn.push(randomInt(min, max, words));
  return drawn;
}

/** A fair coin: true or false, each with probability one half. */
export function randomBit(words: Words = CRYPTO): boolean {
  return randomInt(0, 1, words) === 1;
}

/**
 * `count` distinct whole numbers from [0, size), in the order drawn — every
 * ordered choice equally likely: the first `count` steps of a Fisher-Yates
 * shuffle of 0 … size-1, with only the swapped places remembered.
 */
export function drawDistinct(count: number, size: number, words: Words = CRYPTO): number[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > size) {
    throw new RangeError(`drawDistinct: cannot draw ${count} of ${size}`);
  }
  const moved = new Map<number, number>();
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = randomInt(i, size - 1, words);
    drawn.push(moved.get(j) ?? j);
    moved.set(j, moved.get(i) ?? i);
  }
  return drawn;
}

/**
 * `count` distinct whole numbers from [min, max], in random order: Floyd's
 * algorithm picks an unbiased subset in `count` draws whatever the range's
 * width (no pool of the whole range), then a shuffle gives it a random order.
 */
export function randomDistinctInts(count: number, min: number, max: number, words: Words = CRYPTO): number[] {
  const span = max - min + 1;
  if (!Number.isSafeInteger(count) || count < 0 || count > span) {
    throw new RangeError(`randomDistinctInts: cannot draw ${count} distinct of ${span}`);
  }
  const chosen = new Set<number>();
  for (let j = span - count; j < span; j++) {
    const t = randomInt(0, j, words);
    chosen.add(chosen.has(t) ? j : t);
  }
  const picked = [...chosen];
  return drawDistinct(count, count, words).map((i) => min + (picked[i] as number));
}
