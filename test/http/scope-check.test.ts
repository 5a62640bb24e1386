import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerApiKeyAuth } from '../../src/http/auth.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';

/** The scope check of the auth hook alone, with keys of known scopes and a route without any. */
async function appWithScopedKeys() {
  const app = Fastify();
  registerErrorHandling(app);
  const used: string[] = [];
  registerApiKeyAuth(app, {
    hashKey: (key) => key,
    findKey: async (key) =>
      ({
        reader: { tenantId: 't1', keyId: 'k-reader', scopes: ['pages:read' as const] },
        full: { tenantId: 't1', keyId: 'k-full', scopes: null },
      })[key],
    ttlMs: 0,
    onKeyUsed: (keyId) => used.push(keyId),
  });
  app.get('/read', { config: { scope: 'pages:read' } }, async () => ({ ok: true }));
  app.get('/undeclared', async () => ({ ok: true }));
  await app.ready();
  const get = (url: string, key: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  return { app, get, used };
}

describe('the scope check', () => {
  it('fails closed: a route that declares no scope is open to full-access keys only', async () => {
    const { app, get, used } = await appWithScopedKeys();
    assert.equal((await get('/read', 'reader')).statusCode, 200);
    const refused = await get('/undeclared', 'reader');
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().code, 'forbidden');
    assert.equal((await get('/undeclared', 'full')).statusCode, 200);
    assert.deepEqual(used, ['k-reader', 'k-reader', 'k-full'], 'every authenticated request is reported');
    await app.close();
  });
});
