import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExpiringMap } from './expiring-map.js';

describe('ExpiringMap', () => {
  it('answers an entry until it expires, then forgets it', () => {
    const map = new ExpiringMap<string, string>(10, 100);
    map.set('k', 'v', undefined, 1_000);
    assert.equal(map.get('k', 1_099), 'v');
    assert.equal(map.has('k', 1_099), true);
    assert.equal(map.get('k', 1_100), undefined);
    assert.equal(map.size, 0, 'an expired entry is dropped when read');
    map.set('short', 'v', 5, 2_000);
    assert.equal(map.get('short', 2_004), 'v');
    assert.equal(map.get('short', 2_005), undefined, 'a ttl per entry');
  });

  it('stays within its bound, sweeping expired entries before live ones', () => {
    const map = new ExpiringMap<string, number>(4, 1_000);
    map.set('live', 1, 60_000, 0);
    for (let i = 0; i < 20; i++) map.set(`stale-${i}`, i, 1, i * 10);
    assert.ok(map.size <= 4, `size ${map.size}`);
    assert.equal(map.get('live', 500), 1, 'the live entry was kept');
  });

  it('forgets the oldest half when every entry is live', () => {
    const map = new ExpiringMap<string, number>(4, 60_000);
    for (let i = 0; i < 9; i++) map.set(`k-${i}`, i, undefined, i);
    assert.ok(map.size <= 4, `size ${map.size}`);
    assert.equal(map.get('k-8', 100), 8, 'the newest is kept');
    assert.equal(map.get('k-0', 100), undefined, 'the oldest was forgotten');
  });

  it('makes a key set again the newest', () => {
    const map = new ExpiringMap<string, number>(2, 60_000);
    map.set('a', 1, undefined, 0);
    map.set('b', 2, undefined, 1);
    map.set('a', 3, undefined, 2);
    map.set('c', 4, undefined, 3);
    assert.equal(map.get('a', 4), 3);
    assert.equal(map.get('b', 4), undefined);
  });
});

describe('ExpiringMap: values and clear', () => {
  it('lists the values not expired yet, and clear forgets them all', () => {
    const map = new ExpiringMap<string, number>(10, 100);
    map.set('old', 1, 10, 0);
    map.set('new', 2, 100, 0);
    assert.deepEqual([...map.values(50)], [2]);
    map.clear();
    assert.equal(map.size, 0);
    assert.deepEqual([...map.values(50)], []);
  });
});
