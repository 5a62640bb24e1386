import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { DIALECTS, openTestDatabase } from '../../test/harness.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import type { Executor } from './schema.js';
import { writeTransaction } from './write-transaction.js';

async function addTenant(tx: Executor, id: string): Promise<void> {
  await tx.insertInto('tenants').values({ id, name: id, created_at: Date.now() }).execute();
}

async function tenantIds(database: Database, prefix: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('tenants')
    .select('id')
    .where('id', 'like', `${prefix}%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

for (const dialect of DIALECTS) {
  describe(`writeTransaction [${dialect}]`, () => {
    let database: Database;
    before(async () => {
      database = openTestDatabase(dialect);
      await migrateToLatest(database.db);
    });
    after(() => database.close());

    it('commits concurrent writes and answers each with its own result', async () => {
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          writeTransaction(database.db, async (tx) => {
            await addTenant(tx, `wt-ok-${n}`);
            return n * 10;
          }),
        ),
      );
      assert.deepEqual(results, [10, 20, 30, 40, 50]);
      assert.deepEqual(
        await tenantIds(database, 'wt-ok-'),
        [1, 2, 3, 4, 5].map((n) => `wt-ok-${n}`),
      );
    });

    it('undoes a write that fails, and only that one', async () => {
      const boom = new Error('boom');
      const outcomes = await Promise.allSettled(
        [1, 2, 3].map((n) =>
          writeTransaction(database.db, async (tx) => {
            await addTenant(tx, `wt-one-${n}`);
            if (n === 2) throw boom;
            return n;
          }),
        ),
      );
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      assert.equal((outcomes[1] as PromiseRejectedResult).reason, boom);
      assert.deepEqual(await tenantIds(database, 'wt-one-'), ['wt-one-1', 'wt-one-3']);
    });

    it('a failed statement inside one write leaves the others intact', async () => {
      // The taken key exists beforehand: were it written by a concurrent write, PostgreSQL's
      // separate transactions could order the two either way.
      await writeTransaction(database.db, (tx) => addTenant(tx, 'wt-dup-0'));
      const outcomes = await Promise.allSettled([
        writeTransaction(database.db, (tx) => addTenant(tx, 'wt-dup-1')),
        writeTransaction(database.db, async (tx) => {
          await addTenant(tx, 'wt-dup-2');
          await addTenant(tx, 'wt-dup-0'); // primary key taken: the statement fails
        }),
        writeTransaction(database.db, (tx) => addTenant(tx, 'wt-dup-3')),
      ]);
      assert.deepEqual(
        outcomes.map((o) => o.status),
        ['fulfilled', 'rejected', 'fulfilled'],
      );
      assert.deepEqual(await tenantIds(database, 'wt-dup-'), ['wt-dup-0', 'wt-dup-1', 'wt-dup-3']);
    });

    if (dialect === 'sqlite') {
      it('shares one commit between the writes of one turn: none is visible before all are done', async () => {
        const file = database.location;
        const other = new SQLite(file, { readonly: true });
        try {
          const seenByAnotherConnection: number[] = [];
          const count = () =>
            (
              other.prepare(`select count(*) as n from tenants where id like 'wt-group-%'`).get() as {
                n: number;
              }
            ).n;
          await Promise.all(
            [1, 2, 3].map((n) =>
              writeTransaction(database.db, async (tx) => {
                await addTenant(tx, `wt-group-${n}`);
                seenByAnotherConnection.push(count());
              }),
            ),
          );
          // With a transaction per write, the third would see the first two committed.
          assert.deepEqual(seenByAnotherConnection, [0, 0, 0]);
          assert.equal(count(), 3);
        } finally {
          other.close();
        }
      });

      it('when the shared COMMIT fails, every write of the group fails and none is written', async () => {
        const outcomes = await Promise.allSettled([
          writeTransaction(database.db, (tx) => addTenant(tx, 'wt-commit-1')),
          writeTransaction(database.db, async (tx) => {
            // Deferred foreign keys are checked at COMMIT: this write makes the COMMIT itself fail.
            await sql`pragma defer_foreign_keys = on`.execute(tx);
            await tx
              .insertInto('api_keys')
              .values({
                id: 'key_wt_commit',
                tenant_id: 'no-such-tenant',
                prefix: 'wt',
                key_hash: 'wt-commit-hash',
                label: null,
                created_at: Date.now(),
                revoked_at: null,
              })
              .execute();
          }),
          writeTransaction(database.db, (tx) => addTenant(tx, 'wt-commit-3')),
        ]);
        assert.deepEqual(
          outcomes.map((o) => o.status),
          ['rejected', 'rejected', 'rejected'],
        );
        for (const outcome of outcomes)
          assert.match(String((outcome as PromiseRejectedResult).reason), /FOREIGN KEY constraint failed/);
        assert.deepEqual(await tenantIds(database, 'wt-commit-'), []);
        // The next group works.
        await writeTransaction(database.db, (tx) => addTenant(tx, 'wt-commit-after'));
        assert.deepEqual(await tenantIds(database, 'wt-commit-'), ['wt-commit-after']);
      });
    }
  });
}
