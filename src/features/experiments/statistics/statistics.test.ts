import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  bayesianComparison,
  credibleInterval,
  liftEstimate,
  sampleRatioCheck,
  sequentialTest,
  wilsonInterval,
} from './index.js';

// Produced by scripts/experiment-stats-fixtures.py with SciPy (independent methods, see the script).
const fixtures = JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as {
  arms: { units: number; conversions: number; wilson: [number, number]; credible: [number, number] }[];
  comparisons: {
    control: { units: number; conversions: number };
    treatment: { units: number; conversions: number };
    chanceToBeatControl: number;
    expectedLossTreatment: number;
    expectedLossControl: number;
    lift: [number, number];
    sequential: [number, number];
  }[];
  srm: { observed: number[]; weights: number[]; chiSquare: number; pValue: number }[];
};

const close = (actual: number, expected: number, tol: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs SciPy ${expected} (tolerance ${tol})`);

describe('experiment statistics against SciPy fixtures', () => {
  it('Wilson and credible intervals per arm', () => {
    assert.ok(fixtures.arms.length >= 10);
    for (const a of fixtures.arms) {
      const w = wilsonInterval(a);
      close(w.lower, a.wilson[0], 1e-9, `wilson lower ${a.conversions}/${a.units}`);
      close(w.upper, a.wilson[1], 1e-9, `wilson upper ${a.conversions}/${a.units}`);
      const c = credibleInterval(a);
      close(c.lower, a.credible[0], 1e-9, `credible lower ${a.conversions}/${a.units}`);
      close(c.upper, a.credible[1], 1e-9, `credible upper ${a.conversions}/${a.units}`);
    }
  });

  it('chance to beat control, expected loss, lift interval and the sequential interval', () => {
    for (const f of fixtures.comparisons) {
      const label = `${f.control.conversions}/${f.control.units} vs ${f.treatment.conversions}/${f.treatment.units}`;
      const b = bayesianComparison(f.control, f.treatment);
      close(b.chanceToBeatControl, f.chanceToBeatControl, 1e-6, `chance ${label}`);
      close(b.expectedLossTreatment, f.expectedLossTreatment, 1e-7, `loss(treatment) ${label}`);
      close(b.expectedLossControl, f.expectedLossControl, 1e-7, `loss(control) ${label}`);
      const l = liftEstimate(f.control, f.treatment);
      close(l.interval.lower, f.lift[0], 1e-12, `lift lower ${label}`);
      close(l.interval.upper, f.lift[1], 1e-12, `lift upper ${label}`);
      const s = sequentialTest(f.control, f.treatment);
      close(s.interval.lower, f.sequential[0], 1e-12, `sequential lower ${label}`);
      close(s.interval.upper, f.sequential[1], 1e-12, `sequential upper ${label}`);
    }
  });

  it('sample-ratio check', () => {
    for (const f of fixtures.srm) {
      const r = sampleRatioCheck(f.observed, f.weights);
      close(r.chiSquare, f.chiSquare, 1e-9, `chi-square ${f.observed}`);
      close(r.pValue, f.pValue, 1e-9 + f.pValue * 1e-6, `p ${f.observed}`);
    }
  });
});

describe('experiment statistics: decisions', () => {
  it('a 50/50 split that received 60/40 traffic is flagged; 51/49 is not', () => {
    assert.equal(sampleRatioCheck([600, 400], [50, 50]).mismatch, true);
    assert.equal(sampleRatioCheck([60, 40], [50, 50]).mismatch, false, '100 units are too few to tell');
    assert.equal(sampleRatioCheck([510, 490], [50, 50]).mismatch, false);
    assert.equal(sampleRatioCheck([36, 364], [10, 90]).mismatch, false);
  });

  it('the sequential verdict follows the sign of the interval', () => {
    assert.equal(
      sequentialTest({ units: 2000, conversions: 100 }, { units: 2000, conversions: 200 }).verdict,
      'treatment-better',
    );
    assert.equal(
      sequentialTest({ units: 2000, conversions: 200 }, { units: 2000, conversions: 100 }).verdict,
      'control-better',
    );
    assert.equal(
      sequentialTest({ units: 200, conversions: 10 }, { units: 200, conversions: 12 }).verdict,
      'inconclusive',
    );
    assert.equal(
      sequentialTest({ units: 0, conversions: 0 }, { units: 5, conversions: 1 }).verdict,
      'inconclusive',
    );
  });

  it('rejects impossible counts', () => {
    assert.throws(() => wilsonInterval({ units: 3, conversions: 4 }), RangeError);
    assert.throws(
      () => bayesianComparison({ units: -1, conversions: 0 }, { units: 1, conversions: 0 }),
      RangeError,
    );
  });
});
