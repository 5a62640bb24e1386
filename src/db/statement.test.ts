import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS, openTestDatabase } from '../../test/harness.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { preparedPoolOf } from './prepared-pool.js';
import { statement } from './statement.js';
import { writeTransaction } from './write-transaction.js';

describe('statement', () => {
  it('refuses placeholders out of order or a wrong number of parameters', () => {
    assert.throws(() => statement('select $2, $1'), /\$2 out of order/);
    const one = statement('select $1 as "a"');
    assert.throws(() => one.run({} as never, [1, 2]), /2 parameters for 1/);
  });
});

for (const dialect of DIALECTS) {
  describe(`statement [${dialect}]`, () => {
    let database: Database;
    before(async () => {
      database = openTestDatabase(dialect);
      await migrateToLatest(database.db);
    });
    after(() => database.close());

    const insertTenant = statement<{ id: string }>(
      `insert into "tenants" ("id", "name", "created_at") values ($1, $2, $3) on conflict do nothing returning "id"`,
    );
    const tenantById = statement<{ id: string; name: string }>(`select * from "tenants" where "id" = $1`);

    it('runs with its parameters in order, on the database and inside a transaction', async () => {
      assert.deepEqual(await insertTenant.first(database.db, ['st-1', 'first', 1]), { id: 'st-1' });
      await writeTransaction(database.db, async (tx) => {
        assert.deepEqual(await insertTenant.all(tx, ['st-2', 'second', 2]), [{ id: 'st-2' }]);
      });
      assert.equal((await tenantById.first(database.db, ['st-2']))?.name, 'second');
      assert.equal(await tenantById.first(database.db, ['st-none']), undefined);
      // `on conflict do nothing`: no row returned.
      assert.equal(await insertTenant.first(database.db, ['st-1', 'again', 3]), undefined);
    });

    it('firstNow reads at once on SQLite outside a transaction, and never a write before its commit', async () => {
      const now = tenantById.firstNow(database.db, ['st-1']);
      assert.equal(now instanceof Promise, dialect === 'postgres', 'synchronous on SQLite only');
      assert.equal((await now)?.name, 'first');
      assert.equal(await tenantById.firstNow(database.db, ['st-none']), undefined);
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted!: () => void;
      const written = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const writing = writeTransaction(database.db, async (tx) => {
        await insertTenant.run(tx, ['st-3', 'third', 3]);
        assert.ok(tenantById.firstNow(tx, ['st-3']) instanceof Promise, 'a transaction reads through Kysely');
        assert.equal((await tenantById.firstNow(tx, ['st-3']))?.name, 'third', 'its own write');
        inserted();
        await held;
      });
      await written;
      assert.equal(await tenantById.firstNow(database.db, ['st-3']), undefined, 'not committed yet');
      release();
      await writing;
      assert.equal((await tenantById.firstNow(database.db, ['st-3']))?.name, 'third');
    });

    it('runs as a named prepared statement on PostgreSQL outside a transaction, and through Kysely inside one', async () => {
      const prepared = preparedPoolOf(database.db);
      assert.equal(prepared !== undefined, dialect === 'postgres');
      if (dialect !== 'postgres') return;
      await writeTransaction(database.db, async (tx) => {
        assert.equal(preparedPoolOf(tx), undefined, 'a transaction keeps its own connection');
        assert.equal((await tenantById.first(tx, ['st-1']))?.name, 'first');
      });
      // Each pool connection prepares the statement once; every connection that ran it lists it.
      const named = statement<{ name: string; statement: string }>(
        `select "name", "statement" from pg_prepared_statements where "statement" = $1`,
      );
      for (let round = 0; round < 3; round++) {
        assert.equal((await tenantById.first(database.db, ['st-1']))?.name, 'first');
        const listed = await named.all(database.db, [tenantById.text]);
        if (listed.length > 0) {
          assert.match(listed[0]!.name, /^quire_[0-9a-f]{24}$/);
          return;
        }
      }
      assert.fail('the statement was never listed as prepared on the connection that ran it');
    });
  });
}
