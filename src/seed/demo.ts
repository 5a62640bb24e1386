import { randomBytes } from 'node:crypto';
import type { Db } from '../db/schema.js';
import { seedPages } from '../features/pages/pages.seed.js';
import { seedPersons } from '../features/persons/persons.seed.js';
import { createApiKey, createTenant } from '../features/tenants/tenants.service.js';

/** What `quire seed demo --json` prints: ids to try the API with. Every member is a string. */
export interface DemoSeed {
  tenantId: string;
  apiKey: string;
  personId: string;
  [member: string]: string;
}

/** Creates a NEW tenant with an API key and a small, realistic data set. */
export async function seedDemo(db: Db): Promise<DemoSeed> {
  const tenant = await createTenant(
    db,
    `demo-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`,
  );
  const key = await createApiKey(db, tenant.tenantId, 'demo');
  const persons = await seedPersons(db, tenant.tenantId);
  const pages = await seedPages(db, tenant.tenantId, persons.personId);
  return { tenantId: tenant.tenantId, apiKey: key.apiKey, ...persons, ...pages };
}
