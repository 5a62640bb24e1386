import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Turns } from './turns.js';

it('gives the event loop a turn once the budget is spent, and none before', async () => {
  const ran: string[] = [];
  setImmediate(() => ran.push('immediate'));
  await new Turns(60_000).take();
  ran.push('within the budget');
  await new Turns(0).take();
  ran.push('budget spent');
  assert.deepEqual(ran, ['within the budget', 'immediate', 'budget spent']);
});
