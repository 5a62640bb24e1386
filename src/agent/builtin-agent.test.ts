import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentInput, withRequest } from '../../test/agent/agent-input.fixture.js';
import { AGENT_LIMITS, diffContent } from '../domain/audience-content.js';
import { BuiltinAgent } from './builtin-agent.js';
import type { AgentInput, AgentResult } from './page-agent.js';

const agent = new BuiltinAgent();
const run = (input: AgentInput) => agent.run(input, new AbortController().signal);
const ask = (message: string, selectedElement: Record<string, unknown> | null = null) =>
  run(withRequest(message, selectedElement));

/** Every result must be internally consistent: content = current + changes, changes = the diff. */
function assertConsistent(input: AgentInput, result: AgentResult) {
  assert.deepEqual(result.changes, diffContent(input.page, input.current, result.content));
  assert.ok(result.content.metaTitle.length <= AGENT_LIMITS.metaTitle, result.content.metaTitle);
  assert.ok(
    result.content.metaDescription.length <= AGENT_LIMITS.metaDescription,
    result.content.metaDescription,
  );
  assert.ok(result.reply.length > 0 && result.reasoning.length > 0);
}

function changed(result: AgentResult): Record<string, string> {
  return Object.fromEntries(result.changes.map((c) => [c.field, c.newValue]));
}

describe('built-in agent: first draft', () => {
  it('on a page with a hero block, keeps the headline as written and says in the eyebrow whom the page is for', async () => {
    const base = agentInput();
    const input = agentInput({
      page: {
        ...base.page,
        blocks: [
          { blockId: 'top', type: 'hero', eyebrow: 'Forecasting for finance teams' },
          {
            blockId: 'faq',
            type: 'faq',
            heading: 'Questions',
            items: [{ question: 'Why?', answer: 'Because.' }],
          },
        ],
      },
    });
    const result = await run(input);
    assertConsistent(input, result);
    assert.equal(result.content.headline, base.page.headline, 'no name appended to the headline');
    assert.equal(result.content.subheadline, base.page.subheadline);
    assert.deepEqual(result.content.blocks?.text, { top: { eyebrow: 'Prepared for Ada Lovelace at Acme' } });
    assert.match(result.reply, /the hero says .Prepared for Ada Lovelace at Acme. above your headline/);
    // A hero without an eyebrow has no line to carry it: the headline names the company as before.
    const bare = agentInput({ page: { ...base.page, blocks: [{ blockId: 'top', type: 'hero' }] } });
    const plain = await run(bare);
    assertConsistent(bare, plain);
    assert.equal(plain.content.headline, 'Revenue forecasts your finance team can trust for Acme');
    assert.deepEqual(plain.content.blocks?.text, {});
  });

  it('names the person and company and what the page offers', async () => {
    const input = agentInput();
    const result = await run(input);
    assertConsistent(input, result);
    assert.equal(result.content.metaTitle, 'Northwind Analytics for Ada Lovelace at Acme');
    assert.match(
      result.content.metaDescription,
      /^For Ada Lovelace at Acme: Northwind Analytics turns product usage/,
    );
    assert.match(result.content.metaDescription, /Book a demo\.$/);
    assert.equal(result.content.headline, 'Revenue forecasts your finance team can trust for Acme');
    assert.equal(
      result.content.subheadline,
      'For Ada Lovelace at Acme: Dashboards, alerts and a warehouse-native semantic layer.',
    );
    assert.match(result.reply, /Ada Lovelace at Acme/);
    assert.match(result.reasoning, /No message asked for this version/);
  });

  it('draws keywords from the page, the account, the activity and the topics', async () => {
    const result = await run(agentInput());
    const keywords = result.content.metaKeywords;
    assert.deepEqual(keywords.slice(0, 3), ['analytics', 'forecasting', 'Acme']);
    for (const expected of ['snowflake', 'integration', 'pricing', 'northwind'])
      assert.ok(keywords.includes(expected));
    // A word only one source uses in passing ("turns", "syncs") is not a keyword.
    assert.ok(!keywords.includes('turns') && !keywords.includes('syncs'), keywords.join(', '));
    assert.equal(changed(result).metaKeywords, keywords.join(', '));
  });

  it('summarises recent activity and only the relevant topic entries', async () => {
    const { supplementaryContext } = (await run(agentInput())).content;
    assert.match(
      supplementaryContext,
      /^Audience: Ada Lovelace \(ada@acme\.example\) at Acme \(acme\.example\)\./,
    );
    assert.match(
      supplementaryContext,
      /2026-11-20, Ada Lovelace: page view \(web\): Pricing for enterprise forecasting/,
    );
    assert.match(supplementaryContext, /note \(user\): Asked about Snowflake integration/);
    assert.match(supplementaryContext, /Our Snowflake integration syncs usage data every 15 minutes\./);
    assert.match(supplementaryContext, /Forecasting accuracy improved 23%/);
    assert.doesNotMatch(supplementaryContext, /office party/i);
    assert.match(supplementaryContext, /primary action “Book a demo”/);
  });

  it("keeps the operator's supplementary context and adds the summary after it", async () => {
    const notes = 'Met at the FinOps Summit; wants a pilot before the Q3 budget review.';
    const base = agentInput();
    const input = agentInput({ current: { ...base.current, supplementaryContext: notes } });
    const result = await run(input);
    assertConsistent(input, result);
    const context = result.content.supplementaryContext;
    assert.ok(context.startsWith(`${notes}\n\nAudience: Ada Lovelace`), context);
    assert.match(context, /note \(user\): Asked about Snowflake integration/);
    assert.match(result.reply, /keeps your notes/);
    // A redraft replaces its own summary instead of stacking a second one under the notes.
    const again = await run({ ...input, current: result.content });
    assert.equal(again.content.supplementaryContext, context);
    assert.deepEqual(again.changes, []);
  });

  it('keeps operator notes whole when they leave little room for a summary', async () => {
    const notes = `${'Long operator note. '.repeat(199)}End.`;
    const base = agentInput();
    const input = agentInput({ current: { ...base.current, supplementaryContext: notes } });
    const result = await run(input);
    assertConsistent(input, result);
    assert.ok(result.content.supplementaryContext.startsWith(notes));
    assert.ok(result.content.supplementaryContext.length <= AGENT_LIMITS.supplementaryContext);
  });

  it('leaves button titles and the action URL alone', async () => {
    const result = await run(agentInput());
    assert.ok(result.changes.every((c) => !c.field.startsWith('buttonTitle:') && c.field !== 'actionUrl'));
  });

  it('drafts for an account alone, a person alone and a general audience', async () => {
    const accountOnly = await run(agentInput({ person: null }));
    assert.equal(accountOnly.content.metaTitle, 'Northwind Analytics for Acme');
    const personOnly = await run(
      agentInput({ account: null, person: { name: 'Bo Li', email: null, domain: null } }),
    );
    assert.equal(personOnly.content.metaTitle, 'Northwind Analytics for Bo Li');
    const general = await run(
      agentInput({
        person: null,
        account: null,
        recentActivity: [],
        audience: { audienceId: 'audience_x', effectiveName: 'Analytics demo' },
      }),
    );
    assert.equal(general.content.metaTitle, 'Northwind Analytics');
    assert.match(general.content.supplementaryContext, /Recent activity: none recorded\./);
    // Nobody to name: the hero stays the page's own.
    assert.equal(general.content.headline, agentInput().page.headline);
    assert.equal(general.content.subheadline, agentInput().page.subheadline);
    assert.equal(personOnly.content.headline, 'Revenue forecasts your finance team can trust for Bo Li');
  });

  it("personalises the page's own headline, so a redraft does not stack, and keeps it within bounds", async () => {
    const drafted = (await run(agentInput())).content;
    const redraft = await run(agentInput({ current: drafted }));
    assert.equal(redraft.content.headline, drafted.headline);
    assert.equal(redraft.content.subheadline, drafted.subheadline);
    // A page without a body: the title is the headline, and the subheadline says who it is for.
    const bare = await run(
      agentInput({ page: { ...agentInput().page, headline: 'Northwind Analytics.', subheadline: '' } }),
    );
    assert.equal(bare.content.headline, 'Northwind Analytics for Acme.');
    assert.equal(bare.content.subheadline, 'Prepared for Ada Lovelace at Acme.');
    const long = 'x'.repeat(AGENT_LIMITS.headline - 3);
    const tight = await run(agentInput({ page: { ...agentInput().page, headline: long } }));
    assert.equal(tight.content.headline, long, 'a headline that cannot take the company stays as it is');
  });

  it('keeps a long title and description within bounds', async () => {
    const input = agentInput({
      page: {
        ...agentInput().page,
        title: 'The Complete Revenue Forecasting and Product Analytics Platform for Modern Finance Teams',
        pageContext: `${'Forecast revenue from usage with confidence intervals and scenario planning '.repeat(5)}.`,
      },
      account: { name: 'Acme Global Holdings International', domain: 'acme.example' },
    });
    const result = await run(input);
    assertConsistent(input, result);
    assert.match(result.content.metaTitle, /for Acme Global Holdings International$/);
    assert.match(result.content.metaDescription, /…$/);
  });

  it('is deterministic: the same input gives the same output', async () => {
    const first = await run(agentInput());
    const second = await run(agentInput());
    assert.deepEqual(second, first);
    const edit = 'set the title to "A" and add keyword b';
    assert.deepEqual(await ask(edit), await ask(edit));
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await assert.rejects(agent.run(agentInput(), controller.signal), /stop/);
  });
});
