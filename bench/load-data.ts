import type { SingleBar } from 'cli-progress';
import { addToCounter } from '../src/db/counters.repository.js';
import type { Db, PersonsTable } from '../src/db/schema.js';
import { insertPersons } from '../src/features/persons/persons.repository.js';
import { createApiKey, createTenant } from '../src/features/tenants/tenants.service.js';
import { newId } from '../src/ids.js';

export interface BenchTenant {
  tenantId: string;
  apiKey: string;
}

export async function makeBenchTenant(db: Db, label: string): Promise<BenchTenant> {
  const tenant = await createTenant(db, `bench-${label}-${Date.now()}`);
  const key = await createApiKey(db, tenant.tenantId, 'bench');
  return { tenantId: tenant.tenantId, apiKey: key.apiKey };
}

const BATCH = 2000;

/** Bulk-loads `count` persons, one per 30 s going back in time, with their counter. */
export async function loadPersons(db: Db, tenantId: string, count: number, bar: SingleBar): Promise<void> {
  const start = Date.now();
  for (let done = 0; done < count; done += BATCH) {
    const rows: PersonsTable[] = [];
    for (let i = done; i < Math.min(count, done + BATCH); i++) {
      const at = start - i * 30_000;
      rows.push({
        tenant_id: tenantId,
        id: newId('person'),
        name: `Bench Person ${i}`,
        email: `person${i}@bench.example.com`,
        domain: null,
        slug: `bench-person-${i}`,
        phone_number: null,
        linkedin_profile_url: null,
        account_id: null,
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute(async (tx) => {
      await insertPersons(tx, rows);
      await addToCounter(tx, tenantId, 'persons', rows.length);
    });
    bar.increment(rows.length);
  }
}
