/** Latency figures of a benchmark: median and p95 of repeated timed runs. */
export async function time(runs: number, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { runs, median: at(0.5), p95: at(0.95) };
}

export function report(label: string, r: { runs: number; median: number; p95: number }) {
  console.log(
    `  ${label.padEnd(46)} median ${r.median.toFixed(2).padStart(8)} ms   p95 ${r.p95.toFixed(2).padStart(8)} ms   (${r.runs} runs)`,
  );
}
