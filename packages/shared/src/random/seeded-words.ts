/** Seeded words for the tests that count draws (chi-square): the same words, so the same answer, every run. */
import type { Words } from "./sample.ts";

/**
 * Uniform 32-bit words from a seed (a Weyl sequence through MurmurHash3's
 * finalizer). The chi-square tests draw from it, not from the crypto source:
 * they check the sampler's arithmetic, that uniform words come out as uniform
 * numbers, and so give the same answer every run. On crypto words a fair
 * sampler failed each of them one run in a thousand (one did, 2026-11-26).
 * The crypto source's own fairness is checked apart (cryptoWords, below).
 */
export function seededWords(seed: number): Words {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    },
  };
}
