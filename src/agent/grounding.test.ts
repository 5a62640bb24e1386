import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentInput } from '../../test/agent/agent-input.fixture.js';
import { DEMO_BLOCKS } from '../seed/demo-blocks.js';
import { BuiltinAgent } from './builtin-agent.js';
import { unsupportedClaims } from './grounding.js';

describe('grounding: what a version may claim', () => {
  const input = agentInput();
  const claims = (supplementaryContext: string) =>
    unsupportedClaims(input, { ...input.current, supplementaryContext });

  it('a capitalised word opening a sentence, a line or a list item is no name; one mid-sentence is', () => {
    assert.deepEqual(claims('Forecasting matters.\n\nRelevant activity: a webinar.\n- Notes follow'), []);
    assert.deepEqual(claims('Loved by teams at Shopify and more'), ['Shopify']);
    assert.deepEqual(claims('Customers close 73% faster'), ['73%']);
  });

  it('a figure inside an identifier (an id) supports no claim; a date and a stated figure do', () => {
    const withIds = agentInput({
      audience: { audienceId: 'audience_01m8j73qzxexxv0ra6q8d3vad8', effectiveName: 'Ada at Acme' },
      recentActivity: [
        {
          source: 'web',
          type: 'page_view',
          payload: {},
          createdAt: '2026-11-29T07:31:00.000Z',
          personName: null,
        },
      ],
    });
    const claimed = (text: string) =>
      unsupportedClaims(withIds, { ...withIds.current, supplementaryContext: text });
    assert.deepEqual(claimed('Customers close 73% faster'), ['73%'], 'the audience id holds 73');
    assert.deepEqual(
      claimed('Since 2026, up 31%'),
      [],
      'a date is a source (the activity on 2026-11-29 at 07:31)',
    );
    assert.deepEqual(
      unsupportedClaims(agentInput({ person: { ...input.person!, name: 'Ada, 73% faster' } }), {
        ...input.current,
        supplementaryContext: 'Customers close 73% faster',
      }),
      [],
      'a figure the sources state',
    );
  });

  it("the built-in agent's first draft of a page with blocks claims nothing unsupported", async () => {
    const withBlocks = agentInput({ page: { ...input.page, blocks: DEMO_BLOCKS } });
    const draft = await new BuiltinAgent().run(
      { ...withBlocks, request: null },
      new AbortController().signal,
    );
    assert.deepEqual(unsupportedClaims({ ...withBlocks, request: null }, draft.content), []);
    assert.ok(draft.changes.length > 0, 'it drafted something');
  });
});
