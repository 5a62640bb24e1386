/**
 * Statistics of an experiment with binary (converted / not converted) outcomes per unit.
 *
 * Pure functions, no I/O. Distribution functions come from stdlib-js (@stdlib/stats-base-dists-*);
 * the formulas built on them are checked against values computed independently with SciPy
 * (scripts/experiment-stats-fixtures.py -> fixtures.json, compared in statistics.test.ts).
 */
import betaCdf from '@stdlib/stats-base-dists-beta-cdf';
import betaPdf from '@stdlib/stats-base-dists-beta-pdf';
import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalQuantile from '@stdlib/stats-base-dists-normal-quantile';

export interface ArmCounts {
  units: number;
  conversions: number;
}

export interface Interval {
  lower: number;
  upper: number;
}

function checkCounts({ units, conversions }: ArmCounts): void {
  if (
    !Number.isInteger(units) ||
    !Number.isInteger(conversions) ||
    units < 0 ||
    conversions < 0 ||
    conversions > units
  ) {
    throw new RangeError(`invalid counts: ${conversions} conversions of ${units} units`);
  }
}

/** Wilson score interval of a proportion (frequentist, good at small counts and at 0 or n). */
export function wilsonInterval(counts: ArmCounts, level = 0.95): Interval {
  checkCounts(counts);
  const { units: n, conversions: x } = counts;
  if (n === 0) return { lower: 0, upper: 1 };
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const p = x / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return { lower: Math.max(0, centre - half), upper: Math.min(1, centre + half) };
}

/** Posterior Beta(prior + conversions, prior + failures) of an arm's rate; uniform Beta(1, 1) prior. */
export function posterior(counts: ArmCounts, prior = { alpha: 1, beta: 1 }): { alpha: number; beta: number } {
  checkCounts(counts);
  return { alpha: prior.alpha + counts.conversions, beta: prior.beta + counts.units - counts.conversions };
}

/** Equal-tailed credible interval of an arm's rate. */
export function credibleInterval(counts: ArmCounts, level = 0.95): Interval {
  const { alpha, beta } = posterior(counts);
  const tail = (1 - level) / 2;
  return { lower: betaQuantile(tail, alpha, beta), upper: betaQuantile(1 - tail, alpha, beta) };
}

/** Integration grid covering both posteriors' mass (Simpson's rule, odd number of points). */
function grid(a: { alpha: number; beta: number }, b: { alpha: number; beta: number }, points = 4001) {
  const eps = 1e-12;
  const lo = Math.max(0, Math.min(betaQuantile(eps, a.alpha, a.beta), betaQuantile(eps, b.alpha, b.beta)));
  const hi = Math.min(
    1,
    Math.max(betaQuantile(1 - eps, a.alpha, a.beta), betaQuantile(1 - eps, b.alpha, b.beta)),
  );
  const h = (hi - lo) / (points - 1);
  const xs: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < points; i++) {
    xs.push(lo + i * h);
    const w = i === 0 || i === points - 1 ? 1 : i % 2 === 1 ? 4 : 2;
    weights.push((w * h) / 3);
  }
  return { xs, weights };
}

export interface BayesianComparison {
  /** P(treatment rate > control rate) under the Beta posteriors. */
  chanceToBeatControl: number;
  /** E[max(control - treatment, 0)]: the rate lost, on average, by choosing the treatment. */
  expectedLossTreatment: number;
  /** E[max(treatment - control, 0)]: the rate lost, on average, by keeping the control. */
  expectedLossControl: number;
}

/**
 * Chance to beat control and expected losses by numerical integration over the Beta posteriors:
 * P(T > C) = ∫ f_T(x) F_C(x) dx;  E[(C - T)+] = ∫ f_T(x) E[(C - x)+] dx, where for
 * C ~ Beta(α, β) with mean μ:  E[(C - x)+] = μ (1 - F_{α+1,β}(x)) - x (1 - F_{α,β}(x))
 * (Beta(α + 1, β) is the size-biased Beta). Simpson's rule over the posteriors' support.
 */
export function bayesianComparison(
  control: ArmCounts,
  treatment: ArmCounts,
  points = 4001,
): BayesianComparison {
  const c = posterior(control);
  const t = posterior(treatment);
  const { xs, weights } = grid(c, t, points % 2 === 1 ? points : points + 1);
  const meanC = c.alpha / (c.alpha + c.beta);
  const meanT = t.alpha / (t.alpha + t.beta);
  let chance = 0;
  let lossT = 0;
  let lossC = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number;
    const w = weights[i] as number;
    const ft = betaPdf(x, t.alpha, t.beta);
    const fc = betaPdf(x, c.alpha, c.beta);
    const Fc = betaCdf(x, c.alpha, c.beta);
    const Ft = betaCdf(x, t.alpha, t.beta);
    chance += w * ft * Fc;
    // E[(C - x)+] for C ~ Beta(a, b): mean * (1 - F_{a+1,b}(x)) - x (1 - F_{a,b}(x))
    const excessC = meanC * (1 - betaCdf(x, c.alpha + 1, c.beta)) - x * (1 - Fc);
    const excessT = meanT * (1 - betaCdf(x, t.alpha + 1, t.beta)) - x * (1 - Ft);
    lossT += w * ft * Math.max(0, excessC);
    lossC += w * fc * Math.max(0, excessT);
  }
  return {
    chanceToBeatControl: Math.min(1, Math.max(0, chance)),
    expectedLossTreatment: Math.max(0, lossT),
    expectedLossControl: Math.max(0, lossC),
  };
}

export interface LiftEstimate {
  /** Absolute lift: treatment rate - control rate (posterior means). */
  absolute: number;
  /** Credible interval of the absolute lift (normal approximation of the difference of the Betas). */
  interval: Interval;
  /** Relative lift (treatment / control - 1), null when the control's rate is 0. */
  relative: number | null;
}

export function liftEstimate(control: ArmCounts, treatment: ArmCounts, level = 0.95): LiftEstimate {
  const c = posterior(control);
  const t = posterior(treatment);
  const moments = (p: { alpha: number; beta: number }) => {
    const s = p.alpha + p.beta;
    return { mean: p.alpha / s, variance: (p.alpha * p.beta) / (s * s * (s + 1)) };
  };
  const mc = moments(c);
  const mt = moments(t);
  const diff = mt.mean - mc.mean;
  const sd = Math.sqrt(mc.variance + mt.variance);
  const z = normalQuantile(1 - (1 - level) / 2, 0, 1);
  const rc = control.units > 0 ? control.conversions / control.units : 0;
  const rt = treatment.units > 0 ? treatment.conversions / treatment.units : 0;
  return {
    absolute: diff,
    interval: { lower: diff - z * sd, upper: diff + z * sd },
    relative: rc > 0 ? rt / rc - 1 : null,
  };
}

export type SequentialVerdict = 'treatment-better' | 'control-better' | 'inconclusive';

export interface SequentialResult {
  /** Always-valid confidence sequence of the absolute lift (treatment - control). */
  interval: Interval;
  verdict: SequentialVerdict;
  alpha: number;
}

/** ρ of the normal-mixture boundary tuned so the sequence is tightest at `tuningUnits` units. */
export function sequentialRho(alpha: number, tuningUnits: number): number {
  return Math.sqrt((-2 * Math.log(alpha) + Math.log(-2 * Math.log(alpha) + 1)) / tuningUnits);
}

/**
 * Asymptotic confidence sequence (Howard, Ramdas, McAuliffe & Sekhon 2021; Waudby-Smith et al.
 * 2023, the form GrowthBook uses): with N units in all and V the estimated variance of the
 * difference of the two means, the interval
 *   diff ± sqrt(N V) * sqrt( 2 (N ρ² + 1) / (N² ρ²) * ln( sqrt(N ρ² + 1) / α ) )
 * covers the true difference at every N simultaneously with probability ≥ 1 - α (asymptotically),
 * so a verdict may be read after every new unit without inflating the false-positive rate.
 * Rates are estimated with one pseudo-success and one pseudo-failure per arm so that an arm at 0 %
 * or 100 % does not get a zero variance.
 */
export function sequentialTest(
  control: ArmCounts,
  treatment: ArmCounts,
  { alpha = 0.05, tuningUnits = 1000 }: { alpha?: number; tuningUnits?: number } = {},
): SequentialResult {
  checkCounts(control);
  checkCounts(treatment);
  if (control.units === 0 || treatment.units === 0) {
    return { interval: { lower: -1, upper: 1 }, verdict: 'inconclusive', alpha };
  }
  const rate = (a: ArmCounts) => a.conversions / a.units;
  const smoothed = (a: ArmCounts) => (a.conversions + 1) / (a.units + 2);
  const diff = rate(treatment) - rate(control);
  const pc = smoothed(control);
  const pt = smoothed(treatment);
  const variance = (pc * (1 - pc)) / control.units + (pt * (1 - pt)) / treatment.units;
  const n = control.units + treatment.units;
  const rho2 = sequentialRho(alpha, tuningUnits) ** 2;
  const half =
    Math.sqrt(n * variance) *
    Math.sqrt(((2 * (n * rho2 + 1)) / (n * n * rho2)) * Math.log(Math.sqrt(n * rho2 + 1) / alpha));
  const interval = { lower: diff - half, upper: diff + half };
  const verdict: SequentialVerdict =
    interval.lower > 0 ? 'treatment-better' : interval.upper < 0 ? 'control-better' : 'inconclusive';
  return { interval, verdict, alpha };
}

export interface SampleRatioCheck {
  chiSquare: number;
  pValue: number;
  /** true when pValue < threshold: the observed split is very unlikely under the configured one. */
  mismatch: boolean;
  threshold: number;
}

/** Pearson's chi-square goodness-of-fit of observed units per arm against the configured weights. */
export function sampleRatioCheck(observed: number[], weights: number[], threshold = 0.001): SampleRatioCheck {
  if (observed.length !== weights.length || observed.length < 2)
    throw new RangeError('one weight per arm, at least two arms');
  const total = observed.reduce((s, x) => s + x, 0);
  const weightSum = weights.reduce((s, x) => s + x, 0);
  if (total === 0 || weightSum <= 0) return { chiSquare: 0, pValue: 1, mismatch: false, threshold };
  let chi = 0;
  for (let i = 0; i < observed.length; i++) {
    const expected = (total * (weights[i] as number)) / weightSum;
    if (expected > 0) chi += ((observed[i] as number) - expected) ** 2 / expected;
  }
  const df = weights.filter((w) => w > 0).length - 1;
  const pValue = df > 0 ? 1 - chisquareCdf(chi, df) : 1;
  return { chiSquare: chi, pValue, mismatch: pValue < threshold, threshold };
}

export interface ArmSummary extends ArmCounts {
  rate: number;
  interval: Interval;
}

export function armSummary(counts: ArmCounts, level = 0.95): ArmSummary {
  checkCounts(counts);
  return {
    ...counts,
    rate: counts.units > 0 ? counts.conversions / counts.units : 0,
    interval: wilsonInterval(counts, level),
  };
}
