import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_TOKEN, DIALECTS } from './harness.js';
import { isolatedEnvFor, quire, serve, stop } from './processes.js';

/**
 * A revoked key stops working on every server process, not only the one that revoked it
 * (src/features/tenants/key-invalidations.ts). Three `quire serve` processes share one database,
 * each caching key checks for five minutes (API_KEY_CACHE_TTL_MS), so only the broadcast can explain
 * a refusal: A revokes through the admin API, the CLI revokes in a process of its own, B deletes a
 * tenant; the other processes must refuse the keys within 1 s. On PostgreSQL the poll is off, so
 * NOTIFY alone carries it; on SQLite the poll (every 200 ms) does. C has neither (no LISTEN, no
 * poll): it keeps accepting the revoked keys, the control that the cache really holds them.
 */
const WITHIN_MS = 1_000;
const FIVE_MINUTES = '300000';

for (const dialect of DIALECTS) {
  describe(`a revoked key stops working on every server process [${dialect}]`, () => {
    it('revoked through the admin API or the CLI, or its tenant deleted: refused by the other processes within 1 s', {
      timeout: 180_000,
    }, async (t) => {
      const { env: isolated, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const env = {
        ...isolated,
        ADMIN_TOKEN,
        API_KEY_CACHE_TTL_MS: FIVE_MINUTES,
        API_KEY_REVOCATION_POLL_MS: dialect === 'postgres' ? '0' : '200',
      };
      const control = { ...env, API_KEY_REVOCATION_POLL_MS: '0', EVENTS_LISTEN: 'false' };
      const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      const [a, b, c] = [await serve(env), await serve(env), await serve(control)];
      t.after(async () => {
        await Promise.all([stop(a.child), stop(b.child), stop(c.child)]);
      });
      const admin = (base: string, method: string, path: string, body?: unknown) =>
        fetch(`${base}/admin/v0${path}`, {
          method,
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const newKey = async (tenantId: string) => {
        const response = await admin(a.base, 'POST', `/tenants/${tenantId}/keys`, { label: 'revocable' });
        assert.equal(response.status, 201);
        const created = (await response.json()) as { keyId: string; apiKey: string };
        return { keyId: created.keyId, key: created.apiKey };
      };
      const status = async (base: string, key: string) => {
        const response = await fetch(`${base}/v0/pages`, { headers: { 'x-api-key': key } });
        await response.arrayBuffer();
        return response.status;
      };
      /** Asks every 20 ms until `base` refuses `key`; answers how long that took after `since`. */
      const refusedWithin = async (base: string, key: string, since: number) => {
        for (;;) {
          if ((await status(base, key)) === 401) return Date.now() - since;
          const waited = Date.now() - since;
          assert.ok(waited < WITHIN_MS, `${base} still accepts the key ${waited} ms after its end`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const everywhere = async (key: string) => {
        for (const node of [a, b, c]) assert.equal(await status(node.base, key), 200);
      };
      const timings: Record<string, number> = {};

      // 1. Revoked through A's admin API: A forgets it at once, B within 1 s.
      const first = await newKey(seed.tenantId);
      await everywhere(first.key);
      let since = Date.now();
      const revoked = await admin(a.base, 'POST', `/tenants/${seed.tenantId}/keys/${first.keyId}/revoke`);
      assert.equal(revoked.status, 200);
      assert.equal(await status(a.base, first.key), 401);
      timings.adminRevokeOnB = await refusedWithin(b.base, first.key, since);

      // 2. Revoked by `quire keys revoke`, a process without any cache of its own: A and B within 1 s.
      const second = await newKey(seed.tenantId);
      await everywhere(second.key);
      await quire(env, 'keys', 'revoke', second.keyId, '--tenant', seed.tenantId);
      since = Date.now();
      timings.cliRevokeOnA = await refusedWithin(a.base, second.key, since);
      timings.cliRevokeOnB = await refusedWithin(b.base, second.key, since);

      // 3. A tenant deleted through B: its key is refused by A within 1 s.
      const created = await admin(b.base, 'POST', '/tenants', { name: `Doomed ${Date.now()}` });
      assert.equal(created.status, 201, await created.clone().text());
      const doomed = (await created.json()) as { tenantId: string };
      const third = await newKey(doomed.tenantId);
      await everywhere(third.key);
      since = Date.now();
      assert.equal((await admin(b.base, 'DELETE', `/tenants/${doomed.tenantId}`)).status, 200);
      timings.tenantDeletionOnA = await refusedWithin(a.base, third.key, since);

      // The control: C, told nothing and polling nothing, still trusts its cached verdicts.
      for (const key of [first.key, second.key, third.key]) assert.equal(await status(c.base, key), 200);
      t.diagnostic(`refused after (ms): ${JSON.stringify(timings)}`);
    });
  });
}
