import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerApiKeyAuth } from '../../src/http/auth.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';

/** An app with only the key check, counting the lookups it makes. */
async function appWithCountedLookups(failureBurst: number, ttlMs = 10_000) {
  const lookups: string[] = [];
  const app = Fastify();
  registerErrorHandling(app);
  registerApiKeyAuth(app, {
    hashKey: (key) => `hash:${key}`,
    findKey: async (hash) => {
      lookups.push(hash);
      return hash === 'hash:good' ? { tenantId: 't1', keyId: 'k1' } : undefined;
    },
    ttlMs,
    failureBurst,
  });
  app.get('/thing', async () => ({ ok: true }));
  await app.ready();
  const get = (key: string, remoteAddress = '203.0.113.9') =>
    app.inject({ method: 'GET', url: '/thing', headers: { 'x-api-key': key }, remoteAddress });
  return { app, lookups, get };
}

describe('unknown API keys', () => {
  it('are throttled per address before any lookup once the burst is spent', async () => {
    const { app, lookups, get } = await appWithCountedLookups(5);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await get(`guess-${i}`)).statusCode);
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.ok(
      statuses.slice(5).every((s) => s === 429),
      `after the burst only 429s: ${statuses.join(',')}`,
    );
    assert.equal(lookups.length, 5, 'guesses past the burst cost no lookup');
    const throttled = await get('guess-x');
    assert.ok(Number(throttled.headers['retry-after']) >= 1);
    assert.equal(throttled.json().code, 'rate_limited');
    assert.equal((await get('good', '198.51.100.3')).statusCode, 200, 'another address is served');
    await app.close();
  });

  it('are remembered briefly: the same unknown key is looked up once', async () => {
    const { app, lookups, get } = await appWithCountedLookups(0);
    for (let i = 0; i < 20; i++) assert.equal((await get('same-wrong-key')).statusCode, 401);
    assert.equal(lookups.length, 1);
    for (let i = 0; i < 20; i++) assert.equal((await get('good')).statusCode, 200);
    assert.equal(lookups.length, 2, 'a live key is cached too');
    await app.close();
  });

  it('never lock out a live key sent from the same address, even once its verdict expired', async () => {
    // Verdicts cached 1 ms: the live key is looked up again after the flood, as it would be after
    // API_KEY_CACHE_TTL_MS in production.
    const { app, lookups, get } = await appWithCountedLookups(5, 1);
    assert.equal((await get('good')).statusCode, 200, 'the real client works');
    const flood: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 400; i++) flood.push((await get(`guess-${i}`)).statusCode);
    // The burst of 5, then one more a second while the flood lasts.
    const allowed = 5 + Math.ceil((Date.now() - started) / 1000);
    const looked = flood.filter((s) => s === 401).length;
    assert.ok(looked <= allowed, `the guesser is throttled: ${looked} of 400 looked up (at most ${allowed})`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const before = lookups.length;
    for (let i = 0; i < 3; i++)
      assert.equal((await get('good')).statusCode, 200, `live key, request ${i + 1}`);
    assert.ok(lookups.length > before, 'its verdict had expired: it was looked up, not refused');
    assert.equal((await get('guess-again')).statusCode, 429, 'the guesses are still throttled');
    await app.close();
  });

  it('a revoked key loses its voucher and is throttled like a guess', async () => {
    let live = true;
    const app = Fastify();
    registerErrorHandling(app);
    registerApiKeyAuth(app, {
      hashKey: (key) => `hash:${key}`,
      findKey: async (hash) => (hash === 'hash:good' && live ? { tenantId: 't1', keyId: 'k1' } : undefined),
      ttlMs: 1,
      failureBurst: 2,
    });
    app.get('/thing', async () => ({ ok: true }));
    await app.ready();
    const get = (key: string) =>
      app.inject({
        method: 'GET',
        url: '/thing',
        headers: { 'x-api-key': key },
        remoteAddress: '203.0.113.4',
      });
    assert.equal((await get('good')).statusCode, 200);
    live = false;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      statuses.push((await get('good')).statusCode);
    }
    assert.equal(statuses[0], 401, 'refused once revoked');
    assert.ok(statuses.includes(429), `then throttled like any bad key: ${statuses.join(',')}`);
    await app.close();
  });
});
