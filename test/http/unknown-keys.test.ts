import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerApiKeyAuth } from '../../src/http/auth.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';

/** An app with only the key check, counting the lookups it makes. */
async function appWithCountedLookups(failureBurst: number) {
  const lookups: string[] = [];
  const app = Fastify();
  registerErrorHandling(app);
  registerApiKeyAuth(app, {
    hashKey: (key) => `hash:${key}`,
    findKey: async (hash) => {
      lookups.push(hash);
      return hash === 'hash:good' ? { tenantId: 't1', keyId: 'k1' } : undefined;
    },
    ttlMs: 10_000,
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
});
