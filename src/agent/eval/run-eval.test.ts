import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BuiltinAgent } from '../builtin-agent.js';
import type { AgentResult } from '../page-agent.js';
import holdout from './agent-eval-holdout.json' with { type: 'json' };
import evalSet from './agent-eval-set.json' with { type: 'json' };
import floor from './builtin-floor.json' with { type: 'json' };
import { judge } from './eval-checks.js';
import { caseInput, checkEvalSet, type EvalSet } from './eval-set.js';
import { runEval } from './run-eval.js';

const set = checkEvalSet(evalSet) as EvalSet;

describe('the page agent evaluation set', () => {
  it('holds at least 150 cases over every intent of issue 33', () => {
    assert.ok(set.cases.length >= 150, `${set.cases.length} cases`);
    const intents = new Set(set.cases.map((c) => c.intent));
    for (const intent of [
      'set-text',
      'add-remove',
      'shorten-lengthen',
      'mention',
      'tone',
      'retarget',
      'button',
      'reorder',
      'keywords-seo',
      'undo',
      'question',
      'cannot',
      'multi',
    ])
      assert.ok(intents.has(intent), intent);
    for (const quoted of [
      'The main button should say Book a 15-minute demo',
      'Add "SOC 2 Type II certified" to the subheadline',
      'Shorten the subheadline',
      'Address Ada by name in the headline',
      'Go back to the original headline',
      'What does the headline say right now?',
      'Who is this page for?',
    ])
      assert.ok(
        set.cases.some((c) => c.message === quoted),
        quoted,
      );
  });

  it('the built-in agent passes at least the floor stored in the repository, and answers every question', async () => {
    const report = await runEval(set, new BuiltinAgent());
    const failed = report.results
      .filter((r) => !r.verdict.right)
      .map((r) => `${r.id}: ${r.verdict.failures[0]}`);
    assert.ok(
      report.passRate >= floor.passRate,
      `pass rate ${report.passRate} < ${floor.passRate}\n${failed.join('\n')}`,
    );
    assert.equal(report.cases, set.cases.length);
  });

  it('the built-in agent passes the held-out cases at their floor too (holdoutPassRate)', async () => {
    const report = await runEval(checkEvalSet(holdout), new BuiltinAgent());
    const failed = report.results
      .filter((r) => !r.verdict.right)
      .map((r) => `${r.id}: ${r.verdict.failures[0]}`);
    assert.ok(report.cases >= 20);
    assert.ok(report.passRate >= floor.holdoutPassRate, `${report.passRate}\n${failed.join('\n')}`);
  });
});

describe('judging a case', () => {
  const evalCase = set.cases.find((c) => c.message === 'Shorten the subheadline' && c.fixture === 'acme')!;
  const input = caseInput(set, evalCase);
  const result = (content: Partial<AgentResult['content']>, reply = 'Done.'): AgentResult => ({
    reply,
    reasoning: '',
    content: { ...input.current, ...content },
    changes: [],
  });

  it('counts a shorter subheadline as done, a longer one and a stray change as wrong edits', () => {
    assert.equal(
      judge(evalCase.expect, input, result({ subheadline: 'Dashboards and alerts.' })).outcome,
      'done',
    );
    const longer = judge(
      evalCase.expect,
      input,
      result({ subheadline: `${input.current.subheadline} More.` }),
    );
    assert.equal(longer.outcome, 'wrong');
    const stray = judge(evalCase.expect, input, result({ subheadline: 'Alerts.', metaTitle: 'Other' }));
    assert.deepEqual(stray.failures, ['also changed metaTitle']);
  });

  it('counts nothing changed as a miss, and an invented figure or customer as a wrong edit', () => {
    assert.equal(judge(evalCase.expect, input, result({})).outcome, 'missed');
    const invented = judge(
      evalCase.expect,
      input,
      result({ subheadline: 'Trusted by Stripe: forecasts 40% more accurate.' }),
    );
    assert.equal(invented.outcome, 'wrong');
    assert.match(invented.failures.join(), /invented facts: 40%.*Stripe/);
    // 23% is in a topic entry: a grounded figure is no invention.
    const grounded = judge(evalCase.expect, input, result({ subheadline: 'Forecasts 23% more accurate.' }));
    assert.equal(grounded.outcome, 'done');
  });
});

describe('judging a case on a page of blocks', () => {
  const blockCases = set.cases.filter(
    (c) => set.fixtures[c.fixture]?.page?.blocks !== undefined || c.fixture.startsWith('loomwork'),
  );
  const hideVideo = set.cases.find((c) => c.message === 'hide the video')!;
  const input = caseInput(set, hideVideo);
  const plan = input.current.blocks!;
  const result = (blocks: typeof plan, text: typeof plan.text = plan.text): AgentResult => ({
    reply: 'Done.',
    reasoning: '',
    content: { ...input.current, blocks: { ...blocks, text } },
    changes: [],
  });
  const hidden = (ids: string[]) => ({
    ...plan,
    shown: plan.shown.filter((d) => !ids.includes(d.blockId)),
    hidden: [...plan.hidden, ...ids.map((blockId) => ({ blockId, reason: 'asked' }))],
  });

  it('holds at least 30 block cases, on a page of at least ten block types', () => {
    assert.ok(blockCases.length >= 30, `${blockCases.length} block cases`);
    const types = new Set(input.page.blocks!.map((b) => b.type));
    assert.ok(types.size >= 10, [...types].join());
  });

  it('checks visibility, and counts any other block hidden, moved or reworded as a stray change', () => {
    assert.equal(judge(hideVideo.expect, input, result(hidden(['walkthrough']))).outcome, 'done');
    assert.deepEqual(judge(hideVideo.expect, input, result(hidden(['walkthrough', 'faq']))).failures, [
      'also changed blocks/faq/visible',
    ]);
    const moved = hidden(['walkthrough']);
    moved.shown = [moved.shown[1]!, moved.shown[0]!, ...moved.shown.slice(2)];
    assert.deepEqual(judge(hideVideo.expect, input, result(moved)).failures, ['also changed blocks/order']);
    const reworded = result(hidden(['walkthrough']), { ...plan.text, faq: { heading: 'FAQ' } });
    assert.deepEqual(judge(hideVideo.expect, input, reworded).failures, ['also changed blocks/faq/heading']);
    assert.equal(judge(hideVideo.expect, input, result(plan)).outcome, 'missed');
  });

  it('reads a block text by blocks/<id>/<path> and an order by the blocks named', () => {
    const expect = { set: { 'blocks/faq/items/1/answer': 'Soon.' }, order: ['faq', 'features'] };
    const faqFirst = {
      ...plan,
      shown: [plan.shown.find((d) => d.blockId === 'faq')!, ...plan.shown.filter((d) => d.blockId !== 'faq')],
    };
    const right = result(faqFirst, { ...plan.text, faq: { 'items/1/answer': 'Soon.' } });
    assert.equal(judge(expect, input, right).outcome, 'done');
    assert.match(judge(expect, input, result(faqFirst)).failures.join(), /blocks\/faq\/items\/1\/answer is/);
    const notMoved = judge(expect, input, result(plan, { ...plan.text, faq: { 'items/1/answer': 'Soon.' } }));
    assert.match(notMoved.failures.join(), /expected faq above features/);
  });
});
