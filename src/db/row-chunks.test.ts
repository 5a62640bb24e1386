import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { rowChunks } from './row-chunks.js';
import type { DB } from './schema.js';

// Executors that only name their dialect: rowChunks never queries.
const sqlite = new Kysely<DB>({ dialect: new SqliteDialect({ database: async () => ({}) as never }) });
const postgres = new Kysely<DB>({ dialect: new PostgresDialect({ pool: async () => ({}) as never }) });

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('rowChunks', () => {
  it('on SQLite, cuts rows into powers of two, largest first, every row once and in order', () => {
    const chunks = rowChunks(sqlite, rows(37), 64);
    assert.deepEqual(
      chunks.map((c) => c.length),
      [32, 4, 1],
    );
    assert.deepEqual(chunks.flat(), rows(37));
    assert.deepEqual(
      rowChunks(sqlite, rows(200), 128).map((c) => c.length),
      [128, 64, 8],
    );
    assert.deepEqual(rowChunks(sqlite, [], 64), []);
  });

  it('on SQLite, batches of every size from 1 to 64 use only 7 distinct statement sizes', () => {
    const sizes = new Set<number>();
    for (let n = 1; n <= 64; n++) for (const chunk of rowChunks(sqlite, rows(n), 64)) sizes.add(chunk.length);
    assert.deepEqual(
      [...sizes].sort((a, b) => a - b),
      [1, 2, 4, 8, 16, 32, 64],
    );
  });

  it('on PostgreSQL, one chunk per max rows: no extra round trips', () => {
    assert.deepEqual(
      rowChunks(postgres, rows(37), 64).map((c) => c.length),
      [37],
    );
    assert.deepEqual(
      rowChunks(postgres, rows(300), 256).map((c) => c.length),
      [256, 44],
    );
  });
});
