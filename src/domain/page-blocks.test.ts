import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arrangeBlocks, defaultPlan, type PageBlock, planProblems } from './page-blocks.js';

const BLOCKS: PageBlock[] = [
  { blockId: 'hero', type: 'hero', eyebrow: 'For finance teams' },
  { blockId: 'intro', type: 'richText', text: 'Hello' },
  { blockId: 'faq', type: 'faq', heading: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] },
];

describe('the hero is never hidden (issue 31)', () => {
  it('refuses a plan that hides the hero, naming why', () => {
    const plan = {
      shown: [
        { blockId: 'intro', reason: 'x' },
        { blockId: 'faq', reason: 'x' },
      ],
      hidden: [{ blockId: 'hero', reason: 'asked' }],
      text: {},
    };
    const problems = planProblems(BLOCKS, plan);
    assert.equal(problems.length, 1, problems.join());
    assert.match(problems[0]!, /hero.*cannot be hidden.*headline/);
    assert.deepEqual(planProblems(BLOCKS, defaultPlan(BLOCKS)), []);
  });

  it('draws a hero a stored plan hides where the page has it, with its eyebrow', () => {
    const plan = {
      shown: [
        { blockId: 'faq', reason: 'moved' },
        { blockId: 'intro', reason: 'x' },
      ],
      hidden: [{ blockId: 'hero', reason: 'asked' }],
      text: { hero: { eyebrow: 'For Ada' } },
    };
    const arranged = arrangeBlocks(BLOCKS, plan);
    assert.deepEqual(
      arranged.map((b) => b.blockId),
      ['hero', 'faq', 'intro'],
    );
    assert.equal((arranged[0] as { eyebrow?: string }).eyebrow, 'For Ada');
  });
});

describe("a version's block text obeys the field's own bounds (issue 31)", () => {
  const blocks: PageBlock[] = [
    {
      blockId: 'features',
      type: 'features',
      heading: 'Why',
      items: [
        { title: 'A', text: 'a' },
        { title: 'B', text: 'b' },
      ],
    },
    { blockId: 'faq', type: 'faq', heading: 'Q', items: [{ question: 'Why?', answer: 'Because.' }] },
    { blockId: 'figures', type: 'stats', items: [{ value: '3', label: 'days' }] },
    { blockId: 'notes', type: 'richText', text: 'Hello' },
  ];
  const plan = (text: Record<string, Record<string, string>>) => ({ ...defaultPlan(blocks), text });

  it('refuses a text longer than the page accepts and an empty text the page requires', () => {
    const problems = planProblems(
      blocks,
      plan({
        features: { 'items/1/text': 'x'.repeat(1001) },
        faq: { 'items/0/question': '' },
        figures: { 'items/0/value': '  ' },
      }),
    );
    assert.deepEqual(problems, [
      'features/items/1/text can be at most 1000 characters (this one has 1001)',
      'faq/items/0/question cannot be empty',
      'figures/items/0/value cannot be empty',
    ]);
  });

  it('accepts the bounds themselves, and an empty text where the page allows one', () => {
    const problems = planProblems(
      blocks,
      plan({ features: { 'items/1/text': 'x'.repeat(1000) }, notes: { text: '' } }),
    );
    assert.deepEqual(problems, []);
  });
});
