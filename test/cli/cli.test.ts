import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from '../harness.js';
import { envFor, quire, serve } from '../processes.js';

for (const dialect of DIALECTS) {
  describe(`the quire CLI [${dialect}]`, () => {
    it('seed demo --json prints exactly one JSON object of strings on stdout', async () => {
      const env = envFor(dialect);
      const { stdout } = await quire(env, 'seed', 'demo', '--json');
      const lines = stdout.trim().split('\n');
      assert.equal(lines.length, 1, stdout);
      const seed = JSON.parse(lines[0]!);
      for (const member of ['tenantId', 'apiKey', 'personId'])
        assert.equal(typeof seed[member], 'string', member);
      for (const value of Object.values(seed)) assert.equal(typeof value, 'string');
      // Each call makes a new tenant.
      const again = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      assert.notEqual(again.tenantId, seed.tenantId);
    });

    it('creates tenants and keys, serves them over a real socket, revokes, and stops on SIGTERM', async () => {
      const env = envFor(dialect);
      const name = `acme-${Date.now()}`;
      const tenant = JSON.parse((await quire(env, 'tenants', 'create', name, '--json')).stdout);
      assert.match(tenant.tenantId, /^tenant_/);
      const key = JSON.parse((await quire(env, 'keys', 'create', '--tenant', name, '--json')).stdout);
      assert.match(key.apiKey, /^quire_/);

      const { child, base } = await serve({ ...env, API_KEY_CACHE_TTL_MS: '0' });
      try {
        const headers = { 'x-api-key': key.apiKey, 'content-type': 'application/json' };
        const created = await fetch(`${base}/v0/persons`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: 'Socket Person' }),
        });
        assert.equal(created.status, 201);
        assert.ok(created.headers.get('request-id'));
        const list = (await (await fetch(`${base}/v0/persons`, { headers })).json()) as {
          totalCount: number;
        };
        assert.equal(list.totalCount, 1);

        // The CLI works on the database while the server runs.
        await quire(env, 'keys', 'revoke', key.keyId);
        assert.equal((await fetch(`${base}/v0/persons`, { headers })).status, 401);
      } finally {
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        child.kill('SIGTERM');
        assert.equal(await exited, 0, 'a SIGTERM shuts down cleanly');
      }
    });

    it('refuses a page the agent could not work with, like the admin API', async () => {
      const env = envFor(dialect);
      const name = `pages-${Date.now()}`;
      await quire(env, 'tenants', 'create', name, '--json');
      const page = {
        brandId: 'b',
        name: 'P',
        title: 'T',
        actions: [
          {
            actionId: 'a',
            actionIndex: 0,
            purpose: '',
            buttonTitle: 'Go',
            actionType: 'link',
            url: 'javascript:x',
          },
        ],
      };
      await assert.rejects(
        quire(env, 'pages', 'create', '--tenant', name, '--data', JSON.stringify(page)),
        (error: { stderr: string; code: number }) => {
          assert.equal(error.code, 1);
          assert.match(error.stderr, /actions\/0\/url: url must be an absolute http\(s\) URL/);
          return true;
        },
      );
    });

    it('rejects a bad configuration with a clear message', async () => {
      await assert.rejects(
        quire({ ...envFor(dialect), PORT: 'eighty' }, 'migrate'),
        (error: { stderr: string; code: number }) => {
          assert.equal(error.code, 2);
          assert.match(error.stderr, /PORT must be a whole number/);
          return true;
        },
      );
    });
  });
}
