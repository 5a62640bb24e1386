import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { WalCheckpointer } from './wal-checkpointer.js';

/**
 * How many times the WAL has started over: the checkpoint sequence number in its header (bytes
 * 12-15), read from the file so that looking does not checkpoint, as another connection would.
 */
function walRestarts(file: string): number {
  const header = Buffer.alloc(32);
  const fd = fs.openSync(`${file}-wal`, 'r');
  try {
    fs.readSync(fd, header, 0, 32, 0);
  } finally {
    fs.closeSync(fd);
  }
  return header.readUInt32BE(12);
}

function autocheckpoint(writer: SQLite.Database): number {
  return writer.pragma('wal_autocheckpoint', { simple: true }) as number;
}

const until = async (what: string, check: () => boolean) => {
  for (const started = Date.now(); !check(); ) {
    if (Date.now() - started > 10_000) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('WalCheckpointer', () => {
  let dir: string;
  let file: string;
  let writer: SQLite.Database;
  const write = (transactions: number) => {
    const insert = writer.prepare('insert into t (v) values (?)');
    for (let i = 0; i < transactions; i++) writer.transaction(() => insert.run('x'.repeat(3000)))();
  };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-wal-'));
    file = path.join(dir, 'quire.db');
    writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (id integer primary key, v text)');
  });
  afterEach(() => {
    writer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("copies the WAL on its thread, off the writer's commits, and the writer's next transaction starts it over", async () => {
    const checkpointer = new WalCheckpointer(file, writer, { everyMs: 20 });
    try {
      assert.equal(autocheckpoint(writer), 0, "the writer's own checkpoint is off");
      // Past SQLite's 1,000-page automatic checkpoint: the writer's own would have run by now.
      write(1500);
      const restarts = walRestarts(file);
      // Nothing but the thread copies the pages; once it has, the next write starts the WAL over.
      await until('the WAL has started over', () => {
        write(1);
        return walRestarts(file) > restarts;
      });
    } finally {
      await checkpointer.stop();
    }
  });

  it('gives the checkpoint back to the writer while the WAL is past its bound, and when the thread fails', async () => {
    const checkpointer = new WalCheckpointer(file, writer, { everyMs: 20, behindPages: 50 });
    try {
      write(100);
      await until("the writer's own checkpoint is back on", () => autocheckpoint(writer) === 1000);
      write(1);
      await until('it is off again once the WAL has started over', () => autocheckpoint(writer) === 0);
    } finally {
      await checkpointer.stop();
    }
    const broken = new WalCheckpointer(path.join(dir, 'missing.db'), writer);
    await until('the thread failed to open its connection', () => autocheckpoint(writer) === 1000);
    await broken.stop();
  });
});
