import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { type KeyVerdict, registerApiKeyAuth } from '../../src/http/auth.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';

/**
 * The API-key cache's forgetting (src/http/auth.ts), which other processes' revocations drive
 * (src/features/tenants/key-invalidations.ts): what it lists, what it drops, and a lookup under way
 * when its key is forgotten, which must not cache the live verdict it read before the revocation.
 */
async function appWithKeys() {
  const live = new Map<string, KeyVerdict>([
    ['hash:a', { tenantId: 't1', keyId: 'ka' }],
    ['hash:b', { tenantId: 't2', keyId: 'kb' }],
  ]);
  let lookups = 0;
  /** When set, the next lookup waits for it before answering. */
  let hold: Promise<void> | null = null;
  const app = Fastify();
  registerErrorHandling(app);
  const cache = registerApiKeyAuth(app, {
    hashKey: (key) => `hash:${key}`,
    findKey: async (hash) => {
      lookups += 1;
      const verdict = live.get(hash);
      if (hold !== null) await hold;
      return verdict;
    },
    ttlMs: 300_000,
  });
  app.get('/thing', async () => ({ ok: true }));
  await app.ready();
  const get = async (key: string) =>
    (await app.inject({ method: 'GET', url: '/thing', headers: { 'x-api-key': key } })).statusCode;
  return {
    app,
    cache,
    live,
    get,
    lookups: () => lookups,
    holdNext: (until: Promise<void>) => {
      hold = until;
    },
  };
}

describe('API-key cache: forgetting', () => {
  it('lists the cached keys; forgetAll drops every verdict, forgetKey one, forgetTenant its keys', async () => {
    const { app, cache, live, get, lookups } = await appWithKeys();
    assert.deepEqual([await get('a'), await get('b')], [200, 200]);
    assert.deepEqual(cache.cachedKeyIds().sort(), ['ka', 'kb']);
    live.delete('hash:a');
    assert.equal(await get('a'), 200, 'the verdict is cached');
    cache.forgetKey('ka');
    assert.equal(await get('a'), 401);
    assert.deepEqual(cache.cachedKeyIds(), ['kb']);
    cache.forgetAll();
    assert.deepEqual(cache.cachedKeyIds(), []);
    const before = lookups();
    assert.equal(await get('b'), 200);
    assert.equal(lookups(), before + 1, 'looked up again after forgetAll');
    live.delete('hash:b');
    cache.forgetTenant('t2');
    assert.equal(await get('b'), 401);
    await app.close();
  });

  it('a lookup under way when its key is forgotten answers its request but caches nothing', async () => {
    const { app, cache, live, get, lookups, holdNext } = await appWithKeys();
    let release = () => {};
    holdNext(new Promise<void>((resolve) => (release = resolve)));
    // The lookup reads the key live, then waits: the revocation commits and is announced meanwhile.
    const pending = get('a');
    while (lookups() === 0) await new Promise((resolve) => setImmediate(resolve));
    live.delete('hash:a');
    cache.forgetKey('ka');
    holdNext(Promise.resolve());
    release();
    assert.equal(await pending, 200, 'read live before the revocation');
    assert.deepEqual(cache.cachedKeyIds(), [], 'nothing cached');
    assert.equal(await get('a'), 401, 'the next request looks it up again');
    await app.close();
  });
});
