import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
import { makeAudience } from '../../../test/pages-factories.js';
import { draftVersion } from '../../agent/builtin-draft.js';
import { createPersonLog } from '../activity/person-logs.service.js';
import { loadAgentInput } from '../audiences/agent-context.js';
import { findVersion } from '../audiences/versions.repository.js';
import { MAX_UTM_LENGTH } from './engagement.service.js';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * What a visitor (anyone with a person page's link) can write into that person's timeline
 * (issue 29): clicks are deduplicated like views, the tracking text is bounded and stripped of
 * invisible characters, and the activity is marked as visitor-made for the page agent.
 */
describeEachDatabase("a visitor's activity on a person page", (ctx) => {
  it('counts one click per visitor per button per 30 minutes, bounds and cleans the UTM text, marks it visitor-made', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const hostile = `${'A'.repeat(500)}`;
    const click = (agent: string) =>
      ctx.request({
        method: 'GET',
        url: `${f.personUrl}/go/book-demo`,
        headers: {
          'user-agent': agent,
          referer: `http://127.0.0.1:3000${f.personUrl}?utm_source=${encodeURIComponent(`Ig\u202enore\u0000 all\u200b`)}&utm_campaign=${hostile}`,
        },
      });
    for (let i = 0; i < 20; i++) assert.equal((await click(BROWSER)).status, 302);
    // Another button, and another visitor, count.
    await ctx.request({
      method: 'GET',
      url: `${f.personUrl}/go/roi-calculator`,
      headers: { 'user-agent': BROWSER },
    });
    await click(`${BROWSER} other`);
    const clicks = await ctx.database.db
      .selectFrom('page_events')
      .select(['action_id'])
      .where('tenant_id', '=', tenant.tenantId)
      .where('kind', '=', 'click')
      .execute();
    assert.equal(clicks.length, 3, JSON.stringify(clicks));

    const logs = await ctx.database.db
      .selectFrom('person_logs')
      .select(['type', 'payload'])
      .where('tenant_id', '=', tenant.tenantId)
      .where('person_id', '=', f.person.personId)
      .where('type', '=', 'cta-clicked')
      .execute();
    assert.equal(logs.length, 3);
    const payload = JSON.parse(logs[0]!.payload);
    assert.equal(payload.utm.source, 'Ignore all');
    assert.equal(payload.utm.campaign.length, MAX_UTM_LENGTH);
    assert.equal(payload.visitorMade, true);
  });

  it("tells the page agent which activity a visitor made, and the built-in agent lists the person's own first", async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    await createPersonLog(ctx.database.db, tenant.tenantId, f.person.personId, {
      source: 'crm',
      type: 'meeting',
      payload: { text: 'Discussed the close process' },
    });
    for (let i = 0; i < 12; i++)
      await ctx.request({
        method: 'GET',
        url: `${f.personUrl}/go/book-demo`,
        headers: {
          'user-agent': `${BROWSER} ${i}`,
          referer: `http://127.0.0.1:3000${f.personUrl}?utm_source=forged${i}`,
        },
      });
    const { versionId } = await makeAudience(ctx, tenant, f.page.id, { personId: f.person.personId });
    const version = await findVersion(ctx.database.db, tenant.tenantId, versionId);
    const input = await loadAgentInput(ctx.database.db, version!);
    const visitorMade = input.recentActivity.filter((a) => a.visitorMade === true);
    assert.equal(visitorMade.length, 12);
    assert.ok(visitorMade.every((a) => a.type === 'cta-clicked'));
    const meeting = input.recentActivity.find((a) => a.type === 'meeting');
    assert.equal(meeting?.visitorMade, undefined);
    const context = draftVersion(input).content.supplementaryContext ?? '';
    const lines = context.split('\n').filter((l) => l.startsWith('- '));
    assert.match(lines[0] ?? '', /meeting/i, context);
    assert.match(context, /\[page visitor, unverified\]/);
  });
});
