import assert from 'node:assert/strict';
import { it } from 'node:test';
import { signInAs } from '../../../test/console-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { fillTenant, rowsPerTable, tablesWithTenantColumn } from '../../../test/tenant-rows.js';
import { TENANT_TABLES } from './tenant-data.repository.js';

describeEachDatabase('DELETE /admin/v0/tenants/{tenant}', (ctx) => {
  const remove = (tenant: string, query = '') =>
    ctx.request({
      method: 'DELETE',
      url: `/admin/v0/tenants/${tenant}${query}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
  const sessionsOf = async (operatorId: string) =>
    ctx.database.db
      .selectFrom('operator_sessions')
      .selectAll()
      .where('operator_id', '=', operatorId)
      .execute();

  it('every table with a tenant column is emptied by a tenant deletion (a new one fails here)', async () => {
    // Operators are deleted with their sessions; SQLite's search index follows assets, and its
    // tenant key the tenant (triggers).
    const handled = new Set<string>([...TENANT_TABLES, 'operators', 'assets_search', 'search_tenant_keys']);
    const tables = await tablesWithTenantColumn(ctx);
    assert.ok(tables.length >= 20, tables.join(', '));
    assert.deepEqual(
      tables.filter((t) => !handled.has(t)),
      [],
      'add these to TENANT_TABLES (tenant-data.repository.ts)',
    );
  });

  it('a dry run counts and removes nothing; the deletion removes every row of the tenant and no other', async () => {
    const doomed = await fillTenant(ctx);
    const kept = await fillTenant(ctx);
    const before = await rowsPerTable(ctx, doomed.tenantId);
    const empty = Object.entries(before).filter(([table, n]) => n === 0 && table !== 'assets_search');
    assert.deepEqual(empty, [], 'the fixture fills every table, so the test sees each one emptied');
    const keptBefore = await rowsPerTable(ctx, kept.tenantId);
    // The key's verdict is cached (API_KEY_CACHE_TTL_MS): the deletion must drop it at once.
    assert.equal(
      (await ctx.request({ method: 'GET', url: '/v0/persons', key: doomed.seed.apiKey })).status,
      200,
    );

    const dry = await remove(doomed.tenantId, '?dryRun=true');
    assert.equal(dry.status, 200, dry.raw);
    assert.equal(dry.body.dryRun, true);
    assert.equal(dry.body.tenantId, doomed.tenantId);
    assert.equal(dry.body.removed.tenants, 1);
    assert.equal(dry.body.removed.persons, before.persons);
    assert.equal(dry.body.removed.auditLog, before.audit_log);
    assert.equal(dry.body.removed.operators, 1);
    assert.equal(dry.body.removed.operatorSessions, 1);
    assert.equal(dry.body.removed.loginFailures, 1);
    assert.ok(dry.body.removed.idempotencyRecords >= 1, dry.raw);
    assert.deepEqual(await rowsPerTable(ctx, doomed.tenantId), before, 'a dry run removes nothing');

    const done = await remove(doomed.seed.tenantId);
    assert.equal(done.status, 200, done.raw);
    assert.equal(done.body.dryRun, false);
    assert.deepEqual(done.body.removed, dry.body.removed, 'the dry run counted exactly this');
    for (const [table, n] of Object.entries(await rowsPerTable(ctx, doomed.tenantId)))
      assert.equal(n, 0, `${table} still holds rows of the deleted tenant`);
    assert.deepEqual(
      await rowsPerTable(ctx, kept.tenantId),
      keptBefore,
      "another tenant's rows are untouched",
    );
    assert.deepEqual(await sessionsOf(doomed.operator.operatorId), []);
    assert.equal((await sessionsOf(kept.operator.operatorId)).length, 1);

    const refused = await ctx.request({ method: 'GET', url: '/v0/persons', key: doomed.seed.apiKey });
    assert.equal(refused.status, 401, 'its keys stop working at once');
    const other = await ctx.request({ method: 'GET', url: '/v0/persons', key: kept.seed.apiKey });
    assert.equal(other.status, 200);
    assert.equal((await doomed.console.request('GET', '/admin/v0/me')).status, 401, 'its sessions end');
    assert.equal((await remove(doomed.tenantId)).status, 404);

    const audit = await ctx.request({
      method: 'GET',
      url: '/admin/v0/audit',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    // Other test files delete tenants of the shared PostgreSQL database too: this one's entries.
    const entries = audit.body.items.filter(
      (e: { action: string; recordId: string }) =>
        e.action === 'tenant.delete' && e.recordId === doomed.tenantId,
    );
    assert.equal(entries.length, 1, 'audited once, in the instance log; the dry run is not');
  });

  it("is for instance admins only: a tenant's own admin gets 403", async () => {
    const { tenantId } = await fillTenant(ctx);
    const admin = await signInAs(ctx, tenantId, 'admin');
    const refused = await admin.request('DELETE', `/admin/v0/tenants/${tenantId}`);
    assert.equal(refused.status, 403, refused.raw);
    assert.equal((await remove('no-such-tenant')).status, 404);
    assert.equal((await remove(tenantId, '?dryRun=maybe')).status, 400);
  });
});
