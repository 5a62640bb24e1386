import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { describeEachDatabase } from '../../test/harness.js';
import { analyzeNeverAnalyzed } from './statistics.repository.js';

describeEachDatabase('statistics of tables never analysed', (ctx) => {
  it('PostgreSQL: gathers them once for the tables named; SQLite: nothing to do', async () => {
    const { db } = ctx.database;
    const table = `stats_probe_${process.pid}_${Date.now()}`;
    await sql`create table ${sql.id(table)} (id integer primary key, tenant text not null)`.execute(db);
    try {
      await sql`insert into ${sql.id(table)} (id, tenant)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
        select i, 't' || (i % 3) from n`.execute(db);
      if (ctx.dialect !== 'postgres') {
        assert.deepEqual(await analyzeNeverAnalyzed(db, [table]), []);
        return;
      }
      const rowsKnown = async () =>
        (
          await sql<{ reltuples: number }>`select reltuples from pg_class where relname = ${table}`.execute(
            db,
          )
        ).rows[0]!.reltuples;
      // Never analysed: PostgreSQL knows nothing of its rows (-1 since version 14).
      assert.ok((await rowsKnown()) <= 0);
      assert.deepEqual(await analyzeNeverAnalyzed(db, [table, 'no_such_table']), [table]);
      assert.equal(Number(await rowsKnown()), 500);
      // Analysed once: not again.
      assert.deepEqual(await analyzeNeverAnalyzed(db, [table]), []);
    } finally {
      await sql`drop table ${sql.id(table)}`.execute(db);
    }
  });
});
