import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/schema.js';
import { claimTenantHost } from '../src/features/tenants/tenants.service.js';
import { seedDemo } from '../src/seed/demo.js';
import { makeOperator, signIn } from './console-factories.js';
import { ADMIN_TOKEN, type TestContext } from './harness.js';

/** Every table of the database with a `tenant_id` column, read from its catalogue. */
export async function tablesWithTenantColumn(ctx: TestContext): Promise<string[]> {
  const db = ctx.database.db;
  const rows =
    ctx.dialect === 'postgres'
      ? await sql<{ table_name: string }>`select table_name from information_schema.columns
          where column_name = 'tenant_id' and table_schema = current_schema()`.execute(db)
      : await sql<{ table_name: string }>`select m.name as table_name from sqlite_master m
          join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'tenant_id'`.execute(db);
  return rows.rows.map((r) => r.table_name).sort();
}

/** How many rows of the tenant each table holds. */
export async function rowsPerTable(ctx: TestContext, tenantId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesWithTenantColumn(ctx)) {
    const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
      where tenant_id = ${tenantId}`.execute(ctx.database.db);
    counts[table] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * A tenant with rows in every table that can hold one: the demo seed (persons, accounts, logs,
 * pages, audiences, versions, conversations, assets, topics, counters, events, a key), then a host
 * and a host claim,
 * an admin operator signed in (a session) with a failed sign-in, an idempotent create, and a
 * webhook endpoint with a delivery, an attempt and a page view (inserted as the workers would).
 */
export async function fillTenant(ctx: TestContext) {
  const db = ctx.database.db as Db;
  const seed = await seedDemo(db);
  const tenantId = seed.tenantId;
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const host = await ctx.request({
    method: 'POST',
    url: `/admin/v0/tenants/${tenantId}/hosts`,
    body: { host: `h${randomBytes(4).toString('hex')}.example.com` },
    headers: admin,
  });
  if (host.status !== 201) throw new Error(host.raw);
  // A tenant admin's claim of a host it has not proven yet.
  await claimTenantHost(
    db,
    tenantId,
    `c${randomBytes(4).toString('hex')}.example.com`,
    ctx.app.config.hostedPagesSecret,
  );
  const key = await ctx.request({
    method: 'POST',
    url: `/admin/v0/tenants/${tenantId}/keys`,
    body: { label: 'idempotent' },
    headers: { ...admin, 'idempotency-key': `k-${randomBytes(8).toString('hex')}` },
  });
  if (key.status !== 201) throw new Error(key.raw);
  const operator = await makeOperator(ctx, tenantId, 'admin');
  const console = await signIn(ctx, operator.email, operator.password);
  // After the sign-in, which clears the operator's failures.
  const wrong = await ctx.request({
    method: 'POST',
    url: '/admin/v0/session',
    body: { email: operator.email, password: 'not the password at all' },
  });
  if (wrong.status !== 401) throw new Error(wrong.raw);
  const now = Date.now();
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
  const endpointId = id('webhook');
  const deliveryId = id('delivery');
  await db
    .insertInto('webhook_endpoints')
    .values({
      tenant_id: tenantId,
      id: endpointId,
      url: 'https://hooks.example.com/quire',
      description: null,
      event_types: '["*"]',
      enabled: 1,
      disabled_reason: null,
      disabled_at: null,
      secret: 'whsec_dGVzdA==',
      previous_secret: null,
      previous_secret_expires_at: null,
      failing_since: null,
      last_success_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('webhook_deliveries')
    .values({
      tenant_id: tenantId,
      id: deliveryId,
      endpoint_id: endpointId,
      event_id: id('event'),
      event_type: 'person.created',
      event_position: 1,
      ordering_key: '',
      status: 'succeeded',
      attempt_count: 1,
      max_attempts: 8,
      next_attempt_at: null,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      replay_of: null,
      replayed_by: null,
      created_at: now,
      completed_at: now,
    })
    .execute();
  await db
    .insertInto('webhook_attempts')
    .values({
      tenant_id: tenantId,
      id: id('attempt'),
      delivery_id: deliveryId,
      endpoint_id: endpointId,
      attempted_at: now,
      duration_ms: 12,
      outcome: 'succeeded',
      response_status: 200,
      response_body: 'ok',
      error: null,
    })
    .execute();
  // A file row (its bytes are not needed to count it) and a brand.
  await db
    .insertInto('files')
    .values({
      id: id('file'),
      tenant_id: tenantId,
      name: 'logo.png',
      content_type: 'image/png',
      bytes: 10,
      stored_bytes: 10,
      width: 1,
      height: 1,
      variants: '["original"]',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('brands')
    .values({
      tenant_id: tenantId,
      id: id('brand'),
      name: 'Brand',
      logo_file_id: null,
      favicon_file_id: null,
      colors:
        '{"primary":"#1d4ed8","primaryText":"#ffffff","accent":"#0e7490","background":"#ffffff","text":"#111827"}',
      font: '{"kind":"system","stack":"sans"}',
      button_radius: 8,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('page_events')
    .values({
      tenant_id: tenantId,
      id: id('pev'),
      page_id: seed.pageId as string,
      audience_id: '',
      version_id: null,
      kind: 'view',
      action_id: null,
      visitor_hash: 'v',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('form_submissions')
    .values({
      tenant_id: tenantId,
      id: id('fsub'),
      page_id: seed.pageId as string,
      audience_id: '',
      version_id: null,
      block_id: 'contact',
      person_id: 'person_x',
      account_id: null,
      person_log_id: 'personlog_x',
      email: 'lead@example.com',
      fields: '{}',
      consent: null,
      utm: '{}',
      referrer_host: null,
      proven: 1,
      test: 0,
      token_key: id('token'),
      fingerprint: 'f',
      created_at: now,
    })
    .execute();
  // A target-list import with a row, a reject and a target (as src/features/imports writes them).
  const importId = id('import');
  await db
    .insertInto('imports')
    .values({
      tenant_id: tenantId,
      id: importId,
      page_id: seed.pageId as string,
      status: 'done',
      format: 'csv',
      file_name: 'targets.csv',
      bytes: 10,
      mapping: '{}',
      source: null,
      rows_total: 2,
      next_line: 4,
      rows_read: 2,
      persons_created: 0,
      persons_updated: 0,
      accounts_created: 1,
      accounts_updated: 0,
      audiences_created: 1,
      rows_unchanged: 0,
      drafts_requeued: 0,
      rejects_count: 1,
      error: null,
      created_at: now,
      updated_at: now,
      finished_at: now,
    })
    .execute();
  await db
    .insertInto('import_rejects')
    .values({ tenant_id: tenantId, import_id: importId, line: 3, column_name: 'email', reason: 'r' })
    .execute();
  await db
    .insertInto('import_rows')
    .values({
      tenant_id: tenantId,
      import_id: importId,
      line: 2,
      audience_id: 'audience_x',
      person_id: null,
      account_id: null,
      outcome: 'created',
    })
    .execute();
  await db
    .insertInto('import_targets')
    .values({
      tenant_id: tenantId,
      page_id: seed.pageId as string,
      target_key: 'account:x',
      audience_id: 'audience_x',
      created_at: now,
    })
    .execute();
  const experimentId = id('exp');
  await db
    .insertInto('experiments')
    .values({
      tenant_id: tenantId,
      id: experimentId,
      page_id: seed.pageId as string,
      name: 'Holdout',
      metric: '{"kind":"click"}',
      status: 'running',
      current_phase: 1,
      created_at: now,
      updated_at: now,
      stopped_at: null,
    })
    .execute();
  await db
    .insertInto('experiment_phases')
    .values({
      tenant_id: tenantId,
      experiment_id: experimentId,
      phase: 1,
      arms: '[]',
      started_at: now,
      ended_at: null,
    })
    .execute();
  await db
    .insertInto('experiment_assignments')
    .values({
      tenant_id: tenantId,
      experiment_id: experimentId,
      unit_kind: 'person',
      unit_key: 'person_x',
      phase: 1,
      arm: 'control',
      audience_id: 'aud_x',
      first_exposed_at: now,
    })
    .execute();
  return { seed, tenantId, operator, console };
}
