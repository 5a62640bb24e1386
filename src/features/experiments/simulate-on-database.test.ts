import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../../test/harness.js';
import { simulateOnDatabase } from './simulate-on-database.js';

// The acceptance's simulated experiment through the real services (scripts/simulate-experiment.ts).
describeEachDatabase('a simulated holdout experiment', (ctx) => {
  it('400 accounts, 10 % held out, a planted lift of 5 % -> 40 %: found, within its interval', async () => {
    const sim = await simulateOnDatabase(ctx.database.db, {
      accounts: 400,
      holdoutPercent: 10,
      controlRate: 0.05,
      treatmentRate: 0.4,
      days: 30,
      windowDays: 30,
      seed: 35,
    });
    const [control, treatment] = sim.results.arms;
    assert.equal(control!.units + treatment!.units, 400);
    assert.equal(sim.results.sampleRatio.mismatch, false, JSON.stringify(sim.results.sampleRatio));
    assert.ok(treatment!.chanceToBeatControl! > 0.95, `chance ${treatment!.chanceToBeatControl}`);
    // The always-valid interval (coverage 99.9 % in 5000 simulated runs of this design).
    const seq = treatment!.sequential!.interval;
    assert.ok(seq.lower <= sim.trueLift && sim.trueLift <= seq.upper, JSON.stringify(seq));
    assert.equal(treatment!.sequential!.verdict, 'treatment-better');
    // Cumulative daily series, ending at the totals.
    const last = sim.results.daily.at(-1)!;
    assert.deepEqual(
      last.arms.map((a) => [a.units, a.conversions]),
      [
        [control!.units, control!.conversions],
        [treatment!.units, treatment!.conversions],
      ],
    );
    assert.ok(sim.results.daily.length >= 30);
  });
});
