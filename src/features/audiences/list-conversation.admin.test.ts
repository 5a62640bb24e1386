import assert from 'node:assert/strict';
import { it } from 'node:test';
import { adminGet, audienceScenario } from '../../../test/admin-client.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('admin API: GET /tenants/{tenant}/audiences/{audienceId}/conversation', (ctx) => {
  it('pages through the conversation oldest first, with each version its changes', async () => {
    const tenant = await makeTenant(ctx);
    const s = await audienceScenario(ctx, tenant);
    const base = `/tenants/${tenant.tenantId}/audiences/${s.personal.audienceId}/conversation`;
    const all = await adminGet(ctx, base);
    assert.equal(all.status, 200, all.raw);
    assert.ok(all.body.totalCount >= 2, all.raw);
    const ask = all.body.items.find((m: { content: string }) => m.content === 'title: Hello Grace');
    assert.equal(ask.role, 'user');
    const reply = all.body.items.find(
      (m: { content: string; role: string }) => m.content.includes('Hello Grace') && m.role === 'agent',
    );
    assert.ok(
      reply.changes.some(
        (c: { field: string; newValue: string }) => c.field === 'metaTitle' && c.newValue === 'Hello Grace',
      ),
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await adminGet(ctx, `${base}?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.items.map((m: { messageId: string }) => m.messageId));
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    assert.deepEqual(
      seen,
      all.body.items.map((m: { messageId: string }) => m.messageId),
    );
    const other = await makeTenant(ctx);
    assert.equal(
      (await adminGet(ctx, `/tenants/${other.tenantId}/audiences/${s.personal.audienceId}/conversation`))
        .status,
      404,
    );
  });
});
