import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { openTestDatabase } from '../../../test/harness.js';
import type { Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { DB } from '../../db/schema.js';
import { pageOfAccountLogs } from '../activity/logs.repository.js';
import { accountsWindowEnd, listAccounts, newestLiveLogAt, searchAccounts } from './accounts.repository.js';

/**
 * The read paths that must stay index range scans at millions of rows: the real queries the
 * repository builds, captured and EXPLAINed on SQLite (whose plans do not depend on statistics).
 * A plan that sorts in a temporary B-tree or scans a whole table fails here.
 */
describe('query plans of the accounts feature [sqlite]', () => {
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

  function planOf(query: CompiledQuery): string {
    const rows = raw.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as {
      detail: string;
    }[];
    return rows.map((r) => r.detail).join('\n');
  }

  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    captured = [];
    await run();
    return captured.map(planOf);
  }

  it('walks the activity indexes for both kinds of log, with and without a cursor', async () => {
    for (const table of ['account_logs', 'person_logs'] as const) {
      for (const after of [null, [Date.now(), `${table}_x`]] as const) {
        const [plan] = await plansOf(() =>
          pageOfAccountLogs(db, 'tenant_x', table, {
            accountId: 'account_x',
            includeDeleted: false,
            after,
            limit: 21,
          }),
        );
        assert.match(plan!, new RegExp(`USING INDEX ${table}_activity`), plan);
        assert.doesNotMatch(plan!, /TEMP B-TREE|SCAN l\b/, plan);
      }
    }
  });

  it('finds the newest live log and lists accounts by index', async () => {
    const [newest] = await plansOf(() => newestLiveLogAt(db, 'tenant_x', 'account_logs', 'account_x'));
    assert.match(newest!, /USING INDEX account_logs_activity/);
    assert.doesNotMatch(newest!, /TEMP B-TREE/);
    for (const emptyOnly of [false, true]) {
      const [plan] = await plansOf(() =>
        listAccounts(db, 'tenant_x', { emptyOnly, after: [Date.now(), 'account_x'], limit: 21 }),
      );
      assert.match(
        plan!,
        emptyOnly ? /USING INDEX accounts_empty_newest/ : /USING INDEX accounts_newest/,
        plan,
      );
      assert.doesNotMatch(plan!, /TEMP B-TREE/, plan);
    }
  });

  it('searches a window read through the newest-first index, never the whole table', async () => {
    for (const after of [null, [Date.now(), 'account_x'] as const]) {
      const [search] = await plansOf(() =>
        searchAccounts(db, 'tenant_x', { pattern: '%x%', emptyOnly: false, after, window: 5000, limit: 21 }),
      );
      const [end] = await plansOf(() => accountsWindowEnd(db, 'tenant_x', after, 5000));
      for (const plan of [search!, end!]) {
        assert.match(plan, /USING (COVERING )?INDEX accounts_newest/, plan);
        assert.doesNotMatch(plan, /SCAN accounts\b(?! USING)|TEMP B-TREE/, plan);
      }
    }
  });
});
