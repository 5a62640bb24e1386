import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Migrator } from 'kysely';
import { openSqlite } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0006'));

describe('migration 0006 backfills handles, slugs and route keys', () => {
  it('gives existing tenants, pages and audiences unique public names', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-0006-'));
    const database = openSqlite(path.join(dir, 'quire.db'));
    try {
      const db = database.db;
      const older = await new Migrator({
        db,
        provider: { getMigrations: async () => BEFORE },
      }).migrateToLatest();
      assert.equal(older.error, undefined);
      const now = Date.now();
      // biome-ignore lint/suspicious/noExplicitAny: rows written before the new columns exist
      const raw = db as any;
      for (const [id, name] of [
        ['t1', 'Acme Corp'],
        ['t2', 'acme corp!'],
      ]) {
        await raw.insertInto('tenants').values({ id, name, created_at: now }).execute();
      }
      const page = (id: string) => ({
        tenant_id: 't1',
        id,
        brand_id: 'b',
        name: 'Spring Launch',
        title: 'T',
        page_context: '',
        page_type: 'custom',
        status: 'published',
        status_before_archive: null,
        actions: '[]',
        action_card_widgets: '[]',
        scripts: '[]',
        footer_links: '[]',
        header_action_id: null,
        metadata: null,
        audiences_count: 0,
        created_at: now,
        updated_at: now,
        archived_at: null,
        deleted_at: null,
      });
      await raw
        .insertInto('pages')
        .values([page('p1'), { ...page('p2'), created_at: now + 1 }])
        .execute();
      await raw
        .insertInto('persons')
        .values({
          tenant_id: 't1',
          id: 'u1',
          name: 'Grace Hopper',
          email: null,
          domain: null,
          slug: 'grace-hopper',
          phone_number: null,
          linkedin_profile_url: null,
          account_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const audience = (id: string, person: string | null, name: string | null) => ({
        tenant_id: 't1',
        id,
        page_id: 'p1',
        person_id: person,
        custom_name: name,
        is_new_page_agent: 1,
        action_form_id_override: null,
        action_form_instructions_override: null,
        action_url_override: null,
        supplementary_context: null,
        metadata_override: null,
        last_version_number: 0,
        created_at: now,
        updated_at: now,
        archived_at: null,
      });
      await raw
        .insertInto('audiences')
        .values([audience('a1', 'u1', null), audience('a2', null, 'Fintech CFOs')])
        .execute();

      await migrateToLatest(db);
      const tenants = await db.selectFrom('tenants').select(['id', 'handle']).orderBy('id').execute();
      assert.deepEqual(tenants, [
        { id: 't1', handle: 'acme-corp' },
        { id: 't2', handle: 'acme-corp-2' },
      ]);
      const slugs = await db.selectFrom('pages').select(['id', 'slug']).orderBy('id').execute();
      assert.deepEqual(slugs, [
        { id: 'p1', slug: 'spring-launch' },
        { id: 'p2', slug: 'spring-launch-2' },
      ]);
      const keys = await db.selectFrom('audiences').select(['id', 'route_key']).orderBy('id').execute();
      assert.match(keys[0]!.route_key!, /^grace-hopper-[a-z2-9]{13}$/);
      assert.equal(keys[1]!.route_key, 'fintech-cfos');
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
