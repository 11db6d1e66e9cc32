/**
 * The random site's draws, in process (Node's WebCrypto, as in the browser):
 * what fairness costs next to a bare baseline measured in the same run — one
 * crypto word and a modulo per number, which is biased for most ranges.
 *   npm run bench -- random
 */
import { drawDistinct, randomDistinctInts, randomInt, randomInts } from "../../packages/shared/src/random/sample.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

/** Nanoseconds per number: the median of ROUNDS runs of `numbers` numbers each. */
function perNumber(numbers: number, run: () => void) {
  run(); // warm up
  const ns: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    run();
    ns.push(((performance.now() - t) * 1e6) / numbers);
  }
  return ns.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

const N = 200_000;
let sink = 0;
// The bare baseline: crypto words fetched in batches and a modulo each — the least a number can cost (and biased).
const words = new Uint32Array(N);
const baseline = perNumber(N, () => {
  for (let i = 0; i < N; i += 16_384) crypto.getRandomValues(words.subarray(i, Math.min(N, i + 16_384)));
  for (let i = 0; i < N; i++) sink += 1 + ((words[i] as number) % 10);
});
const word = new Uint32Array(1);

const rows: [string, number][] = [];
const row = (label: string, ns: number) => rows.push([label, ns]);
row("baseline: crypto words in batches, % 10 (biased)", baseline);
row(
  "one crypto call a number, % 10 (biased)",
  perNumber(N / 10, () => {
    for (let i = 0; i < N / 10; i++) {
      crypto.getRandomValues(word);
      sink += 1 + ((word[0] as number) % 10);
    }
  }),
);
row(
  "randomInt(1, 10), one call a number",
  perNumber(N, () => {
    for (let i = 0; i < N; i++) sink += randomInt(1, 10);
  }),
);
row(
  "randomInt over 3·2^30 (a quarter of words refused)",
  perNumber(N, () => {
    for (let i = 0; i < N; i++) sink += randomInt(0, 3 * 2 ** 30 - 1);
  }),
);
row(
  "randomInts(1000, 1, 10): the page's largest count",
  perNumber(N, () => {
    for (let i = 0; i < N; i += 1000) sink += randomInts(1000, 1, 10).length;
  }),
);
row(
  "randomDistinctInts(1000, ±1e9): no repeats, wide",
  perNumber(N, () => {
    for (let i = 0; i < N; i += 1000) sink += randomDistinctInts(1000, -1e9, 1e9).length;
  }),
);
row(
  "drawDistinct(3, 78): a tarot draw, per card",
  perNumber(30_000, () => {
    for (let i = 0; i < 10_000; i++) sink += drawDistinct(3, 78).length;
  }),
);

console.log(`\nthe random site's draws, ns per number (median of ${ROUNDS} runs; × the baseline)`);
for (const [label, ns] of rows)
  console.log(`  ${label.padEnd(52)} ${ns.toFixed(1).padStart(8)} ns   ×${(ns / baseline).toFixed(1)}`);
if (sink === 0) console.log("(nothing drawn)");
