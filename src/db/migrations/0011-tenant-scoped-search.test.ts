import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { assetInput, searchByWords } from '../../../test/asset-factories.js';
import { bulkCreateAssets } from '../../features/assets/assets.service.js';
import { createTenant } from '../../features/tenants/tenants.service.js';
import { openSqlite } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0011'));

describe('migration 0011 makes SQLite asset search tenant-scoped', () => {
  it('re-indexes existing assets per tenant, keeps hidden ones out, and survives down and up', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-0011-'));
    const database = openSqlite(path.join(dir, 'quire.db'));
    try {
      const db = database.db;
      const older = await new Migrator({
        db,
        provider: { getMigrations: async () => BEFORE },
      }).migrateToLatest();
      assert.equal(older.error, undefined);
      const acme = await createTenant(db, 'Acme');
      const globex = await createTenant(db, 'Globex');
      await bulkCreateAssets(db, acme.tenantId, [
        assetInput('Apple orchard'),
        assetInput('Apple pie', { assetType: 'video' }),
        assetInput('Secret apple', { hidden: true }),
      ]);
      await bulkCreateAssets(db, globex.tenantId, [assetInput('Apple store')]);

      await migrateToLatest(db);
      assert.deepEqual(await searchByWords(db, acme.tenantId, 'apple'), {
        names: ['Apple orchard', 'Apple pie'],
        count: 2,
      });
      assert.deepEqual(await searchByWords(db, acme.tenantId, 'app'), {
        names: ['Apple orchard', 'Apple pie'],
        count: 2,
      });
      assert.deepEqual(await searchByWords(db, acme.tenantId, 'apple', 'video'), {
        names: ['Apple pie'],
        count: 1,
      });
      assert.deepEqual(await searchByWords(db, globex.tenantId, 'apple'), {
        names: ['Apple store'],
        count: 1,
      });

      // A tenant that never had an asset has no key: nothing matches, and nothing fails.
      const initech = await createTenant(db, 'Initech');
      assert.deepEqual(await searchByWords(db, initech.tenantId, 'apple'), { names: [], count: 0 });
      // Its first asset gives it a key, and only its own asset is found.
      await bulkCreateAssets(db, initech.tenantId, [assetInput('Apple crate')]);
      assert.deepEqual(await searchByWords(db, initech.tenantId, 'apple'), {
        names: ['Apple crate'],
        count: 1,
      });

      // Down restores migration 0004's index under the same rowids; up again rebuilds this one.
      const down = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
        '0010-operators',
      );
      assert.equal(down.error, undefined);
      const old = await sql<{
        n: number;
      }>`select count(*) as n from assets_fts where assets_fts match 'apple'`.execute(db);
      assert.equal(old.rows[0]?.n, 4, 'the four visible apples of three tenants, in the old index');
      await migrateToLatest(db);
      assert.deepEqual(await searchByWords(db, acme.tenantId, 'apple'), {
        names: ['Apple orchard', 'Apple pie'],
        count: 2,
      });
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each tenant a fixed-width key, and a deleted tenant key is never reused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-0011-'));
    const database = openSqlite(path.join(dir, 'quire.db'));
    try {
      const db = database.db;
      await migrateToLatest(db);
      const first = await createTenant(db, 'First');
      await bulkCreateAssets(db, first.tenantId, [assetInput('Kiwi')]);
      const keys = () =>
        sql<{ tenant_id: string; key: number }>`select tenant_id, key from search_tenant_keys order by key`
          .execute(db)
          .then((result) => result.rows);
      assert.deepEqual(await keys(), [{ tenant_id: first.tenantId, key: 1 }]);
      await db.deleteFrom('assets').where('tenant_id', '=', first.tenantId).execute();
      await db.deleteFrom('counters').where('tenant_id', '=', first.tenantId).execute();
      await db.deleteFrom('api_keys').where('tenant_id', '=', first.tenantId).execute();
      await db.deleteFrom('tenants').where('id', '=', first.tenantId).execute();
      assert.deepEqual(await keys(), [], 'the key follows its tenant');
      const second = await createTenant(db, 'Second');
      await bulkCreateAssets(db, second.tenantId, [assetInput('Kiwi')]);
      assert.deepEqual(await keys(), [{ tenant_id: second.tenantId, key: 2 }]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
