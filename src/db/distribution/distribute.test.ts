import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dependencyOrder } from './distribute.js';

describe('dependencyOrder', () => {
  it('puts every table after the tables it points at', () => {
    const order = dependencyOrder(
      ['topic_entries', 'topics', 'tenants', 'persons'],
      [
        { from: 'topic_entries', to: 'topics' },
        { from: 'topic_entries', to: 'tenants' },
        { from: 'topics', to: 'tenants' },
        { from: 'persons', to: 'tenants' },
      ],
    );
    assert.ok(order.indexOf('tenants') < order.indexOf('topics'));
    assert.ok(order.indexOf('topics') < order.indexOf('topic_entries'));
    assert.ok(order.indexOf('tenants') < order.indexOf('persons'));
    assert.equal(order.length, 4);
  });
});
