import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Gate } from './gate.js';

it('a gate lets `size` holders in at once, the rest in arrival order', async () => {
  const gate = new Gate(2);
  let inside = 0;
  let most = 0;
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      gate.run(async () => {
        inside++;
        most = Math.max(most, inside);
        order.push(i);
        await new Promise((resolve) => setTimeout(resolve, 10));
        inside--;
      }),
    ),
  );
  assert.equal(most, 2);
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
  assert.equal(gate.queued, 0);
  await assert.rejects(
    gate.run(async () => Promise.reject(new Error('boom'))),
    /boom/,
  );
  assert.equal(await gate.run(async () => 'free again'), 'free again', 'a failure frees its place');
});
