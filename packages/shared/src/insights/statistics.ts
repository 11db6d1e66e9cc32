/**
 * The insights' statistics (DESIGN §5 "Insights"), from sums the database gives: Student's t distribution
 * through the regularized incomplete beta function, Welch's test and interval for a difference of means,
 * Spearman's rho from the sums of its ranks, and the Benjamini–Hochberg adjustment. Our own, a few dozen
 * lines, rather than a package's tree for two functions; checked against SciPy's values
 * (statistics.test.ts, scripts/reference/insights.py).
 */

/** ln Γ(x) for x > 0: Lanczos' approximation (g = 7, 9 terms), about 15 significant digits. */
export function lnGamma(x: number): number {
  const c = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  // Reflection, for the small arguments a half-integer df can bring.
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  const z = x - 1;
  let sum = c[0] as number;
  for (let i = 1; i < 9; i++) sum += (c[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz), converging for x < (a+1)/(a+b+2). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), for 0 ≤ x ≤ 1 and a, b > 0. */
export function betaInc(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges fast on the side below its mean; the other side by symmetry.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(|T| ≥ |t|) for Student's t with `df` degrees of freedom (df > 0, not necessarily whole). */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return betaInc(df / (df + t * t), df / 2, 0.5);
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function tCdf(t: number, df: number): number {
  const tail = tTwoSided(t, df) / 2;
  return t >= 0 ? 1 - tail : tail;
}

/** The density of Student's t with `df` degrees of freedom. */
export function tDensity(t: number, df: number): number {
  const c = lnGamma((df + 1) / 2) - lnGamma(df / 2) - 0.5 * Math.log(df * Math.PI);
  return Math.exp(c - ((df + 1) / 2) * Math.log1p((t * t) / df));
}

/**
 * The standard normal quantile, to about 1e-9 (Acklam's rational approximation): the t quantile's first guess.
 */
function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const tail = (q: number) =>
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/**
 * The t with P(T ≤ t) = p (0 < p < 1): Newton's steps on the CDF from the Cornish–Fisher expansion of the
 * normal's quantile (Abramowitz & Stegun 26.7.5), kept inside a bracket that each step narrows and halved where
 * a step would leave it — two or three CDFs where bisection takes fifty.
 */
export function tQuantile(p: number, df: number): number {
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  const z = normalQuantile(p);
  const [z3, z5] = [z ** 3, z ** 5];
  let t = z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
  let lo = 0;
  let hi = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 200; i++) {
    const f = tCdf(t, df) - p;
    if (f === 0) return t;
    if (f < 0) lo = t;
    else hi = t;
    let next = t - f / tDensity(t, df);
    if (!(next > lo && next < hi)) next = Number.isFinite(hi) ? (lo + hi) / 2 : 2 * t;
    if (Math.abs(next - t) <= 1e-14 * next) return next;
    t = next;
  }
  return t;
}

/** A sample by its sums: n values, their sum and the sum of their squares. */
export interface Sums {
  n: number;
  sum: number;
  squares: number;
}

/** The mean and the sample variance (n − 1) of a sample given by its sums. */
function moments({ n, sum, squares }: Sums): { mean: number; variance: number } {
  const mean = sum / n;
  // Never below 0 from rounding.
  return { mean, variance: Math.max(0, (squares - sum * mean) / (n - 1)) };
}

export interface Comparison {
  withMean: number;
  withoutMean: number;
  difference: number;
  low: number;
  high: number;
  p: number;
}

/**
 * Welch's test of two means (unequal variances) and the 95% interval of their difference (with − without),
 * with the Welch–Satterthwaite degrees of freedom. Each side needs at least two values. Two sides without
 * any spread compare exactly: p 1 when their means are equal, 0 when not.
 */
export function welch(withSide: Sums, withoutSide: Sums): Comparison {
  const a = moments(withSide);
  const b = moments(withoutSide);
  const difference = a.mean - b.mean;
  const va = a.variance / withSide.n;
  const vb = b.variance / withoutSide.n;
  const se = Math.sqrt(va + vb);
  const base = { withMean: a.mean, withoutMean: b.mean, difference };
  if (se === 0) return { ...base, low: difference, high: difference, p: difference === 0 ? 1 : 0 };
  const df = (va + vb) ** 2 / (va ** 2 / (withSide.n - 1) + vb ** 2 / (withoutSide.n - 1));
  const margin = tQuantile(0.975, df) * se;
  return { ...base, low: difference - margin, high: difference + margin, p: tTwoSided(difference / se, df) };
}

/** Pairs' ranks by their sums: n, Σx, Σy, Σx², Σy², Σxy (ties take their average rank). */
export interface RankSums {
  n: number;
  x: number;
  y: number;
  xx: number;
  yy: number;
  xy: number;
}

/** The standard normal's 97.5% quantile (SciPy's norm.ppf(0.975)): a 95% interval's half-width in standard errors. */
const Z_975 = 1.959963984540054;

/** Average ranks, 1-based: tied values share the mean of the ranks they span (as SciPy's rankdata). */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const ranks = new Array<number>(values.length);
  for (let k = 0; k < order.length; ) {
    let end = k + 1;
    while (end < order.length && (order[end] as { v: number }).v === (order[k] as { v: number }).v) end++;
    // Positions k … end − 1 hold ranks k + 1 … end: their mean.
    const rank = (k + 1 + end) / 2;
    for (let j = k; j < end; j++) ranks[(order[j] as { i: number }).i] = rank;
    k = end;
  }
  return ranks;
}

/** The sums of Spearman's rho for pairs (x, y): their average ranks' sums. */
export function rankSums(xs: readonly number[], ys: readonly number[]): RankSums {
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  const s: RankSums = { n: xs.length, x: 0, y: 0, xx: 0, yy: 0, xy: 0 };
  for (let i = 0; i < xs.length; i++) {
    const [a, b] = [rx[i] as number, ry[i] as number];
    s.x += a;
    s.y += b;
    s.xx += a * a;
    s.yy += b * b;
    s.xy += a * b;
  }
  return s;
}

export interface Correlation {
  rho: number;
  low: number;
  high: number;
  p: number;
}

/**
 * Spearman's rho: Pearson's correlation of the ranks (average ranks for ties, as SciPy's spearmanr), its
 * p from the t approximation with n − 2 degrees of freedom (as spearmanr), and a 95% interval by Fisher's z
 * with Fieller's standard error for rank correlations, √(1.06 / (n − 3)). A side without any spread (every
 * value tied) has no correlation: rho 0, p 1. Needs n ≥ 4.
 */
export function spearman(s: RankSums): Correlation {
  const { n } = s;
  const sxx = n * s.xx - s.x * s.x;
  const syy = n * s.yy - s.y * s.y;
  if (sxx <= 0 || syy <= 0) return { rho: 0, low: 0, high: 0, p: 1 };
  const rho = Math.max(-1, Math.min(1, (n * s.xy - s.x * s.y) / Math.sqrt(sxx * syy)));
  const p = Math.abs(rho) === 1 ? 0 : tTwoSided(rho * Math.sqrt((n - 2) / (1 - rho * rho)), n - 2);
  const z = Math.atanh(rho);
  const margin = Z_975 * Math.sqrt(1.06 / (n - 3));
  return { rho, low: Math.tanh(z - margin), high: Math.tanh(z + margin), p };
}

/**
 * Benjamini–Hochberg adjusted p-values ("q"), in the order given: q(i) = min over j ≥ rank(i) of m·p(j)/j,
 * at most 1. A test is significant at a false discovery rate α when its q ≤ α.
 */
export function benjaminiHochberg(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array<number>(m);
  let least = 1;
  for (let k = m - 1; k >= 0; k--) {
    const { p, i } = order[k] as { p: number; i: number };
    least = Math.min(least, (p * m) / (k + 1));
    q[i] = least;
  }
  return q;
}
