import type { SingleBar } from 'cli-progress';
import { addToCounter } from '../src/db/counters.repository.js';
import type { Db, PersonsTable } from '../src/db/schema.js';
import { ensureAccount } from '../src/features/accounts/accounts.service.js';
import { importAccountLogs } from '../src/features/activity/account-logs.service.js';
import { bulkCreateAssets } from '../src/features/assets/assets.service.js';
import { createApiKey, createTenant } from '../src/features/tenants/tenants.service.js';
import { newId } from '../src/ids.js';
import { insertPersons } from './bench.repository.js';
import { syntheticAssets } from './synthetic-assets.js';

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
        traits: '{}',
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

/** `count` accounts (acme-0.example.com ...), created as the API would. */
export async function loadAccounts(db: Db, tenantId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const account = await db
      .transaction()
      .execute((tx) => ensureAccount(tx, tenantId, `acme-${i}.example.com`, `Acme ${i}`, Date.now()));
    ids.push(account.id);
  }
  return ids;
}

/** Bulk-loads `count` logs into one account, one per 10 s going back in time. */
export async function loadAccountLogs(
  db: Db,
  tenantId: string,
  accountId: string,
  count: number,
  bar: SingleBar,
) {
  const start = Date.now();
  const sources = ['hubspot', 'salesforce', 'website', 'zendesk', 'user'];
  for (let done = 0; done < count; done += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, count - done) }, (_, j) => {
      const i = done + j;
      return {
        source: sources[i % sources.length]!,
        type: i % 3 === 0 ? 'page-view' : 'email-opened',
        payload: { text: `Activity ${i}`, url: `https://acme.example.com/pricing?i=${i}` },
        createdAt: start - i * 10_000,
      };
    });
    await importAccountLogs(db, tenantId, accountId, batch);
    bar.increment(batch.length);
  }
}

/** Bulk-loads `count` synthetic assets (words from a fixed vocabulary, so searches have matches). */
export async function loadAssets(db: Db, tenantId: string, count: number, bar: SingleBar): Promise<void> {
  const all = syntheticAssets(count, 42);
  for (let start = 0; start < all.length; start += 10_000) {
    await bulkCreateAssets(db, tenantId, all.slice(start, start + 10_000));
    bar.increment(Math.min(10_000, all.length - start));
  }
}
