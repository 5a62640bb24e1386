import assert from 'node:assert/strict';
import { it } from 'node:test';
import { plural } from '../console/src/components/plural.js';

it("the console's captions say one of a noun and several of its plural", () => {
  assert.equal(plural(1, 'account'), '1 account');
  assert.equal(plural(0, 'account'), '0 accounts');
  assert.equal(plural(2, 'key'), '2 keys');
  assert.equal(plural(1, 'delivery', 'deliveries'), '1 delivery');
  assert.equal(plural(3, 'delivery', 'deliveries'), '3 deliveries');
});
