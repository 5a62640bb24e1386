import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Migrator } from 'kysely';
import { openSqlite } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0009'));

describe('migration 0009 gives stored versions the hero their page shows', () => {
  it('backfills headline and subheadline from the page body, else the title; leaves empty versions alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-0009-'));
    const database = openSqlite(path.join(dir, 'quire.db'));
    try {
      const db = database.db;
      const older = await new Migrator({
        db,
        provider: { getMigrations: async () => BEFORE },
      }).migrateToLatest();
      assert.equal(older.error, undefined);
      const now = Date.now();
      // biome-ignore lint/suspicious/noExplicitAny: rows written in the shape of the older schema
      const raw = db as any;
      await raw
        .insertInto('tenants')
        .values({ id: 't1', name: 'Acme', handle: 'acme', created_at: now })
        .execute();
      const page = (id: string, title: string, body: unknown) => ({
        tenant_id: 't1',
        id,
        brand_id: 'b',
        name: id,
        slug: id,
        title,
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
        body: body === null ? null : JSON.stringify(body),
        indexable: 0,
        audiences_count: 1,
        created_at: now,
        updated_at: now,
        archived_at: null,
        deleted_at: null,
      });
      await raw
        .insertInto('pages')
        .values([
          page('p1', 'Northwind', {
            headline: 'Forecasts you trust',
            subheadline: 'Dashboards.',
            sections: [],
          }),
          page('p2', 'Bare page', null),
        ])
        .execute();
      const audience = (id: string, pageId: string) => ({
        tenant_id: 't1',
        id,
        page_id: pageId,
        person_id: null,
        custom_name: id,
        is_new_page_agent: 1,
        action_form_id_override: null,
        action_form_instructions_override: null,
        action_url_override: null,
        supplementary_context: null,
        metadata_override: null,
        route_key: id,
        last_version_number: 1,
        created_at: now,
        updated_at: now,
        archived_at: null,
      });
      await raw
        .insertInto('audiences')
        .values([audience('a1', 'p1'), audience('a2', 'p2')])
        .execute();
      const content = { metaTitle: 'T', metaDescription: 'D', metaKeywords: [], supplementaryContext: '' };
      const version = (id: string, audienceId: string, stored: unknown, versionNumber = 1) => ({
        tenant_id: 't1',
        id,
        audience_id: audienceId,
        version_number: versionNumber,
        status: stored === null ? 'queued' : 'draft',
        is_new_page_agent: 1,
        supplementary_context: null,
        content: stored === null ? null : JSON.stringify(stored),
        request_message_id: null,
        reply_message_id: null,
        operation_key: null,
        fingerprint: null,
        attempts: 0,
        lease_owner: null,
        lease_expires_at: null,
        available_at: now,
        last_error: null,
        queue_duration_ms: null,
        created_at: now,
        queued_at: now,
        became_draft_at: null,
        published_at: null,
        archived_at: null,
        obsolete_at: null,
        cancelled_at: null,
      });
      await raw
        .insertInto('audience_versions')
        .values([
          version('v1', 'a1', content),
          version('v2', 'a2', content),
          version('v3', 'a1', null, 2),
          version('v4', 'a1', { ...content, headline: 'Kept', subheadline: '' }, 3),
        ])
        .execute();

      await migrateToLatest(db);
      const rows = await db.selectFrom('audience_versions').select(['id', 'content']).orderBy('id').execute();
      const heroes = rows.map((r) => {
        const parsed = r.content === null ? null : JSON.parse(r.content);
        return parsed && [parsed.metaTitle, parsed.headline, parsed.subheadline];
      });
      assert.deepEqual(heroes, [
        ['T', 'Forecasts you trust', 'Dashboards.'],
        ['T', 'Bare page', ''],
        null,
        ['T', 'Kept', ''],
      ]);
      assert.deepEqual(await db.selectFrom('instance_secrets').selectAll().execute(), []);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
