import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ApiError } from '../errors.js';
import { CostBudget } from './cost-budget.js';

it('a cost budget refuses a tenant whose work passed its burst, until it is paid back', async () => {
  // 100 ms of work per second, burst 200 ms.
  const budget = new CostBudget('tests', 100, 200);
  budget.check('a');
  budget.charge('a', 15); // 150 ms to pay back: within the burst
  budget.check('a');
  budget.charge('a', 10); // 250 ms: over it
  assert.throws(
    () => budget.check('a'),
    (error: ApiError) => error.code === 'rate_limited' && error.headers?.['Retry-After'] === '1',
  );
  budget.check('b'); // another tenant is not affected
  await new Promise((resolve) => setTimeout(resolve, 80));
  budget.check('a'); // paid back below the burst
  assert.equal(await new CostBudget('off', 0, 0).run('a', async () => 'no limit'), 'no limit');
});
