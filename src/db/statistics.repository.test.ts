import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { describeEachDatabase } from '../../test/harness.js';
import { analyzeTables } from './statistics.repository.js';

describeEachDatabase('statistics gathered by a bulk writer', (ctx) => {
  it('PostgreSQL: the planner learns the rows written; SQLite: nothing to do', async () => {
    const { db } = ctx.database;
    const table = `stats_probe_${process.pid}_${Date.now()}`;
    await sql`create table ${sql.id(table)} (id integer primary key, tenant text not null)`.execute(db);
    try {
      const fill = (from: number, to: number) =>
        sql`insert into ${sql.id(table)} (id, tenant)
          with recursive n(i) as (select ${sql.lit(from)} union all select i + 1 from n where i < ${sql.lit(to)})
          select i, 't' || (i % 3) from n`.execute(db);
      await fill(1, 500);
      if (ctx.dialect !== 'postgres') {
        assert.equal(await analyzeTables(db, [table]), false);
        return;
      }
      const rowsKnown = async () =>
        Number(
          (
            await sql<{ reltuples: number }>`select reltuples from pg_class where relname = ${table}`.execute(
              db,
            )
          ).rows[0]!.reltuples,
        );
      // Never analysed: PostgreSQL knows nothing of its rows (-1 since version 14).
      assert.ok((await rowsKnown()) <= 0);
      assert.equal(await analyzeTables(db, [table]), true);
      assert.equal(await rowsKnown(), 500);
      // Written again: analysed again, not once for good.
      await fill(501, 2000);
      assert.equal(await analyzeTables(db, [table]), true);
      assert.equal(await rowsKnown(), 2000);
      // A table that is not there: the writer goes on.
      assert.equal(await analyzeTables(db, ['no_such_table']), false);
    } finally {
      await sql`drop table ${sql.id(table)}`.execute(db);
    }
  });
});
