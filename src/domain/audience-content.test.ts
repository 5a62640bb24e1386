import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentInput } from '../../test/agent/agent-input.fixture.js';
import {
  agentResultProblems,
  checkProposedVersion,
  contentFields,
  diffContent,
  effectiveActions,
  effectiveContent,
  fieldProblem,
  fieldValue,
  isHttpUrl,
  type ProposedVersion,
  parseKeywordList,
  withField,
} from './audience-content.js';
import type { PageBlock } from './page-blocks.js';

const { page, current } = agentInput();

describe('audience content helpers', () => {
  it("lists the page's fields, buttons by action id", () => {
    assert.deepEqual(contentFields(page).slice(5), [
      'headline',
      'subheadline',
      'buttonTitle:act_demo',
      'buttonTitle:act_pricing',
    ]);
  });

  it('reads fields as strings, keywords joined with ", "', () => {
    assert.equal(fieldValue(current, page, 'metaKeywords'), 'analytics, forecasting');
    assert.equal(fieldValue(current, page, 'buttonTitle:act_pricing'), 'See pricing');
    // A button the audience never renamed reads as the page's default title.
    assert.equal(fieldValue({ ...current, buttonTitles: {} }, page, 'buttonTitle:act_demo'), 'Book a demo');
  });

  it('writes fields back and diffs exactly the changed ones', () => {
    const next = withField(
      withField(current, page, 'metaKeywords', 'a; b, A'),
      page,
      'buttonTitle:act_demo',
      'Go',
    );
    assert.deepEqual(next.metaKeywords, ['a', 'b']);
    assert.deepEqual(diffContent(page, current, next), [
      { field: 'metaKeywords', previousValue: 'analytics, forecasting', newValue: 'a, b' },
      { field: 'buttonTitle:act_demo', previousValue: 'Book a demo', newValue: 'Go' },
    ]);
    assert.throws(() => withField(current, page, 'buttonTitle:nope', 'x'), /Unknown action nope/);
  });

  it('bounds values', () => {
    assert.equal(fieldProblem(page, 'metaTitle', 'x'.repeat(70)), null);
    assert.match(fieldProblem(page, 'metaTitle', 'x'.repeat(71)) ?? '', /at most 70/);
    assert.match(fieldProblem(page, 'metaTitle', '  ') ?? '', /cannot be empty/);
    assert.match(fieldProblem(page, 'metaDescription', 'x'.repeat(161)) ?? '', /at most 160/);
    assert.match(
      fieldProblem(page, 'metaKeywords', Array.from({ length: 21 }, (_, i) => `k${i}`).join(',')) ?? '',
      /at most 20 keywords/,
    );
    assert.match(fieldProblem(page, 'buttonTitle:act_x', 'Go') ?? '', /no action "act_x"/);
    assert.equal(fieldProblem(page, 'supplementaryContext', ''), null);
    assert.equal(fieldProblem(page, 'headline', 'x'.repeat(300)), null);
    assert.match(fieldProblem(page, 'headline', 'x'.repeat(301)) ?? '', /headline can be at most 300/);
    assert.match(fieldProblem(page, 'headline', ' ') ?? '', /headline cannot be empty/);
    assert.equal(fieldProblem(page, 'subheadline', ''), null, 'a subheadline may be cleared');
    assert.match(fieldProblem(page, 'subheadline', 'x'.repeat(1001)) ?? '', /at most 1000/);
    assert.equal(parseKeywordList(' a ,, b ;a').join('|'), 'a|b');
  });

  it('accepts only absolute http(s) URLs', () => {
    assert.ok(isHttpUrl('https://example.com/demo?x=1'));
    assert.ok(isHttpUrl('http://127.0.0.1:8080'));
    for (const bad of [
      '/demo',
      'example.com',
      'ftp://example.com',
      'javascript:alert(1)',
      'mailto:a@b.c',
      'https://',
    ]) {
      assert.ok(!isHttpUrl(bad), bad);
    }
  });

  it('checks an agent result for the worker', () => {
    const content = { ...current, metaTitle: 'New' };
    const changes = diffContent(page, current, content);
    assert.deepEqual(agentResultProblems(page, current, { content, changes }), []);
    assert.deepEqual(agentResultProblems(page, current, { content, changes: [] }), [
      'changes do not list exactly the fields where content differs from current',
    ]);
    const long = { ...current, actionUrl: 'nope' };
    assert.match(
      agentResultProblems(page, current, { content: long, changes: diffContent(page, current, long) })[0] ??
        '',
      /actionUrl: "nope" is not an absolute/,
    );
  });

  it('refuses a proposed version whose hero is missing, empty or over its outer bound', () => {
    const propose = (content: unknown) =>
      checkProposedVersion(
        { reply: 'ok', reasoning: '', content, changes: [] } as unknown as ProposedVersion,
        current,
        page,
      );
    const { headline: _, ...headless } = current;
    assert.throws(() => propose(headless), /headline must be a string/);
    assert.throws(() => propose({ ...current, headline: '' }), /headline must not be empty/);
    assert.throws(
      () => propose({ ...current, subheadline: 'x'.repeat(1001) }),
      /subheadline is longer than 1000/,
    );
    const content = { ...current, headline: 'Forecasts for Acme' };
    const kept = checkProposedVersion(
      { reply: 'ok', reasoning: '', content, changes: diffContent(page, current, content) },
      current,
      page,
    );
    assert.equal(kept.content.headline, 'Forecasts for Acme');
    assert.deepEqual(
      kept.changes.map((c) => c.field),
      ['headline'],
    );
  });
});

describe('effective content', () => {
  const page = {
    title: 'Page title',
    headerActionId: 'b',
    metadata: { title: 'Meta', keywords: ['x'] },
    actions: [
      { actionId: 'a', buttonTitle: 'A', url: 'https://example.com/a' },
      { actionId: 'b', buttonTitle: 'B', url: 'https://example.com/b' },
    ],
    body: { headline: 'Forecasts you can trust', subheadline: 'Dashboards and alerts.' },
  };
  const audience = { supplementaryContext: null, actionUrlOverride: null, metadataOverride: null };

  it('is the page with the audience overrides while nothing is published', () => {
    const content = effectiveContent(page, audience, null);
    assert.deepEqual(content.buttonTitles, { a: 'A', b: 'B' });
    assert.equal(content.actionUrl, 'https://example.com/b', 'the header action is the primary one');
    assert.equal(content.metaTitle, 'Meta');
    assert.equal(content.headline, 'Forecasts you can trust');
    assert.equal(content.subheadline, 'Dashboards and alerts.');
    const bodiless = effectiveContent({ ...page, body: null }, audience, null);
    assert.deepEqual([bodiless.headline, bodiless.subheadline], [page.title, ''], 'no body: the title');
  });

  it("merges the published content over the page's current actions", () => {
    const published = {
      metaTitle: 'T',
      metaDescription: 'D',
      metaKeywords: ['k'],
      supplementaryContext: 'S',
      // "gone" was removed from the page since; "a" was added after the version was written.
      buttonTitles: { b: 'Talk to sales', gone: 'Old' },
      actionUrl: 'https://example.com/sales',
      headline: 'Forecasts Acme can trust',
      subheadline: '',
    };
    const content = effectiveContent(page, audience, published);
    assert.deepEqual([content.headline, content.subheadline], ['Forecasts Acme can trust', '']);
    assert.deepEqual(content.buttonTitles, { a: 'A', b: 'Talk to sales' });
    assert.deepEqual(
      effectiveActions(page.actions, page.headerActionId, content).map((a) => [a.buttonTitle, a.url]),
      [
        ['A', 'https://example.com/a'],
        ['Talk to sales', 'https://example.com/sales'],
      ],
    );
  });
});

describe('the blocks shown, written back (undo and restore of a `blocks` change)', () => {
  const blocks: PageBlock[] = [
    { blockId: 'hero', type: 'hero' },
    { blockId: 'faq', type: 'faq', heading: 'FAQ', items: [] },
    { blockId: 'clip', type: 'video', provider: 'youtube', videoId: 'x', title: 'Clip' },
  ];
  const blockPage = { ...page, blocks };

  it('shows exactly the ids given, in their order, hides the rest and drops unknown ids', () => {
    const before = fieldValue(current, blockPage, 'blocks');
    assert.equal(before, 'hero, faq, clip');
    const next = withField(current, blockPage, 'blocks', 'clip, hero, gone');
    assert.equal(fieldValue(next, blockPage, 'blocks'), 'clip, hero');
    assert.deepEqual(
      next.blocks!.hidden.map((d) => d.blockId),
      ['faq'],
    );
    assert.deepEqual(
      diffContent(blockPage, current, next).map((c) => c.field),
      ['blocks'],
    );
    assert.equal(fieldValue(withField(next, blockPage, 'blocks', before), blockPage, 'blocks'), before);
  });
});

describe("an agent's block text is held to the page's own bounds (issue 31)", () => {
  const blocks: PageBlock[] = [
    { blockId: 'faq', type: 'faq', heading: 'Q', items: [{ question: 'Why?', answer: 'Because.' }] },
    {
      blockId: 'features',
      type: 'features',
      heading: 'Why',
      items: [
        { title: 'A', text: 'a' },
        { title: 'B', text: 'b' },
      ],
    },
  ];
  const onPage = { ...page, blocks };
  it('fieldProblem names the block and field', () => {
    assert.equal(
      fieldProblem(onPage, 'block:faq/items/0/question', ''),
      'faq/items/0/question cannot be empty',
    );
    assert.equal(
      fieldProblem(onPage, 'block:features/items/0/text', 'x'.repeat(1001)),
      'features/items/0/text can be at most 1000 characters (this one has 1001)',
    );
  });
  it('the worker refuses a result that empties an FAQ question', () => {
    const content = {
      ...current,
      blocks: {
        shown: [
          { blockId: 'faq', reason: 'x' },
          { blockId: 'features', reason: 'x' },
        ],
        hidden: [],
        text: { faq: { 'items/0/question': '' } },
      },
    };
    assert.throws(
      () => checkProposedVersion({ reply: 'Done.', reasoning: '', content, changes: [] }, current, onPage),
      /faq\/items\/0\/question cannot be empty/,
    );
  });
});
