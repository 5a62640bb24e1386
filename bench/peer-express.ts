// The conventional peer: what a team would write first for the same two operations with Express 5
// and the database driver directly. It does the same essential work as Quire for the benchmarked
// requests (the API-key check against the same table with the verdict cached, the same row read or
// one INSERT (by domain: the account selected, or inserted if new, first), a JSON log line per request, the same durability: the same database file or server),
// and none of the rest (validation beyond presence, counters, rate limits, problem+json). Quire's
// throughput is reported as a multiple of this one's.
//
//   node --import tsx bench/peer-express.ts sqlite /path/to/quire.db
//   node --import tsx bench/peer-express.ts postgres postgres://...
import { hash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import express, { type NextFunction, type Request, type Response } from 'express';
import pg from 'pg';
import pino from 'pino';

const [dialect, location] = process.argv.slice(2) as ['sqlite' | 'postgres', string];
const log = pino(pino.destination({ dest: process.env.PEER_LOG ?? '/dev/null', sync: false }));

interface Store {
  tenantOfKey(keyHash: string): Promise<string | null>;
  person(tenantId: string, id: string): Promise<Record<string, unknown> | undefined>;
  insertLog(tenantId: string, accountId: string, body: Record<string, unknown>): Promise<string>;
  /** The account of a domain, created if none has it (what a CRM webhook names). */
  accountOfDomain(tenantId: string, domain: string): Promise<string>;
}

/** A new account's columns, as Quire's accounts table wants them. */
function newAccount(tenantId: string, domain: string) {
  const now = Date.now();
  return [tenantId, `account_${randomUUID()}`, domain, domain, '{}', now, now, now, 0];
}
const INSERT_ACCOUNT =
  'insert into accounts (tenant_id, id, domain, name, traits, created_at, updated_at, latest_activity_at, linked_persons_count) values ';

function sqliteStore(file: string): Store {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL'); // Quire's default durability
  const key = db.prepare('select tenant_id from api_keys where key_hash = ? and revoked_at is null');
  const person = db.prepare('select * from persons where tenant_id = ? and id = ?');
  const insert = db.prepare(
    'insert into account_logs (tenant_id, id, account_id, source, type, payload, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const accountOf = db.prepare('select id from accounts where tenant_id = ? and domain = ?');
  const insertAccount = db.prepare(`${INSERT_ACCOUNT}(?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`);
  return {
    accountOfDomain: async (tenantId, domain) => {
      const found = accountOf.get(tenantId, domain) as { id: string } | undefined;
      if (found) return found.id;
      insertAccount.run(...newAccount(tenantId, domain));
      return (accountOf.get(tenantId, domain) as { id: string }).id;
    },
    tenantOfKey: async (keyHash) =>
      (key.get(keyHash) as { tenant_id: string } | undefined)?.tenant_id ?? null,
    person: async (tenantId, id) => person.get(tenantId, id) as Record<string, unknown> | undefined,
    insertLog: async (tenantId, accountId, body) => {
      const id = `accountlog_${randomUUID()}`;
      insert.run(
        tenantId,
        id,
        accountId,
        body.source,
        body.type ?? null,
        JSON.stringify(body.payload),
        Date.now(),
      );
      return id;
    },
  };
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const accountOf = async (tenantId: string, domain: string) =>
    (
      await pool.query<{ id: string }>('select id from accounts where tenant_id = $1 and domain = $2', [
        tenantId,
        domain,
      ])
    ).rows[0]?.id;
  return {
    accountOfDomain: async (tenantId, domain) => {
      const found = await accountOf(tenantId, domain);
      if (found) return found;
      await pool.query(
        `${INSERT_ACCOUNT}($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
        newAccount(tenantId, domain),
      );
      return (await accountOf(tenantId, domain))!;
    },
    tenantOfKey: async (keyHash) =>
      (
        await pool.query('select tenant_id from api_keys where key_hash = $1 and revoked_at is null', [
          keyHash,
        ])
      ).rows[0]?.tenant_id ?? null,
    person: async (tenantId, id) =>
      (await pool.query('select * from persons where tenant_id = $1 and id = $2', [tenantId, id])).rows[0],
    insertLog: async (tenantId, accountId, body) => {
      const id = `accountlog_${randomUUID()}`;
      await pool.query(
        'insert into account_logs (tenant_id, id, account_id, source, type, payload, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
        [tenantId, id, accountId, body.source, body.type ?? null, JSON.stringify(body.payload), Date.now()],
      );
      return id;
    },
  };
}

const store = dialect === 'postgres' ? postgresStore(location) : sqliteStore(location);
const verdicts = new Map<string, string | null>();

async function authenticate(request: Request, response: Response, next: NextFunction) {
  const key = request.header('x-api-key');
  if (!key) return void response.status(401).json({ error: 'missing key' });
  const keyHash = hash('sha256', key, 'hex');
  let tenantId = verdicts.get(keyHash);
  if (tenantId === undefined) {
    tenantId = await store.tenantOfKey(keyHash);
    verdicts.set(keyHash, tenantId);
  }
  if (tenantId === null) return void response.status(401).json({ error: 'invalid key' });
  response.locals.tenantId = tenantId;
  next();
}

const app = express();
app.disable('x-powered-by');
app.use((request, response, next) => {
  const started = performance.now();
  response.on('finish', () =>
    log.info({
      method: request.method,
      url: request.url,
      status: response.statusCode,
      ms: performance.now() - started,
    }),
  );
  next();
});
app.get('/v0/persons/:id', authenticate, async (request, response) => {
  const row = await store.person(response.locals.tenantId, request.params.id as string);
  if (row === undefined) return void response.status(404).json({ error: 'not found' });
  response.json({
    personId: row.id,
    name: row.name,
    email: row.email,
    domain: row.domain,
    slug: row.slug,
    phoneNumber: row.phone_number,
    linkedinProfileUrl: row.linkedin_profile_url,
    accountId: row.account_id,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  });
});
app.post('/v0/account_logs', authenticate, express.json(), async (request, response) => {
  const body = request.body as Record<string, unknown>;
  const tenantId = response.locals.tenantId as string;
  if (typeof body.source !== 'string') return void response.status(400).json({ error: 'source is required' });
  let accountId = body.accountId;
  if (typeof accountId !== 'string') {
    if (typeof body.domain !== 'string')
      return void response.status(400).json({ error: 'accountId or domain is required' });
    accountId = await store.accountOfDomain(tenantId, body.domain.toLowerCase());
  }
  const id = await store.insertLog(tenantId, accountId as string, body);
  response.status(201).json({ accountLogId: id, accountId });
});

const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening ${address.port}\n`);
});
server.keepAliveTimeout = 5000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
