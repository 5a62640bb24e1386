import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Migrator } from 'kysely';
import { openSqlite } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0016'));

describe('migration 0016 makes operator emails unique per tenant (SQLite rebuilds the table)', () => {
  it('keeps every operator, allows one email in two tenants, not twice in one, and survives down and up', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-0016-'));
    const database = openSqlite(path.join(dir, 'quire.db'));
    try {
      // biome-ignore lint/suspicious/noExplicitAny: rows written across schema versions
      const db = database.db as any;
      const older = await new Migrator({
        db,
        provider: { getMigrations: async () => BEFORE },
      }).migrateToLatest();
      assert.equal(older.error, undefined);
      const row = (id: string, tenant: string | null, email: string) => ({
        id,
        tenant_id: tenant,
        email,
        role: 'admin',
        instance_admin: tenant === null ? 1 : 0,
        password_hash: `hash-${id}`,
        must_change_password: 0,
        disabled_at: null,
        created_at: 1,
        updated_at: 1,
      });
      await db
        .insertInto('operators')
        .values([row('o1', 't1', 'ada@example.com'), row('o2', null, 'root@example.com')])
        .execute();
      await assert.rejects(
        db
          .insertInto('operators')
          .values(row('o3', 't2', 'ada@example.com'))
          .execute(),
        /UNIQUE/,
      );

      await migrateToLatest(db);
      const kept = await db.selectFrom('operators').selectAll().orderBy('id').execute();
      assert.deepEqual(
        kept.map((r: { id: string; password_hash: string }) => [r.id, r.password_hash]),
        [
          ['o1', 'hash-o1'],
          ['o2', 'hash-o2'],
        ],
      );
      await db
        .insertInto('operators')
        .values(row('o3', 't2', 'ada@example.com'))
        .execute();
      await db
        .insertInto('operators')
        .values(row('o4', 't1', 'root@example.com'))
        .execute();
      await assert.rejects(
        db
          .insertInto('operators')
          .values(row('o5', 't1', 'ada@example.com'))
          .execute(),
        /UNIQUE/,
      );
      await assert.rejects(
        db
          .insertInto('operators')
          .values(row('o6', null, 'root@example.com'))
          .execute(),
        /UNIQUE/,
      );

      await db.deleteFrom('operators').where('id', 'in', ['o3', 'o4']).execute();
      const down = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(
        '0015-page-blocks-traits',
      );
      assert.equal(down.error, undefined);
      await assert.rejects(
        db
          .insertInto('operators')
          .values(row('o7', 't2', 'ada@example.com'))
          .execute(),
        /UNIQUE/,
      );
      await migrateToLatest(db);
      assert.equal((await db.selectFrom('operators').selectAll().execute()).length, 2);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
