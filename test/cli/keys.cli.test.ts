import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../harness.js';
import { envFor, quire } from '../processes.js';

const json = async (env: NodeJS.ProcessEnv, ...args: string[]) =>
  JSON.parse((await quire(env, ...args, '--json')).stdout);

for (const dialect of DIALECTS) {
  describe(`quire keys and idempotent creates [${dialect}]`, () => {
    it('creates scoped keys, lists, shows and revokes them; a retried create does not duplicate', async () => {
      const env = envFor(dialect);
      const name = `keys-${Date.now()}`;
      const tenant = await json(env, 'tenants', 'create', name);
      assert.match(tenant.idempotencyKey, /^cli_/, 'the key of the invocation is printed');
      const retried = await json(env, 'tenants', 'create', name, '--idempotency-key', tenant.idempotencyKey);
      assert.equal(retried.tenantId, tenant.tenantId, 'a retry with the printed key replays');

      const args = [
        'keys',
        'create',
        '--tenant',
        name,
        '--label',
        'dash',
        '--scope',
        'pages:read',
        '--scope',
        'persons:write',
      ];
      const key = await json(env, ...args, '--idempotency-key', 'retry-me');
      assert.match(key.apiKey, /^quire_/);
      assert.deepEqual(key.scopes, ['persons:write', 'pages:read']);
      const again = await json(env, ...args, '--idempotency-key', 'retry-me');
      assert.equal(again.keyId, key.keyId);
      assert.equal(again.apiKey, undefined, 'a replay never shows the key again');

      const list = await json(env, 'keys', 'list', '--tenant', name);
      assert.deepEqual(
        list.items.map((k: { keyId: string }) => k.keyId),
        [key.keyId],
      );
      assert.equal(list.items[0].label, 'dash');
      assert.equal(list.items[0].lastUsedAt, null);

      const revoked = await json(env, 'keys', 'revoke', key.keyId);
      assert.match(revoked.revokedAt, /^\d{4}-/);
      const shown = await json(env, 'keys', 'show', key.keyId, '--tenant', name);
      assert.equal(shown.revokedAt, revoked.revokedAt);
      assert.deepEqual(shown.scopes, ['persons:write', 'pages:read']);

      await assert.rejects(
        quire(env, 'keys', 'create', '--tenant', name, '--scope', 'pages:admin'),
        (error: { code: number; stderr: string }) => {
          assert.equal(error.code, 1);
          assert.match(error.stderr, /unknown scope "pages:admin"/);
          return true;
        },
      );
    });
  });
}
