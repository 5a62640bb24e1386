import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { openTestDatabase } from '../../../test/harness.js';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { DB } from '../../db/schema.js';
import { personsWindowEnd, searchPersons } from './persons.repository.js';

/**
 * A persons search must stay bounded at millions of rows: its window is read through the
 * newest-first index (persons_newest), never by scanning or sorting the table. The real queries
 * the repository builds, EXPLAINed on SQLite (whose plans do not depend on statistics).
 */
describe('query plans of the persons search [sqlite]', () => {
  let database: Database;
  let raw: SQLite.Database;
  let captured: CompiledQuery[] = [];
  let db: Kysely<DB>;

  before(async () => {
    database = openTestDatabase('sqlite');
    await migrateToLatest(database.db);
    raw = new SQLite(database.location);
    db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: raw }),
      log: (event) => {
        captured.push(event.query);
      },
    });
  });
  after(async () => {
    await db.destroy();
    await database.close();
  });

  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    captured = [];
    await run();
    return captured.map((query) =>
      (
        raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('\n'),
    );
  }

  it('reads the window through persons_newest, with and without a cursor', async () => {
    for (const cursor of [null, [Date.now(), 'person_x'] as const]) {
      const [search] = await plansOf(() => searchPersons(db, 'tenant_x', '%x%', cursor, 5000, 21));
      const [end] = await plansOf(() => personsWindowEnd(db, 'tenant_x', cursor, 5000));
      for (const plan of [search!, end!]) {
        assert.match(plan, /USING (COVERING )?INDEX persons_newest/, plan);
        assert.doesNotMatch(plan, /SCAN persons\b(?! USING)|TEMP B-TREE/, plan);
      }
    }
  });
});
