import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { makePerson, makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { admin, makeWebhook, startPump, testEventsConfig } from '../../test/webhook-factories.js';
import { startReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { type Database, openPostgres, openSqlite } from '../db/database.js';
import { instanceSecret } from '../db/instance-secrets.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTenant } from '../features/tenants/tenants.service.js';
import { createWebhook, signingSecrets } from '../features/webhooks/endpoints.service.js';
import { signatureHeaders } from '../features/webhooks/signing.js';
import { reencryptSecrets } from './reencrypt.js';
import {
  openSecret,
  parseSecretKeys,
  type SecretKey,
  SecretKeyError,
  sealedWith,
  sealSecret,
  setSecretKeys,
} from './secret-box.js';

const key = (id: string): SecretKey => ({ id, key: randomBytes(32) });
const k1 = key('k1');
const k2 = key('k2');

describe('the secret box (AES-256-GCM)', () => {
  it('seals with the first key, opens with any listed key, and refuses another row, key or an altered value', () => {
    const sealed = sealSecret('whsec_abc', 'webhook_endpoints:t1:w1', [k1]);
    assert.match(sealed, /^enc:v1:k1:[A-Za-z0-9_-]+$/);
    assert.ok(!sealed.includes('whsec_abc'));
    assert.notEqual(sealSecret('whsec_abc', 'webhook_endpoints:t1:w1', [k1]), sealed, 'a fresh IV each time');
    assert.equal(openSecret(sealed, 'webhook_endpoints:t1:w1', [k2, k1]), 'whsec_abc');
    assert.throws(() => openSecret(sealed, 'webhook_endpoints:t1:w2', [k1]), SecretKeyError);
    assert.throws(
      () => openSecret(sealed, 'webhook_endpoints:t1:w1', [k2]),
      /key "k1", which QUIRE_SECRET_KEYS does not hold/,
    );
    assert.throws(
      () => openSecret(sealed, 'webhook_endpoints:t1:w1', [{ id: 'k1', key: k2.key }]),
      SecretKeyError,
    );
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`;
    assert.throws(() => openSecret(altered, 'webhook_endpoints:t1:w1', [k1]), SecretKeyError);
    assert.equal(
      openSecret('whsec_clear', 'webhook_endpoints:t1:w1', [k1]),
      'whsec_clear',
      'clear text reads as it is',
    );
    assert.equal(sealSecret('whsec_abc', 'x', []), 'whsec_abc', 'no key: clear text');
  });

  it('reads QUIRE_SECRET_KEYS in hex or base64 and names what is wrong', () => {
    const hex = randomBytes(32).toString('hex');
    const b64 = randomBytes(32).toString('base64');
    const keys = parseSecretKeys(`new:${hex}, old:${b64}`);
    assert.ok(Array.isArray(keys));
    assert.deepEqual(
      keys.map((each) => each.id),
      ['new', 'old'],
    );
    assert.match(String(parseSecretKeys(`a:${hex.slice(2)}`)), /32 bytes/);
    assert.match(String(parseSecretKeys(hex)), /id:key/);
    assert.match(String(parseSecretKeys(`a:${hex},a:${hex}`)), /twice/);
    assert.match(String(parseSecretKeys(`A B:${hex}`)), /key id/);
  });
});

describeEachDatabase(
  'webhook signing secrets at rest',
  (ctx) => {
    let receiver: WebhookReceiver;
    before(async () => {
      receiver = await startReceiver();
    });
    after(() => receiver.close());
    afterEach(() => setSecretKeys([]));

    it('a dump of the table holds no signing secret, and deliveries are still signed with it', async (t) => {
      setSecretKeys([k1]);
      const tenant = await makeTenant(ctx);
      const { webhookId, secret } = await makeWebhook(ctx, tenant, `${receiver.url}/at-rest`, [
        'person.created',
      ]);
      const row = await ctx.database.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('id', '=', webhookId)
        .executeTakeFirstOrThrow();
      const dump = JSON.stringify(row);
      assert.equal(sealedWith(row.secret), 'k1');
      assert.ok(!dump.includes(secret) && !dump.includes(secret.slice('whsec_'.length)), 'not in clear');

      const listed = await admin(ctx, 'GET', `/tenants/${tenant.tenantId}/webhooks/${webhookId}`);
      assert.equal(
        listed.body.secretPrefix,
        secret.slice(0, 10),
        'the prefix shown is of the secret, not of its ciphertext',
      );

      startPump(ctx, tenant, t);
      const person = await makePerson(ctx, tenant, { name: 'Grace Hopper' });
      const mine = (all: WebhookReceiver['received']) =>
        all.filter((r) => r.payload.data?.person?.personId === person.personId);
      const [request] = mine(await receiver.waitFor((all) => mine(all).length > 0));
      assert.equal((receiver.verify(request!, secret) as { type: string }).type, 'person.created');

      // Rotated: the new secret is sealed too, and the previous one (sealed) still signs in the overlap.
      const rotated = await admin(
        ctx,
        'POST',
        `/tenants/${tenant.tenantId}/webhooks/${webhookId}/rotate`,
        {},
      );
      assert.equal(rotated.status, 200, rotated.raw);
      const after = await ctx.database.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('tenant_id', '=', tenant.tenantId)
        .where('id', '=', webhookId)
        .executeTakeFirstOrThrow();
      assert.equal(sealedWith(after.secret), 'k1');
      assert.equal(sealedWith(after.previous_secret!), 'k1');
      assert.ok(!JSON.stringify(after).includes(rotated.body.secret.slice('whsec_'.length)));
      assert.deepEqual(signingSecrets(after, Date.now()), [rotated.body.secret, secret]);
    });
  },
  { config: { events: testEventsConfig() } },
);

/** A database of the test's own: re-encryption touches every row, so not the suite's shared one. */
async function scratchDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-secrets-'));
    const database = openSqlite(path.join(dir, 'quire.db'));
    await migrateToLatest(database.db);
    return { database, drop: () => database.close() };
  }
  const name = `quire_secrets_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.QUIRE_TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.QUIRE_TEST_PG_URL!);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  await migrateToLatest(database.db);
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`quire secrets reencrypt [${dialect}]`, {
    skip: dialect === 'postgres' && process.env.QUIRE_TEST_PG_URL === undefined && 'no PostgreSQL',
  }, () => {
    afterEach(() => setSecretKeys([]));

    it('encrypts clear-text secrets, moves them to a new key, and signing keeps working after the old key is gone', async () => {
      const { database, drop } = await scratchDatabase(dialect);
      try {
        const db = database.db;
        const policy = { allowPrivateNetworks: false, allowHttpLocalhost: true };
        // Written before any key was configured: clear text.
        const tenant = await createTenant(db, `secrets-${randomBytes(4).toString('hex')}`);
        const clear = await createWebhook(db, policy, tenant.tenantId, {
          url: 'https://example.com/a',
          events: ['*'],
        });
        const hostedClear = await instanceSecret(db, 'hosted-pages');
        const stored = () =>
          db
            .selectFrom('webhook_endpoints')
            .selectAll()
            .where('tenant_id', '=', tenant.tenantId)
            .where('id', '=', clear.webhookId)
            .executeTakeFirstOrThrow();
        const storedInstance = async () =>
          (
            await db
              .selectFrom('instance_secrets')
              .select('value')
              .where('name', '=', 'hosted-pages')
              .executeTakeFirstOrThrow()
          ).value;
        assert.equal((await stored()).secret, clear.secret);

        setSecretKeys([k1]);
        const sealed = await createWebhook(db, policy, tenant.tenantId, {
          url: 'https://example.com/b',
          events: ['*'],
        });
        assert.deepEqual(await reencryptSecrets(db), { key: 'k1', webhookEndpoints: 1, instanceSecrets: 1 });
        assert.equal(sealedWith((await stored()).secret), 'k1');
        assert.equal(sealedWith(await storedInstance()), 'k1');
        assert.deepEqual(
          await reencryptSecrets(db),
          { key: 'k1', webhookEndpoints: 0, instanceSecrets: 0 },
          'idempotent',
        );

        // Rotation: k2 first, k1 still readable; re-encrypt; then k1 is removed.
        setSecretKeys([k2, k1]);
        assert.deepEqual(await reencryptSecrets(db), { key: 'k2', webhookEndpoints: 2, instanceSecrets: 1 });
        setSecretKeys([k2]);
        const row = await stored();
        assert.equal(sealedWith(row.secret), 'k2');
        assert.equal(
          await instanceSecret(db, 'hosted-pages'),
          hostedClear,
          'the instance secret is the same secret',
        );
        // Signing works with only the new key: the receiver's (unchanged) secret verifies it.
        const at = new Date();
        const body = '{"type":"person.created"}';
        const headers = signatureHeaders('event_1', body, signingSecrets(row, at.getTime()), at);
        assert.deepEqual(new Webhook(clear.secret!).verify(body, headers), { type: 'person.created' });
        const other = await db
          .selectFrom('webhook_endpoints')
          .selectAll()
          .where('tenant_id', '=', tenant.tenantId)
          .where('id', '=', sealed.webhookId)
          .executeTakeFirstOrThrow();
        assert.deepEqual(signingSecrets(other, Date.now()), [sealed.secret]);

        // Without the key that sealed them the secrets do not open, and the error names the key.
        setSecretKeys([k1]);
        assert.throws(
          () => signingSecrets(row, Date.now()),
          /key "k2", which QUIRE_SECRET_KEYS does not hold/,
        );
      } finally {
        setSecretKeys([]);
        await drop();
      }
    });
  });
}
