import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { assetInput, searchByWords } from '../../../test/asset-factories.js';
import { bulkCreateAssets } from '../../features/assets/assets.service.js';
import { createTenant } from '../../features/tenants/tenants.service.js';
import { openPostgres } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0012'));
const adminUrl = process.env.QUIRE_TEST_PG_URL;

/** A database of this test's own on the test server, so it can migrate from an older schema. */
async function withScratchDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const name = `quire_0012_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe('migration 0012 makes PostgreSQL asset search tenant-scoped', {
  skip: adminUrl === undefined && 'no PostgreSQL (QUIRE_TEST_PG_URL unset)',
}, () => {
  it('re-indexes existing assets with the tenant key in every lexeme, and survives down and up', async () => {
    await withScratchDatabase(async (url) => {
      const database = openPostgres(url, 2);
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
          assetInput('Ñandú feathers', { tags: ['李雷'] }),
          assetInput('Secret apple', { hidden: true }),
        ]);
        await bulkCreateAssets(db, globex.tenantId, [assetInput('Apple store')]);

        await migrateToLatest(db);
        const lexemes = await sql<{
          lexeme: string;
        }>`select unnest(tsvector_to_array(search_vector)) as lexeme
          from assets where tenant_id = ${acme.tenantId} and name = 'Apple orchard'`.execute(db);
        const key = (
          await sql<{ key: string }>`select 'k' || left(md5(${acme.tenantId}), 8) as key`.execute(db)
        ).rows[0]!.key;
        assert.deepEqual(
          lexemes.rows.map((row) => row.lexeme).sort(),
          [`${key}apple`, `${key}hero`, `${key}orchard`],
          'every lexeme is the tenant key and a word',
        );
        assert.deepEqual(await searchByWords(db, acme.tenantId, 'apple'), {
          names: ['Apple orchard'],
          count: 1,
        });
        assert.deepEqual(await searchByWords(db, acme.tenantId, 'nandu'), {
          names: ['Ñandú feathers'],
          count: 1,
        });
        assert.deepEqual(await searchByWords(db, acme.tenantId, '李'), {
          names: ['Ñandú feathers'],
          count: 1,
        });
        assert.deepEqual(await searchByWords(db, globex.tenantId, 'app'), {
          names: ['Apple store'],
          count: 1,
        });

        const down = await new Migrator({
          db,
          provider: { getMigrations: async () => migrations },
        }).migrateTo('0011-tenant-scoped-search');
        assert.equal(down.error, undefined);
        const old = await sql<{ n: string }>`select count(*) as n from assets
          where search_vector @@ to_tsquery('simple', 'apple')`.execute(db);
        assert.equal(Number(old.rows[0]?.n), 3, 'the old, unscoped vector is back (hidden ones included)');
        await migrateToLatest(db);
        assert.deepEqual(await searchByWords(db, acme.tenantId, 'apple'), {
          names: ['Apple orchard'],
          count: 1,
        });
      } finally {
        await database.close();
      }
    });
  });
});
