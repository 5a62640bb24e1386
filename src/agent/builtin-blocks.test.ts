import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentInput } from '../../test/agent/agent-input.fixture.js';
import { DEMO_BLOCKS } from '../seed/demo-blocks.js';
import { BuiltinAgent } from './builtin-agent.js';
import type { AgentInput } from './page-agent.js';

const agent = new BuiltinAgent();
const signal = () => new AbortController().signal;

/** The fixture's audience on a page of the demo's blocks, after its first draft. */
async function drafted(): Promise<AgentInput> {
  const base = agentInput();
  const input = agentInput({ page: { ...base.page, blocks: DEMO_BLOCKS } });
  const draft = await agent.run({ ...input, request: null }, signal());
  return { ...input, current: draft.content };
}
const ask = async (message: string) =>
  agent.run({ ...(await drafted()), request: { message, selectedElement: null } }, signal());
const shown = (result: Awaited<ReturnType<typeof ask>>) => result.content.blocks!.shown.map((d) => d.blockId);

describe('the built-in agent edits blocks (issue 31)', () => {
  it('sets a text of a block by kind, part and position', async () => {
    const answer = await ask('Change the second FAQ answer to "Yes, in two weeks."');
    assert.deepEqual(
      answer.changes.map((c) => [c.field, c.newValue]),
      [['block:faq/items/1/answer', 'Yes, in two weeks.']],
    );
    assert.match(answer.reply, /answer 2 of block “faq”/);
    const quote = await ask('the testimonial quote should say We close in two days now.');
    assert.deepEqual(
      quote.changes.map((c) => c.field),
      ['block:quote/quote'],
    );
    // Without a number, a block's own text of that name: the features' heading, not an item title.
    const heading = await ask('change the features title to Why Loomwork');
    assert.deepEqual(
      heading.changes.map((c) => [c.field, c.newValue]),
      [['block:features/heading', 'Why Loomwork']],
    );
    const third = await ask('change the third feature title to Fast close');
    assert.deepEqual(
      third.changes.map((c) => c.field),
      ['block:features/items/2/title'],
    );
  });

  it('hides, shows (an alternative in place of the one shown) and moves blocks', async () => {
    const before = shown(await ask('what does the headline say?'));
    const hidden = await ask('hide the video');
    assert.deepEqual(
      shown(hidden),
      before.filter((id) => id !== 'walkthrough'),
    );
    assert.match(hidden.reply, /hid block “walkthrough”/);
    const retail = await ask('show the retail case study');
    assert.ok(shown(retail).includes('case-retail') && !shown(retail).includes('case-default'));
    assert.match(retail.reply, /showed block “case-retail” and hid block “case-default”/);
    const moved = shown(await ask('move the faq above the features'));
    assert.ok(moved.indexOf('faq') === moved.indexOf('features') - 1, moved.join());
    const top = shown(await ask('put the faq at the top'));
    assert.equal(top[0], 'faq');
  });

  it('refuses to hide the hero, saying why: it carries the headline and the buttons', async () => {
    const before = await drafted();
    const hero = await ask('hide the hero');
    assert.deepEqual(hero.changes, []);
    assert.deepEqual(hero.content.blocks, before.current.blocks);
    assert.match(hero.reply, /hero/);
    assert.match(hero.reply, /headline/);
    // Hiding the hero together with another block changes neither.
    const both = await ask('hide the video and the hero');
    assert.deepEqual(both.changes, []);
  });

  it('asks which one, or says what is missing, instead of guessing; leaves other requests alone', async () => {
    const which = await ask('change the FAQ answer to Sure.');
    assert.deepEqual(which.changes, []);
    assert.match(which.reply, /has \d answers: say which, such as "the second answer"/);
    const none = await ask('change the tenth FAQ answer to Sure.');
    assert.deepEqual(none.changes, []);
    assert.match(none.reply, /there is no number 10|no number/);
    // Not a block: the keyword request and the refusal to add media are read as before.
    const keyword = await ask('remove pricing from the keywords');
    assert.deepEqual(
      keyword.changes.map((c) => c.field),
      ['metaKeywords'],
    );
    const media = await ask('Add a video to the page');
    assert.deepEqual(media.changes, []);
    assert.match(media.reply, /can't add or upload images or videos/);
  });
});
