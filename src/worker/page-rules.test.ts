import assert from 'node:assert/strict';
import { it } from 'node:test';
import { completion, testAgent, useChatServer } from '../../test/agent/chat-completions.fixture.js';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { importTargets } from '../../test/import-factories.js';
import { drain, makePage, makeWorker } from '../../test/pages-factories.js';

const server = useChatServer();

const FILE = [
  'email,name,company,domain,industry',
  'ada@analytical.example,Ada Lovelace,Analytical Engines,analytical.example,manufacturing',
].join('\n');

describeEachDatabase("the page's rules choose the blocks whatever the agent (issue 31)", (ctx) => {
  it('the OpenAI-compatible agent drafts without a plan: the manufacturing account sees its case study', async () => {
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    await importTargets(ctx, tenant, page.id, FILE);
    server.chat.answers.push(
      completion({
        reply: 'I drafted a version for Ada.',
        reasoning: 'A title for her.',
        changes: [{ field: 'metaTitle', newValue: 'Close your books faster' }],
      }),
    );
    await drain(makeWorker(ctx, tenant, testAgent(server.chat.baseUrl), { maxAttempts: 1 }));
    const version = await ctx.database.db
      .selectFrom('audience_versions')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
    assert.equal(version.status, 'draft', version.last_error ?? '');
    const content = JSON.parse(version.content!);
    assert.equal(content.metaTitle, 'Close your books faster');
    const shown = content.blocks.shown.map((d: { blockId: string }) => d.blockId);
    assert.ok(shown.includes('case-manufacturing') && !shown.includes('case-default'), shown.join());
    const message = await ctx.database.db
      .selectFrom('messages')
      .select(['reasoning', 'content'])
      .where('tenant_id', '=', tenant.tenantId)
      .where('version_id', '=', version.id)
      .executeTakeFirstOrThrow();
    assert.match(
      message.reasoning,
      /By the page's rules: .*case-manufacturing: shown of group "proof" because the (person|account)'s industry is "manufacturing"/,
    );
    assert.match(
      message.content,
      /^I drafted a version for Ada\. By the page's rules it shows the Brightwell/,
    );
    const changes = await ctx.database.db
      .selectFrom('version_changes')
      .select('field')
      .where('tenant_id', '=', tenant.tenantId)
      .where('version_id', '=', version.id)
      .execute();
    assert.deepEqual(changes.map((c) => c.field).sort(), ['blocks', 'metaTitle']);
  });
});
