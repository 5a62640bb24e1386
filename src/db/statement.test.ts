import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS, openTestDatabase } from '../../test/harness.js';
import type { Database } from './database.js';
import { migrateToLatest } from './migrate.js';
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
  });
}
