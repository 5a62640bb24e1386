import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type EventStreamClient, openEventStream } from './event-stream-client.js';
import { ADMIN_TOKEN, DIALECTS } from './harness.js';
import { isolatedEnvFor, quire, serve, stop } from './processes.js';

/**
 * Ending access ends open streams, on every process (issue 29): a stream is opened on one node and
 * the access ended through the other; the stream must end within 5 s. A stream whose access is left
 * alone stays open meanwhile (the control: ends are not timeouts).
 */
const PASSWORD = 'correct horse battery staple';
const WITHIN_MS = 5_000;

async function endsWithin(stream: EventStreamClient, ms: number): Promise<number> {
  const started = Date.now();
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
  assert.ok(ended, `the stream is still open after ${ms} ms`);
  return Date.now() - started;
}

async function isOpen(stream: EventStreamClient): Promise<boolean> {
  return Promise.race([
    stream.ended.then(() => false),
    new Promise<true>((resolve) => setTimeout(() => resolve(true), 0)),
  ]);
}

for (const dialect of DIALECTS) {
  describe(`open streams end with their access, across two server processes [${dialect}]`, () => {
    it('a revoked key, a disabled operator, a signed-out session, a changed role and a deleted tenant end their streams within 5 s', {
      timeout: 180_000,
    }, async (t) => {
      const { env: isolated, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const env = { ...isolated, ADMIN_TOKEN, EVENTS_POLL_MS: '100', EVENTS_ACCESS_CHECK_MS: '1000' };
      const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      const [a, b] = [await serve(env), await serve(env)];
      t.after(async () => {
        await stop(a.child);
        await stop(b.child);
      });
      const admin = (method: string, path: string, body?: unknown) =>
        fetch(`${b.base}/admin/v0${path}`, {
          method,
          headers: {
            authorization: `Bearer ${ADMIN_TOKEN}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const newKey = async (tenantId: string) => {
        const response = await admin('POST', `/tenants/${tenantId}/keys`, { label: 'stream' });
        assert.equal(response.status, 201);
        const created = (await response.json()) as { keyId: string; apiKey: string };
        return { keyId: created.keyId, key: created.apiKey };
      };
      const newOperator = async (tenantId: string) => {
        const email = `op-${Math.random().toString(36).slice(2)}@example.com`;
        const created = await admin('POST', `/tenants/${tenantId}/operators`, {
          email,
          role: 'admin',
          password: PASSWORD,
        });
        assert.equal(created.status, 201, await created.clone().text());
        const operatorId = ((await created.json()) as { operator: { operatorId: string } }).operator
          .operatorId;
        const signIn = await fetch(`${a.base}/admin/v0/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        assert.equal(signIn.status, 200);
        const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
        const { csrfToken } = (await signIn.json()) as { csrfToken: string };
        return { operatorId, cookie, csrfToken };
      };
      const keyStream = (key: string) => openEventStream(`${a.base}/v0/events`, { 'x-api-key': key });
      const consoleStream = (tenantId: string, cookie: string) =>
        openEventStream(`${a.base}/admin/v0/tenants/${tenantId}/events`, { cookie });

      const untouchedKey = await newKey(seed.tenantId);
      const control = await keyStream(untouchedKey.key);
      t.after(() => control.close());

      // A revoked key.
      const revoked = await newKey(seed.tenantId);
      const revokedStream = await keyStream(revoked.key);
      assert.equal(revokedStream.status, 200);
      assert.equal(
        (await admin('POST', `/tenants/${seed.tenantId}/keys/${revoked.keyId}/revoke`)).status,
        200,
      );
      const timings: Record<string, number> = {};
      timings.revokedKey = await endsWithin(revokedStream, WITHIN_MS);

      // A disabled operator.
      const disabled = await newOperator(seed.tenantId);
      const disabledStream = await consoleStream(seed.tenantId, disabled.cookie);
      assert.equal(disabledStream.status, 200);
      assert.equal(
        (await admin('POST', `/tenants/${seed.tenantId}/operators/${disabled.operatorId}/disable`)).status,
        200,
      );
      timings.disabledOperator = await endsWithin(disabledStream, WITHIN_MS);

      // A changed role.
      const demoted = await newOperator(seed.tenantId);
      const demotedStream = await consoleStream(seed.tenantId, demoted.cookie);
      assert.equal(
        (
          await admin('PATCH', `/tenants/${seed.tenantId}/operators/${demoted.operatorId}`, {
            role: 'viewer',
          })
        ).status,
        200,
      );
      timings.changedRole = await endsWithin(demotedStream, WITHIN_MS);

      // A session signed out (through the other node).
      const leaving = await newOperator(seed.tenantId);
      const leavingStream = await consoleStream(seed.tenantId, leaving.cookie);
      const signOut = await fetch(`${b.base}/admin/v0/session`, {
        method: 'DELETE',
        headers: { cookie: leaving.cookie, 'x-csrf-token': leaving.csrfToken },
      });
      assert.equal(signOut.status, 200);
      timings.signedOut = await endsWithin(leavingStream, WITHIN_MS);

      // A deleted tenant: its key's stream and its operator's stream.
      const tenant = await admin('POST', '/tenants', { name: `Doomed ${Date.now()}` });
      assert.equal(tenant.status, 201, await tenant.clone().text());
      const doomedId = ((await tenant.json()) as { tenantId: string }).tenantId;
      const doomedKey = await newKey(doomedId);
      const doomedOperator = await newOperator(doomedId);
      const doomedStreams = [
        await keyStream(doomedKey.key),
        await consoleStream(doomedId, doomedOperator.cookie),
      ];
      assert.deepEqual(
        doomedStreams.map((s) => s.status),
        [200, 200],
      );
      assert.equal((await admin('DELETE', `/tenants/${doomedId}`)).status, 200);
      timings.deletedTenant = Math.max(
        ...(await Promise.all(doomedStreams.map((s) => endsWithin(s, WITHIN_MS)))),
      );

      assert.ok(await isOpen(control), 'a stream whose access is unchanged stays open');
      t.diagnostic(`ended after (ms): ${JSON.stringify(timings)}`);
    });
  });
}
