/**
 * The simulated experiment of issue 35 (docs/experiments.md), run by hand:
 *
 *   node --import tsx scripts/simulate-experiment.ts                     # SQLite (a temporary file)
 *   DATABASE_URL=postgres://... node --import tsx scripts/simulate-experiment.ts   # PostgreSQL
 *
 * 1. Through the real services on the database: 400 accounts (one person and audience each), 10 %
 *    held out, exposures over 30 days, a planted lift (5 % -> 40 % meeting-booked within 30 days);
 *    prints the results and whether the lift interval contains the truth.
 * 2. Statistics only: 200 runs with no lift and a look every day -> the sequential test's
 *    false-positive rate (nominal 5 %); 200 runs with a lift -> coverage and chance > 0.95.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres, openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { simulateOnDatabase } from '../src/features/experiments/simulate-on-database.js';
import {
  naivePeekingRejectionRate,
  peekingRejectionRate,
  plantedLiftRuns,
} from '../src/features/experiments/statistics/simulation.js';

const url = process.env.DATABASE_URL;
const dir = url === undefined ? mkdtempSync(path.join(tmpdir(), 'quire-simulation-')) : null;
const database = url === undefined ? openSqlite(path.join(dir as string, 'quire.db')) : openPostgres(url, 4);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
try {
  await migrateToLatest(database.db);
  const started = Date.now();
  const sim = await simulateOnDatabase(database.db, {
    accounts: 400,
    holdoutPercent: 10,
    controlRate: 0.05,
    treatmentRate: 0.4,
    days: 30,
    windowDays: 30,
    seed: Number(process.env.SEED ?? 35),
  });
  console.log(`database: ${url === undefined ? 'SQLite' : 'PostgreSQL'} (${Date.now() - started} ms)`);
  for (const arm of sim.results.arms) {
    console.log(
      `  ${arm.key.padEnd(13)} ${arm.conversions}/${arm.units} = ${pct(arm.rate)} [${pct(arm.interval.lower)}, ${pct(arm.interval.upper)}]` +
        (arm.chanceToBeatControl === null
          ? ''
          : `  chance to beat control ${arm.chanceToBeatControl.toFixed(4)}`) +
        (arm.lift === null
          ? ''
          : `  lift ${pct(arm.lift.absolute)} [${pct(arm.lift.interval.lower)}, ${pct(arm.lift.interval.upper)}]` +
            ` sequential ${arm.sequential?.verdict} [${pct(arm.sequential?.interval.lower ?? 0)}, ${pct(arm.sequential?.interval.upper ?? 0)}]`),
    );
  }
  const treatment = sim.results.arms[1]!;
  const lift = treatment.lift!.interval;
  console.log(
    `  true lift ${pct(sim.trueLift)}: inside the lift interval: ${lift.lower <= sim.trueLift && sim.trueLift <= lift.upper}`,
  );
  console.log(`  chance to beat control > 0.95: ${treatment.chanceToBeatControl! > 0.95}`);
  console.log(
    `  sample-ratio mismatch: ${sim.results.sampleRatio.mismatch} (p = ${sim.results.sampleRatio.pValue.toPrecision(3)})`,
  );

  const noLift = { runs: 200, units: 400, holdout: 0.1, days: 30, controlRate: 0.1, treatmentRate: 0.1 };
  const fpr = peekingRejectionRate(noLift);
  console.log(
    `no lift, 200 runs, 30 daily looks: sequential false-positive rate ${pct(fpr.rate)} (${fpr.rejected}/${fpr.runs}; nominal 5 %)` +
      `; a naive z-test with the same looks: ${pct(naivePeekingRejectionRate(noLift))}`,
  );
  const big = peekingRejectionRate({ ...noLift, runs: 2000, seed: 7 });
  console.log(`no lift, 2000 runs: sequential false-positive rate ${pct(big.rate)}`);
  const planted = plantedLiftRuns({
    runs: 200,
    units: 400,
    holdout: 0.1,
    controlRate: 0.05,
    treatmentRate: 0.4,
  });
  console.log(
    `planted lift 5 % -> 40 %, 200 runs: lift interval covers the truth in ${pct(planted.coverage)}, chance > 0.95 in ${pct(planted.confident)}`,
  );
} finally {
  await database.close();
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
}
