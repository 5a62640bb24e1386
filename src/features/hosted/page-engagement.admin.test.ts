import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
import { type EngagementEvent, recordClick, recordView, VIEW_WINDOW_MS } from './engagement.service.js';

describeEachDatabase('GET /admin/v0/tenants/{tenant}/pages/{pageId}/engagement', (ctx) => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  it('counts per audience and version, and per audience with each visitor once across versions', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const db = ctx.database.db;
    const event = (versionId: string, visitorHash: string): EngagementEvent => ({
      tenantId: tenant.tenantId,
      pageId: f.page.id,
      pageSlug: f.page.slug as string,
      audience: { id: f.personal.audienceId, personId: f.person.personId },
      versionId,
      visitorHash,
      referrer: null,
      query: null,
    });
    const t0 = Date.now() - 3 * VIEW_WINDOW_MS;
    // Visitor a sees version 1, and later version 2; visitor b sees version 2 and clicks.
    await recordView(db, event(f.personal.versionId, 'a'), t0);
    await recordView(db, event('version_second', 'a'), t0 + VIEW_WINDOW_MS + 1);
    await recordView(db, event('version_second', 'b'), t0 + VIEW_WINDOW_MS + 2);
    await recordClick(db, event('version_second', 'b'), 'roi-calculator', t0 + VIEW_WINDOW_MS + 3);
    // The page itself (no audience) is its own row.
    await recordView(db, { ...event('version_second', 'c'), audience: null, versionId: null }, t0);

    const answer = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages/${f.page.id}/engagement`,
      headers: admin,
    });
    assert.equal(answer.status, 200, answer.raw);
    const counts = (row: Record<string, unknown>) => [
      row.views,
      row.uniqueVisitors,
      row.clicks,
      row.clickThroughRate,
    ];
    const byVersion = (id: string | null) =>
      answer.body.items.find(
        (i: { audienceId: string | null; versionId: string | null }) =>
          i.versionId === id &&
          (id === null ? i.audienceId === null : i.audienceId === f.personal.audienceId),
      );
    assert.deepEqual(counts(byVersion(f.personal.versionId)), [1, 1, 0, 0]);
    assert.deepEqual(counts(byVersion('version_second')), [2, 2, 1, 0.5]);
    assert.deepEqual(counts(byVersion(null)), [1, 1, 0, 0]);
    const personal = answer.body.audiences.find(
      (a: { audienceId: string | null }) => a.audienceId === f.personal.audienceId,
    );
    assert.equal(personal.versionId, null);
    // Three views by two visitors (a is counted once, though it saw both versions), one click.
    assert.deepEqual(counts(personal), [3, 2, 1, 0.3333]);
    assert.equal(answer.body.audiences.length, 2, 'the audience and the page itself');
  });

  it("is a 404 for another tenant's page", async () => {
    const tenant = await makeTenant(ctx);
    const other = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const answer = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${other.tenantId}/pages/${f.page.id}/engagement`,
      headers: admin,
    });
    assert.equal(answer.status, 404, answer.raw);
  });
});
