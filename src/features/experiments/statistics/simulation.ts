/**
 * Simulated experiments for the statistics module (seeded, so tests are reproducible).
 * Used by scripts/simulate-experiment.ts and by simulation.test.ts.
 */
import { type ArmCounts, sequentialTest } from './index.js';

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
  const random = seededRandom(o.seed ?? 35);
  let rejected = 0;
  for (let run = 0; run < o.runs; run++) {
    const control: ArmCounts = { units: 0, conversions: 0 };
    const treatment: ArmCounts = { units: 0, conversions: 0 };
    const perDay = o.units / o.days;
    let declared = false;
    for (let day = 1; day <= o.days; day++) {
      const arriving = Math.round(perDay * day) - Math.round(perDay * (day - 1));
      for (let u = 0; u < arriving; u++) {
        const held = random() < o.holdout;
        const arm = held ? control : treatment;
        arm.units++;
        if (random() < (held ? o.controlRate : o.treatmentRate)) arm.conversions++;
      }
      const verdict = sequentialTest(control, treatment, {
        alpha: o.alpha ?? 0.05,
        tuningUnits: o.tuningUnits ?? o.units,
      }).verdict;
      if (verdict !== 'inconclusive') declared = true;
    }
    if (declared) rejected++;
  }
  return { rate: rejected / o.runs, rejected, runs: o.runs };
}
