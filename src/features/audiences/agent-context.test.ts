import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makeAudience } from '../../../test/pages-factories.js';
import { createPersonLog } from '../activity/person-logs.service.js';
import { addEntry, createTopic } from '../topics/topics.service.js';
import { loadAgentInput } from './agent-context.js';
import { findVersion } from './versions.repository.js';

describeEachDatabase('the page agent context', (ctx) => {
  it("holds the person's account, their recent activity and the tenant's topic entries", async () => {
    const tenant = await makeTenant(ctx);
    const accountLog = await ctx.request({
      method: 'POST',
      url: '/v0/account_logs',
      key: tenant.key,
      body: {
        source: 'crm',
        type: 'deal-stage',
        payload: { stage: 'evaluation' },
        domain: 'acme.com',
        name: 'Acme',
      },
    });
    assert.equal(accountLog.status, 201, accountLog.raw);
    const person = await makePerson(ctx, tenant, { name: 'Ada Lovelace', domain: 'acme.com' });
    await createPersonLog(ctx.database.db, tenant.tenantId, person.personId, {
      source: 'user',
      type: 'note',
      payload: { text: 'Asked about SOC 2' },
    });
    const topic = await createTopic(ctx.database.db, tenant.tenantId, 'Messaging');
    await addEntry(ctx.database.db, tenant.tenantId, topic.id, {
      content: { type: 'text', content: 'We never sell data.' },
    });
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant, undefined, {
      personId: person.personId,
    });

    const version = (await findVersion(ctx.database.db, tenant.tenantId, versionId))!;
    const input = await loadAgentInput(ctx.database.db, version);
    assert.deepEqual(input.person, { name: 'Ada Lovelace', email: null, domain: 'acme.com' });
    assert.deepEqual(input.account, { name: 'Acme', domain: 'acme.com' });
    assert.equal(input.audience.effectiveName, 'Ada Lovelace at Acme');
    assert.deepEqual(
      input.recentActivity.map((a) => [a.source, a.type, a.personName]),
      [
        ['user', 'note', 'Ada Lovelace'],
        ['crm', 'deal-stage', null],
      ],
      'newest first, account and person logs together',
    );
    assert.deepEqual(input.recentActivity[1]!.payload, { stage: 'evaluation' });
    assert.deepEqual(input.topicEntries, [{ type: 'text', content: 'We never sell data.' }]);
    assert.equal(input.request, null);
    assert.equal(input.page.pageId, pageId);

    const audience = await ctx.request({
      method: 'GET',
      url: `/v0/pages/${pageId}/audiences/${audienceId}`,
      key: tenant.key,
    });
    assert.equal(audience.body.computedName, 'Ada Lovelace at Acme', 'the account name, once there is one');
  });
});
