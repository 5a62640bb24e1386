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
    const problems = planProblems(BLOCKS, plan, true);
    assert.equal(problems.length, 1, problems.join());
    assert.match(problems[0]!, /hero.*cannot be hidden.*headline/);
    assert.deepEqual(planProblems(BLOCKS, defaultPlan(BLOCKS), true), []);
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
