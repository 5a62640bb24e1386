import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { QUIRE } from '../../test/processes.js';
import { databaseFailureMessage, MigrationFailure } from '../db/connection-failure.js';

/**
 * A wrong DATABASE_URL is an operator's mistake, not a bug: `tenants list`, `migrate` and `serve`
 * each say in one line which database (never its password) and what to change, and exit 2.
 */
const run = promisify(execFile);

/** A PostgreSQL stand-in that answers every sign-in as a real server does a wrong password. */
function wrongPasswordServer(): Promise<net.Server> {
  const fields = ['SFATAL', 'VFATAL', 'C28P01', 'Mpassword authentication failed for user "quire"'];
  const body = Buffer.concat([...fields.map((f) => Buffer.from(`${f}\0`)), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  const server = net.createServer((socket) => {
    socket.once('data', () => socket.end(Buffer.concat([header, body])));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function quireFails(databaseUrl: string, ...args: string[]) {
  const { QUIRE_DEBUG, LOG_LEVEL, ...rest } = process.env;
  const env = {
    ...rest,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-')),
  };
  return run(process.execPath, [QUIRE, ...args], { env, timeout: 60_000 }).then(
    (done) => assert.fail(`quire ${args.join(' ')} succeeded: ${done.stdout}`),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** stderr without the lines every command prints before it fails (which database, a stale bundle). */
function failureLines(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line !== '' && !/^quire: (database |dist\/quire\.mjs is )/.test(line));
}

describe('a wrong DATABASE_URL', () => {
  let fake: net.Server;
  let refusedPort: number;
  const pgBase = new URL(process.env.QUIRE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  before(async () => {
    fake = await wrongPasswordServer();
    refusedPort = await closedPort();
  });
  after(() => fake.close());

  const cases = () => {
    const missing = new URL(pgBase);
    missing.pathname = '/quire_no_such_database';
    const fakePort = (fake.address() as net.AddressInfo).port;
    return [
      {
        what: 'a refused port',
        url: `postgres://postgres:s3cret-pass@127.0.0.1:${refusedPort}/quire`,
        expected: new RegExp(
          `^quire: Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${refusedPort} \\(database "quire"\\): the connection was refused\\. Start PostgreSQL there, or fix the host and port in DATABASE_URL\\.$`,
        ),
      },
      {
        what: 'a database that does not exist',
        url: missing.toString(),
        expected: new RegExp(
          `^quire: The database "quire_no_such_database" does not exist on PostgreSQL at ${missing.hostname.replace(/\./g, '\\.')}:${missing.port || 5432}\\. Create it \\(createdb .* quire_no_such_database\\), or fix the database name in DATABASE_URL\\.$`,
        ),
      },
      {
        what: 'a wrong password',
        url: `postgres://quire:s3cret-pass@127.0.0.1:${fakePort}/quire`,
        expected: new RegExp(
          `^quire: PostgreSQL at 127\\.0\\.0\\.1:${fakePort} refused the password of user "quire" \\(database "quire"\\)\\. Fix the password in DATABASE_URL\\.$`,
        ),
      },
    ];
  };

  for (const command of [['tenants', 'list'], ['migrate'], ['serve']]) {
    it(`quire ${command.join(' ')}: one line naming host and database, never the password, exit 2`, async () => {
      for (const { what, url, expected } of cases()) {
        const failed = await quireFails(url, ...command);
        const lines = failureLines(failed.stderr);
        assert.equal(lines.length, 1, `${what}: one line, got:\n${failed.stderr}`);
        assert.match(lines[0]!, expected, what);
        assert.equal(failed.code, 2, what);
        assert.doesNotMatch(failed.stderr + failed.stdout, /s3cret-pass/, `${what}: no password`);
        assert.doesNotMatch(failed.stderr, /\n\s+at |node_modules|dist\//, `${what}: no stack, no bundle`);
      }
    });
  }

  it('QUIRE_DEBUG=1 adds the stack trace', async () => {
    const env = {
      ...process.env,
      QUIRE_DEBUG: '1',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${refusedPort}/quire`,
    };
    const failed = await run(process.execPath, [QUIRE, 'tenants', 'list'], { env }).then(
      () => assert.fail('must fail'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.equal(failed.code, 2);
    assert.match(failed.stderr, /ECONNREFUSED[\s\S]*\n\s+at /);
    assert.match(failed.stderr, /^quire: Cannot reach PostgreSQL/m);
  });
});

describe('databaseFailureMessage', () => {
  it('a failed migration names itself, the database and its message', () => {
    const failure = new MigrationFailure('0007_pages', 'column "x" of relation "pages" already exists', {
      cause: new Error('x'),
    });
    assert.equal(
      databaseFailureMessage(failure, {
        databaseUrl: 'postgres://quire:pw@db.example:6543/prod',
        dataDir: '/d',
      }),
      'Migration 0007_pages failed on PostgreSQL at db.example:6543 (database "prod"): column "x" of relation "pages" already exists. Fix the cause and run `quire migrate` again (QUIRE_DEBUG=1 shows the stack trace).',
    );
  });

  it('an unwritable DATA_DIR names the SQLite file', () => {
    const error = Object.assign(new Error('unable to open database file'), { code: 'SQLITE_CANTOPEN' });
    assert.equal(
      databaseFailureMessage(error, { databaseUrl: null, dataDir: '/srv/quire' }),
      'Cannot open the SQLite database /srv/quire/quire.db (SQLITE_CANTOPEN). Check DATA_DIR and that this user may write there.',
    );
  });

  it('finds the code behind a wrapper and an AggregateError (localhost is two addresses)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('outer', { cause: new AggregateError([refused], 'all failed') });
    assert.match(
      databaseFailureMessage(wrapped, { databaseUrl: 'postgres://localhost/quire', dataDir: '/d' }) ?? '',
      /^Cannot reach PostgreSQL at localhost:5432 \(database "quire"\)/,
    );
  });

  it('anything else is not a database failure', () => {
    assert.equal(
      databaseFailureMessage(new TypeError('x is undefined'), { databaseUrl: null, dataDir: '/d' }),
      null,
    );
  });
});
