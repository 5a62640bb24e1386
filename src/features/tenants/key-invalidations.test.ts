import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { sql } from 'kysely';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase, openSameDatabase } from '../../../test/harness.js';
import type { Database } from '../../db/database.js';
import { setWakeupListener, WakeupListener, wakeupListenerOf } from '../../db/wakeups.js';
import { writeTransaction } from '../../db/write-transaction.js';
import type { ApiKeyCache } from '../../http/auth.js';
import { notifyKeysInvalidated, revokeApiKey } from './api-keys.repository.js';
import { watchKeyInvalidations } from './key-invalidations.js';
import { createApiKey } from './tenants.service.js';

/** The poll off: what is forgotten was told by NOTIFY. */
const NO_POLL = 0;
const TIMEOUT = { timeout: 30_000 };

/** A key cache that records what it is told to forget; `until` resolves once `seen` holds. */
function recordingCache(cachedKeyIds: string[] = []) {
  const told: string[] = [];
  let check = () => {};
  const cache: ApiKeyCache = {
    forgetKey: (keyId) => note(`key:${keyId}`),
    forgetTenant: (tenantId) => note(`tenant:${tenantId}`),
    forgetAll: () => note('all'),
    cachedKeyIds: () => cachedKeyIds,
  };
  function note(what: string) {
    told.push(what);
    check();
  }
  const until = (seen: (told: string[]) => boolean) =>
    new Promise<void>((resolve) => {
      // The watcher's timer does not hold the process open (unref): this does, while waiting.
      const alive = setInterval(() => {}, 1_000);
      check = () => {
        if (!seen(told)) return;
        clearInterval(alive);
        resolve();
      };
      check();
    });
  return { cache, told, until };
}

describeEachDatabase('key invalidations across processes', (ctx) => {
  const open: Database[] = [];
  /** A handle of its own (its own listener and pool), as another process would open it. */
  const own = () => {
    const database = openSameDatabase(ctx);
    open.push(database);
    return database.db;
  };
  after(async () => {
    await Promise.all(open.map((each) => each.close()));
  });

  it(
    'PostgreSQL: a revocation and a deletion committed through another handle are told by NOTIFY, a rolled-back one never',
    TIMEOUT,
    async (t) => {
      if (ctx.dialect !== 'postgres') return t.skip('SQLite polls (no LISTEN/NOTIFY)');
      const db = own();
      const tenant = await makeTenant(ctx);
      const { cache, told, until } = recordingCache();
      const stop = watchKeyInvalidations(db, cache, { listen: true, pollMs: NO_POLL });
      try {
        await wakeupListenerOf(db)!.ready();
        await writeTransaction(ctx.database.db, async (tx) => {
          await notifyKeysInvalidated(tx, { tenantId: 'never-committed' });
          throw new Error('roll back');
        }).catch(() => {});
        // The repository alone, as another process's revocation: nothing tells this one in memory.
        assert.equal(await revokeApiKey(ctx.database.db, tenant.keyId, Date.now()), 'revoked');
        await until((seen) => seen.includes(`key:${tenant.keyId}`));
        await notifyKeysInvalidated(ctx.database.db, { tenantId: tenant.tenantId });
        await until((seen) => seen.includes(`tenant:${tenant.tenantId}`));
        // Notices arrive in commit order: the rolled-back one would have come first.
        assert.ok(!told.includes('tenant:never-committed'), 'a rolled-back notice is never sent');
      } finally {
        stop();
      }
    },
  );

  it(
    'PostgreSQL: listening again after a lost connection forgets every cached verdict',
    TIMEOUT,
    async (t) => {
      if (ctx.dialect !== 'postgres') return t.skip('SQLite polls (no LISTEN/NOTIFY)');
      const db = own();
      const listener = new WakeupListener(process.env.QUIRE_TEST_PG_URL!, { minBackoffMs: 50 });
      setWakeupListener(db, listener);
      const { cache, until } = recordingCache();
      const stop = watchKeyInvalidations(db, cache, { listen: true, pollMs: NO_POLL });
      try {
        await listener.ready();
        await sql`select pg_terminate_backend(${listener.processId!}::int)`.execute(ctx.database.db);
        await until((seen) => seen.includes('all'));
      } finally {
        stop();
        await listener.close();
      }
    },
  );

  it(
    'without LISTEN: the poll forgets the cached keys that were revoked or deleted, and keeps the live one',
    TIMEOUT,
    async () => {
      const db = own();
      const live = await makeTenant(ctx);
      const revoked = await makeTenant(ctx);
      const spare = await createApiKey(ctx.database.db, revoked.tenantId);
      await revokeApiKey(ctx.database.db, revoked.keyId, Date.now());
      const { cache, told, until } = recordingCache([live.keyId, revoked.keyId, 'key_deleted', spare.keyId]);
      const stop = watchKeyInvalidations(db, cache, { listen: false, pollMs: 10 });
      try {
        await until((seen) => seen.includes(`key:${revoked.keyId}`) && seen.includes('key:key_deleted'));
      } finally {
        stop();
      }
      assert.ok(!told.includes(`key:${live.keyId}`), 'a live key is kept');
      assert.ok(!told.includes(`key:${spare.keyId}`), 'a live key is kept');
    },
  );
});
