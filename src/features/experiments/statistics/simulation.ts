/**
 * Simulated experiments for the statistics module (seeded, so tests are reproducible).
 * Used by scripts/simulate-experiment.ts and by simulation.test.ts.
 */
import { type ArmCounts, bayesianComparison, liftEstimate, sequentialTest } from './index.js';

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PeekingOptions {
  runs: number;
  units: number;
  /** Share of units held out (control arm). */
  holdout: number;
  days: number;
  controlRate: number;
  treatmentRate: number;
  alpha?: number;
  tuningUnits?: number;
  seed?: number;
}

/**
 * Runs `runs` experiments whose units arrive uniformly over `days` days; after every day the
 * sequential test is read (peeking). Returns the share of runs in which any daily look declared a
 * winner (with equal rates: the false-positive rate).
 */
export function peekingRejectionRate(o: PeekingOptions): { rate: number; rejected: number; runs: number } {
  const rejected = peekedRunsDeclaring(o, (control, treatment) => {
    const verdict = sequentialTest(control, treatment, {
      alpha: o.alpha ?? 0.05,
      tuningUnits: o.tuningUnits ?? o.units,
    }).verdict;
    return verdict !== 'inconclusive';
  });
  return { rate: rejected / o.runs, rejected, runs: o.runs };
}

/**
 * How many of `o.runs` experiments, their units arriving uniformly over `o.days` days, `declares`
 * a winner at any daily look (it is asked after every day, whatever it said before).
 */
function peekedRunsDeclaring(
  o: PeekingOptions,
  declares: (control: ArmCounts, treatment: ArmCounts) => boolean,
): number {
  const random = seededRandom(o.seed ?? 35);
  let rejected = 0;
  for (let run = 0; run < o.runs; run++) {
    const control: ArmCounts = { units: 0, conversions: 0 };
    const treatment: ArmCounts = { units: 0, conversions: 0 };
    const perDay = o.units / o.days;
    let declared = false;
    for (let day = 1; day <= o.days; day++) {
      const arriving = Math.round(perDay * day) - Math.round(perDay * (day - 1));
      for (let u = 0; u < arriving; u++) assignUnit(random, o, control, treatment);
      if (declares(control, treatment)) declared = true;
    }
    if (declared) rejected++;
  }
  return rejected;
}

/** One unit: held out with probability `holdout`, converting at its arm's rate (two draws of `random`). */
function assignUnit(
  random: () => number,
  o: { holdout: number; controlRate: number; treatmentRate: number },
  control: ArmCounts,
  treatment: ArmCounts,
): void {
  const held = random() < o.holdout;
  const arm = held ? control : treatment;
  arm.units++;
  if (random() < (held ? o.controlRate : o.treatmentRate)) arm.conversions++;
}

export interface PlantedLiftOptions {
  runs: number;
  units: number;
  holdout: number;
  controlRate: number;
  treatmentRate: number;
  seed?: number;
}

/**
 * Runs `runs` experiments with a planted lift (counts only, assignment by the seeded RNG): how often
 * the reported lift interval contains the true lift, and how often the chance to beat control
 * exceeds 0.95.
 */
export function plantedLiftRuns(o: PlantedLiftOptions): {
  coverage: number;
  confident: number;
  runs: number;
} {
  const random = seededRandom(o.seed ?? 36);
  const truth = o.treatmentRate - o.controlRate;
  let covered = 0;
  let confident = 0;
  for (let run = 0; run < o.runs; run++) {
    const control: ArmCounts = { units: 0, conversions: 0 };
    const treatment: ArmCounts = { units: 0, conversions: 0 };
    for (let u = 0; u < o.units; u++) assignUnit(random, o, control, treatment);
    const lift = liftEstimate(control, treatment);
    if (lift.interval.lower <= truth && truth <= lift.interval.upper) covered++;
    if (bayesianComparison(control, treatment, 801).chanceToBeatControl > 0.95) confident++;
  }
  return { coverage: covered / o.runs, confident: confident / o.runs, runs: o.runs };
}

/**
 * The same daily peeking with a naive fixed-horizon z-test (|z| > 1.96 at any look): what the
 * sequential test protects against. Used to show the peeking simulation can fail.
 */
export function naivePeekingRejectionRate(o: PeekingOptions): number {
  const rejected = peekedRunsDeclaring(o, (c, t) => {
    if (c.units < 2 || t.units < 2) return false;
    const pc = c.conversions / c.units;
    const pt = t.conversions / t.units;
    const se = Math.sqrt((pc * (1 - pc)) / c.units + (pt * (1 - pt)) / t.units);
    return se > 0 && Math.abs(pt - pc) / se > 1.96;
  });
  return rejected / o.runs;
}
