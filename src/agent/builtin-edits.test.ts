import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withRequest } from '../../test/agent/agent-input.fixture.js';
import { diffContent } from '../domain/audience-content.js';
import { BuiltinAgent } from './builtin-agent.js';
import type { AgentResult } from './page-agent.js';

const agent = new BuiltinAgent();

async function ask(message: string, selectedElement: Record<string, unknown> | null = null) {
  const input = withRequest(message, selectedElement);
  const result = await agent.run(input, new AbortController().signal);
  assert.deepEqual(
    result.changes,
    diffContent(input.page, input.current, result.content),
    'changes = the diff',
  );
  return result;
}

function changed(result: AgentResult): Record<string, string> {
  return Object.fromEntries(result.changes.map((c) => [c.field, c.newValue]));
}

async function assertEdit(
  message: string,
  expected: Record<string, string>,
  selected?: Record<string, unknown>,
) {
  const result = await ask(message, selected ?? null);
  assert.deepEqual(changed(result), expected, `${message} -> ${result.reply}`);
  assert.match(result.reply, /^Done: I /);
  return result;
}

describe('built-in agent: edit requests', () => {
  it('sets the title in several phrasings', async () => {
    for (const message of [
      'set the title to "Forecasts for Acme"',
      'Set the meta title to Forecasts for Acme.',
      'title: Forecasts for Acme',
      'Could you please change the title to “Forecasts for Acme”?',
      'use "Forecasts for Acme" as the title',
      'The title should be Forecasts for Acme',
      'Change the title of the page to Forecasts for Acme.',
      'rename the page title to "Forecasts for Acme"',
      'Use “Forecasts for Acme” as the new title.',
    ]) {
      await assertEdit(message, { metaTitle: 'Forecasts for Acme' });
    }
  });

  it("sets the hosted page's headline and subheadline, not the title", async () => {
    for (const message of [
      'change the headline to "Forecasts Acme can trust"',
      'update the headline to Forecasts Acme can trust',
      'headline: Forecasts Acme can trust',
      'The hero headline should be Forecasts Acme can trust.',
      'use "Forecasts Acme can trust" as the headline',
    ]) {
      await assertEdit(message, { headline: 'Forecasts Acme can trust' });
    }
    for (const message of [
      'set the subheadline to: Built for Acme’s finance team.',
      'subtitle: Built for Acme’s finance team.',
      'change the sub-headline to "Built for Acme’s finance team."',
    ]) {
      await assertEdit(message, { subheadline: 'Built for Acme’s finance team.' });
    }
    await assertEdit('remove the subheadline', { subheadline: '' });
    await assertEdit('change this to Hello Acme', { headline: 'Hello Acme' }, { field: 'headline' });
    await assertEdit('replace "finance team" with "CFO" in the headline', {
      headline: 'Revenue forecasts your CFO can trust',
    });
    const result = await ask('set the headline to "Forecasts" and set the title to "Acme"');
    assert.deepEqual(result.changes, [
      { field: 'metaTitle', previousValue: 'Northwind Analytics', newValue: 'Acme' },
      {
        field: 'headline',
        previousValue: 'Revenue forecasts your finance team can trust',
        newValue: 'Forecasts',
      },
    ]);
  });

  it('records previousValue and newValue as strings', async () => {
    const result = await ask('set the title to "Hi"');
    assert.deepEqual(result.changes, [
      { field: 'metaTitle', previousValue: 'Northwind Analytics', newValue: 'Hi' },
    ]);
  });

  it('sets the description, keeping its sentences whole', async () => {
    await assertEdit('change the description to: Fast analytics. Built for teams.', {
      metaDescription: 'Fast analytics. Built for teams.',
    });
    await assertEdit('description: "Plan. Build. Ship."', { metaDescription: 'Plan. Build. Ship.' });
    await assertEdit('set the meta description to "Forecasts you can trust"', {
      metaDescription: 'Forecasts you can trust',
    });
  });

  it('adds, removes and sets keywords', async () => {
    await assertEdit('add keyword snowflake', { metaKeywords: 'analytics, forecasting, snowflake' });
    await assertEdit('add keywords dbt, Looker and "revenue ops"', {
      metaKeywords: 'analytics, forecasting, dbt, Looker, revenue ops',
    });
    await assertEdit('add "ROI" to the keywords', { metaKeywords: 'analytics, forecasting, ROI' });
    await assertEdit('remove the keyword analytics', { metaKeywords: 'forecasting' });
    await assertEdit('remove Forecasting from the keywords', { metaKeywords: 'analytics' });
    await assertEdit('keywords: a, b, c', { metaKeywords: 'a, b, c' });
    await assertEdit('set the keywords to x; y', { metaKeywords: 'x, y' });
    await assertEdit('Clear the keywords.', { metaKeywords: '' });
    await assertEdit('delete keywords analytics, forecasting', { metaKeywords: '' });
    await assertEdit('Remove analytics from the keywords.', { metaKeywords: 'forecasting' });
    await assertEdit('Add Looker as a keyword.', { metaKeywords: 'analytics, forecasting, Looker' });
  });

  it('adding a keyword already there changes nothing and says so', async () => {
    const result = await ask('add keyword Analytics');
    assert.deepEqual(result.changes, []);
    assert.match(result.reply, /^Nothing needed changing/);
  });

  it('sets, extends and clears the supplementary context', async () => {
    await assertEdit('set the supplementary context to: Met at SaaStr. Wants SSO.', {
      supplementaryContext: 'Met at SaaStr. Wants SSO.',
    });
    await assertEdit('add to the context: Prefers email.', { supplementaryContext: 'Prefers email.' });
    await assertEdit('context: CFO is the buyer', { supplementaryContext: 'CFO is the buyer' });
    await assertEdit('add "Uses dbt" to the context', { supplementaryContext: 'Uses dbt' });
    const cleared = await ask('set the context to x\nclear the context');
    assert.deepEqual(cleared.changes, []);
  });

  it('renames buttons by current text, by id, by position and by purpose', async () => {
    await assertEdit('rename the "Book a demo" button to "Talk to us"', {
      'buttonTitle:act_demo': 'Talk to us',
    });
    await assertEdit("rename the 'Book a demo' button to 'Let's talk'", {
      'buttonTitle:act_demo': "Let's talk",
    });
    await assertEdit('change the button "See pricing" to Compare plans', {
      'buttonTitle:act_pricing': 'Compare plans',
    });
    await assertEdit('rename the act_pricing button to Plans', { 'buttonTitle:act_pricing': 'Plans' });
    await assertEdit('change button 2 to "Compare plans"', { 'buttonTitle:act_pricing': 'Compare plans' });
    await assertEdit('rename the second button to Plans', { 'buttonTitle:act_pricing': 'Plans' });
    await assertEdit('set the first button text to Start', { 'buttonTitle:act_demo': 'Start' });
    await assertEdit('rename the last button to Plans', { 'buttonTitle:act_pricing': 'Plans' });
    await assertEdit('rename the pricing button to Plans', { 'buttonTitle:act_pricing': 'Plans' });
    await assertEdit('button 1: Get started', { 'buttonTitle:act_demo': 'Get started' });
    await assertEdit('rename the primary button to Go', { 'buttonTitle:act_demo': 'Go' });
  });

  it('renames the button the selected element names', async () => {
    await assertEdit(
      'change the button text to "Get a quote"',
      { 'buttonTitle:act_pricing': 'Get a quote' },
      {
        tag: 'button',
        dataset: { actionId: 'act_pricing' },
      },
    );
    await assertEdit('rename it to Plans', { 'buttonTitle:act_demo': 'Plans' }, { text: 'Book a demo' });
    await assertEdit('make the button say Go', { 'buttonTitle:act_demo': 'Go' }, { actionIndex: 0 });
    await assertEdit('change this to "Short title"', { metaTitle: 'Short title' }, { field: 'title' });
  });

  it('sets the action URL', async () => {
    await assertEdit('use https://example.com/demo as the action URL', {
      actionUrl: 'https://example.com/demo',
    });
    await assertEdit('set the action url to http://acme.example/x?y=1', {
      actionUrl: 'http://acme.example/x?y=1',
    });
    await assertEdit('point the button at https://acme.example/book', {
      actionUrl: 'https://acme.example/book',
    });
  });

  it('points the button a sentence is about, or says what it can do instead', async () => {
    // The fixture's primary action is act_demo (button 1); button 2 is act_pricing.
    for (const [message, selected] of [
      ['Rename button 2 to "Start a trial" and point the button at https://acme.example/trial', null],
      ['Change button 2 to "Plans". Point it at https://acme.example/plans.', null],
      ['For button 2, point the button at https://acme.example/trial', null],
      ['Point button 2 at https://acme.example/trial', null],
      ['point the pricing button at https://acme.example/trial', null],
      ['set the url of the second button to https://acme.example/trial', null],
      ['point the button at https://acme.example/trial', { actionId: 'act_pricing' }],
    ] as const) {
      const result = await ask(message, selected);
      assert.deepEqual(result.changes, [], `${message} must not change button 1's URL`);
      assert.match(result.reply, /button 2 \(“See pricing”\) keeps the link the page gives it/, message);
      assert.match(result.reply, /point the primary button at/, message);
    }
    const primary = await assertEdit(
      'Rename button 1 to Talk to us and point it at https://acme.example/talk',
      {
        actionUrl: 'https://acme.example/talk',
        'buttonTitle:act_demo': 'Talk to us',
      },
    );
    assert.match(
      primary.reply,
      /pointed the primary button \(button 1, act_demo\) at https:\/\/acme\.example\/talk/,
    );
    await assertEdit('point the primary button at https://acme.example/x', {
      actionUrl: 'https://acme.example/x',
    });
    await assertEdit('send visitors to https://acme.example/y', { actionUrl: 'https://acme.example/y' });
  });

  it('points the header action when it is the primary one', async () => {
    const input = withRequest('Point button 2 at https://acme.example/plans', null);
    const page = { ...input.page, headerActionId: 'act_pricing' };
    const result = await agent.run({ ...input, page }, new AbortController().signal);
    assert.deepEqual(changed(result), { actionUrl: 'https://acme.example/plans' }, result.reply);
  });

  it('replaces text, keywords and button titles', async () => {
    await assertEdit("replace 'Book a demo' with 'Talk to us'", { 'buttonTitle:act_demo': 'Talk to us' });
    await assertEdit('replace analytics with BI', { metaKeywords: 'BI, forecasting' });
    await assertEdit('replace "product usage" with "usage" in the description', {
      metaDescription: 'Revenue forecasts from usage data.',
    });
    // Without a field named, the text is replaced wherever it appears.
    await assertEdit('swap forecasts for projections', {
      metaDescription: 'Revenue projections from product usage data.',
      headline: 'Revenue projections your finance team can trust',
    });
    await assertEdit('Replace northwind with Acme in the title.', { metaTitle: 'Acme Analytics' });
  });

  it('applies several requests in one message, in order', async () => {
    const result = await assertEdit(
      'Please set the title to "Forecasts for Acme". Add keywords snowflake and Looker, and remove the keyword ' +
        'analytics.\nRename the "Book a demo" button to "Talk to us" and use https://acme.example/talk as the ' +
        'action URL. Thanks!',
      {
        metaTitle: 'Forecasts for Acme',
        metaKeywords: 'forecasting, snowflake, Looker',
        actionUrl: 'https://acme.example/talk',
        'buttonTitle:act_demo': 'Talk to us',
      },
    );
    assert.match(result.reply, /“Forecasts for Acme”/);
    assert.match(
      result.reply,
      /added the keywords “snowflake” and “Looker” and removed the keyword “analytics”/,
    );
    assert.match(result.reply, /renamed the “Book a demo” button/);
  });

  it('redrafts on request', async () => {
    assert.equal(
      (await ask('personalise it again')).content.metaTitle,
      'Northwind Analytics for Ada Lovelace at Acme',
    );
    const result = await ask('redraft');
    assert.equal(result.content.metaTitle, 'Northwind Analytics for Ada Lovelace at Acme');
    assert.match(result.reply, /^I drafted a version for Ada Lovelace at Acme/);
  });
});

describe('built-in agent: requests it cannot carry out', () => {
  async function assertDeclined(
    message: string,
    reply: RegExp,
    selected: Record<string, unknown> | null = null,
  ) {
    const input = withRequest(message, selected);
    const result = await agent.run(input, new AbortController().signal);
    assert.deepEqual(result.changes, [], message);
    assert.deepEqual(result.content, input.current);
    assert.match(result.reply, reply);
    assert.ok(result.reasoning.length > 20);
  }

  it('says in a sentence what needs a model, and the closest thing it can do, never a syntax list alone', async () => {
    await assertDeclined(
      'Could you make it more formal?',
      /^Changing the tone of the copy \(“make it more formal”\) needs a language model: run Quire with AGENT=openai and a model \(OPENAI_BASE_URL, OPENAI_MODEL\); without one, I can shorten the copy, address Ada by name or set the exact text you write/,
    );
    await assertDeclined(
      'Make the page pop',
      /^I couldn't tell what to change in “Make the page pop”: rewording copy freely needs a language model/,
    );
    await assertDeclined('Thanks, looks good!', /^Glad to help! I left the version as it is/);
  });

  it('refuses invalid values with the reason', async () => {
    await assertDeclined(
      'use ftp://files.example/x as the action URL',
      /"ftp:\/\/files\.example\/x" is not an absolute http\(s\) URL/,
    );
    await assertDeclined('set the action url to /demo', /not an absolute http\(s\) URL/);
    await assertDeclined(
      `set the title to "${'x'.repeat(71)}"`,
      /the title can be at most 70 characters \(this one has 71\)/,
    );
    await assertDeclined(`description: ${'y'.repeat(161)}`, /at most 160 characters/);
    await assertDeclined(
      'remove the keyword nope',
      /“nope” is not among the keywords \(“analytics” and “forecasting”\)/,
    );
  });

  it('takes "the button" to mean the primary one, and says which button it cannot find', async () => {
    assert.deepEqual(changed(await ask('change the button text to Go')), { 'buttonTitle:act_demo': 'Go' });
    await assertDeclined(
      'rename the "Foo" button to "Bar"',
      /couldn't find a button called “Foo”.*“Book a demo” \(act_demo\)/,
    );
    await assertDeclined('rename the fifth button to Bar', /only 2 button/);
  });

  it('changes nothing when one of several requests fails', async () => {
    await assertDeclined(
      'set the title to "Fine" and use not-a-url as the action URL',
      /I understood that you want me to set the title to “Fine” and set the action URL to “not-a-url”, but I couldn't/,
    );
  });

  it('applies what it can and names what it left alone', async () => {
    const result = await ask('set the title to X and make it punchier');
    assert.deepEqual(changed(result), { metaTitle: 'X' });
    assert.match(
      result.reply,
      /^Done: I changed the title to “X”\. Changing the tone of the title \(“make it punchier”\) needs a language model/,
    );
  });
});
