import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { naivePeekingRejectionRate, peekingRejectionRate, plantedLiftRuns } from './simulation.js';

// Seeded: the same numbers every run. scripts/simulate-experiment.ts prints them.
const NO_LIFT = { runs: 200, units: 400, holdout: 0.1, days: 30, controlRate: 0.1, treatmentRate: 0.1 };

describe('simulated experiments (statistics only)', () => {
  it('with no lift and a look every day, the sequential test declares a winner in at most 5 % of 200 runs', () => {
    const sequential = peekingRejectionRate(NO_LIFT);
    assert.ok(sequential.rate <= 0.05, `false-positive rate ${sequential.rate}`);
    // The same looks with a fixed-horizon z-test: the peeking problem the sequential test avoids.
    assert.ok(naivePeekingRejectionRate(NO_LIFT) > 0.1);
    // Another base rate, another seed, 50/50: still at most 5 %.
    assert.ok(
      peekingRejectionRate({ ...NO_LIFT, holdout: 0.5, controlRate: 0.2, treatmentRate: 0.2, seed: 9 })
        .rate <= 0.05,
    );
  });

  it('detects a planted lift: 400 accounts, 10 % held out, 5 % -> 35 %', () => {
    const planted = plantedLiftRuns({
      runs: 200,
      units: 400,
      holdout: 0.1,
      controlRate: 0.05,
      treatmentRate: 0.35,
    });
    assert.ok(planted.coverage >= 0.93, `the lift interval covered the truth in ${planted.coverage}`);
    assert.ok(planted.confident >= 0.98, `chance to beat control > 0.95 in ${planted.confident}`);
    // With the lift, the sequential test finds it in most runs too.
    const power = peekingRejectionRate({ ...NO_LIFT, controlRate: 0.05, treatmentRate: 0.35 });
    assert.ok(power.rate > 0.5, `power ${power.rate}`);
  });
});
