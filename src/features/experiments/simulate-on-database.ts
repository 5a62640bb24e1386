/**
 * A simulated account-based experiment run through the real services on a real database
 * (scripts/simulate-experiment.ts, simulate-on-database.test.ts): accounts with a person each, an
 * audience per person, exposures decided by armForVisit over `days` days, a planted conversion
 * rate per arm written as `meeting-booked` logs on the accounts' timelines, results read with
 * experimentResults, as the operator API reads them.
 */
import type { Db } from '../../db/schema.js';
import { DEMO_PAGE } from '../../seed/pages.js';
import { importAccountLogs } from '../activity/account-logs.service.js';
import { createAudience } from '../audiences/audiences.service.js';
import { createPage } from '../pages/pages.service.js';
import { createPerson } from '../persons/persons.service.js';
import { createTenant } from '../tenants/tenants.service.js';
import type { ExperimentResults } from './experiments.schemas.js';
import { armForVisit, createExperiment } from './experiments.service.js';
import { experimentResults } from './results.service.js';
import { seededRandom } from './statistics/simulation.js';

const DAY_MS = 86_400_000;

export interface DatabaseSimulation {
  accounts: number;
  /** Weight of the holdout arm in percent (10: 90/10). */
  holdoutPercent: number;
  controlRate: number;
  treatmentRate: number;
  days: number;
  windowDays: number;
  seed: number;
}

export async function simulateOnDatabase(
  db: Db,
  o: DatabaseSimulation,
  end = Date.now(),
): Promise<{ tenantId: string; experimentId: string; trueLift: number; results: ExperimentResults }> {
  const random = seededRandom(o.seed);
  const start = end - o.days * DAY_MS;
  const tenant = await createTenant(db, `simulation-${o.seed}-${end}`);
  const tenantId = tenant.tenantId;
  const page = await createPage(db, tenantId, { ...DEMO_PAGE, slug: `simulation-${o.seed}` });
  const experiment = await createExperiment(
    db,
    tenantId,
    page.id,
    {
      name: 'Simulated holdout',
      arms: [
        { key: 'holdout', kind: 'generic', weight: o.holdoutPercent },
        { key: 'personalised', kind: 'personalised', weight: 100 - o.holdoutPercent },
      ],
      metric: { kind: 'activity', activityType: 'meeting-booked', windowDays: o.windowDays },
    },
    start,
  );
  for (let i = 0; i < o.accounts; i++) {
    const person = await createPerson(db, tenantId, { name: `Buyer ${i}`, domain: `account-${i}.example` });
    const { audience } = await createAudience(db, tenantId, page.id, { personId: person.id });
    const exposedAt = Math.floor(start + random() * o.days * DAY_MS);
    // Two visits: the second must find the first one's arm.
    const visit = () =>
      armForVisit(
        db,
        tenantId,
        page.id,
        { id: audience.id, personId: person.id },
        () => `v${i}`,
        true,
        exposedAt,
      );
    const shown = await visit();
    const again = await visit();
    if (shown === null || again === null || shown.arm.key !== again.arm.key || shown.unit.kind !== 'account')
      throw new Error(`account ${i}: not assigned once to one arm by its account`);
    const rate = shown.arm.key === 'holdout' ? o.controlRate : o.treatmentRate;
    const converts = random() < rate;
    // Within the metric's window and before the simulation's end: every planted conversion is observed.
    const convertedAt = Math.floor(exposedAt + random() * Math.min(o.windowDays * DAY_MS, end - exposedAt));
    if (converts) {
      await importAccountLogs(db, tenantId, shown.unit.key, [
        { source: 'crm', type: 'meeting-booked', payload: { simulated: true }, createdAt: convertedAt },
      ]);
    }
  }
  const results = await experimentResults(db, tenantId, experiment.experimentId, undefined, end);
  return {
    tenantId,
    experimentId: experiment.experimentId,
    trueLift: o.treatmentRate - o.controlRate,
    results,
  };
}
