import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';

describe('in-memory rate-limit store', () => {
  it('limits a key to its burst and lets it in again once the bucket drains', async () => {
    const store = new MemoryRateLimitStore();
    // 3 requests of 10 ms each fit a 30 ms bucket; the fourth does not.
    for (let i = 0; i < 3; i++) assert.equal((await store.take('k', 10, 30)).allowed, true);
    const denied = await store.take('k', 10, 30);
    assert.equal(denied.allowed, false);
    assert.ok(denied.backlogMs > 0 && denied.backlogMs <= 30);
    await new Promise((resolve) => setTimeout(resolve, 15));
    assert.equal((await store.take('k', 10, 30)).allowed, true);
  });

  it('stays within its bound, sweeping full buckets before limited ones', async () => {
    const store = new MemoryRateLimitStore(4);
    // A key inside its burst window: one more request would exceed its capacity for a minute.
    assert.equal((await store.take('busy', 60_000, 60_000)).allowed, true);
    // Keys whose buckets are full again at once (interval 0): stale as soon as they are written.
    for (let i = 0; i < 20; i++) await store.take(`idle-${i}`, 0, 60_000);
    assert.ok(store.size <= 4, `size ${store.size}`);
    assert.equal((await store.take('busy', 60_000, 60_000)).allowed, false, 'the limited key was kept');
  });

  it('forgets the oldest keys when every key is inside its burst window', async () => {
    const store = new MemoryRateLimitStore(4);
    for (let i = 0; i < 9; i++) await store.take(`live-${i}`, 60_000, 60_000);
    assert.ok(store.size <= 4, `size ${store.size}`);
    // The newest key is remembered (still limited); the oldest was forgotten (a fresh bucket).
    assert.equal((await store.take('live-8', 60_000, 60_000)).allowed, false);
    assert.equal((await store.take('live-0', 60_000, 60_000)).allowed, true);
  });
});
