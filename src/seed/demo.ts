import { randomBytes } from 'node:crypto';
import type { Db } from '../db/schema.js';
import { createApiKey, createTenant } from '../features/tenants/tenants.service.js';
import { seedAccounts, seedPersonActivity } from './accounts.js';
import { seedAssets } from './assets.js';
import { seedPages } from './pages.js';
import { seedPersons } from './persons.js';
import { seedTopics } from './topics.js';

/** What `quire seed demo --json` prints: ids to try the API with. Every member is a string. */
export interface DemoSeed {
  tenantId: string;
  apiKey: string;
  personId: string;
  topicId: string;
  assetId: string;
  [member: string]: string;
}

/** Creates a NEW tenant with an API key and a small, realistic data set. */
export async function seedDemo(db: Db): Promise<DemoSeed> {
  const tenant = await createTenant(
    db,
    `demo-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`,
  );
  const key = await createApiKey(db, tenant.tenantId, 'demo');
  const accounts = await seedAccounts(db, tenant.tenantId);
  const persons = await seedPersons(db, tenant.tenantId);
  const personLogs = await seedPersonActivity(db, tenant.tenantId, persons.personId);
  const topics = await seedTopics(db, tenant.tenantId);
  const assets = await seedAssets(db, tenant.tenantId);
  const pages = await seedPages(db, tenant.tenantId, persons.personId);
  return {
    tenantId: tenant.tenantId,
    apiKey: key.apiKey,
    ...persons,
    ...accounts,
    ...personLogs,
    ...topics,
    ...assets,
    ...pages,
  };
}
