// The dependency floor of GET /v0/persons/{id}: what Quire's own stack costs with nothing of
// Quire's around it. Fastify 5, the API-key check (SHA-256 of the key, verdict cached in a Map),
// one better-sqlite3 `get` of the person row on the same database file, and the response written
// by Fastify's serialiser from the same schema. No logging, no other hook. Quire's throughput is
// reported as a ratio of this one's, so the cost of everything Quire adds is visible.
//
//   node --import tsx bench/floor-fastify.ts /path/to/quire.db
import { hash } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { PersonsTable } from '../src/db/schema.js';
import { Person, toPerson } from '../src/features/persons/persons.schemas.js';

const [file] = process.argv.slice(2) as [string];
const db = new Database(file);
const findKey = db.prepare('select tenant_id from api_keys where key_hash = ? and revoked_at is null');
const findPerson = db.prepare('select * from persons where tenant_id = ? and id = ?');
const verdicts = new Map<string, string | null>();

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>(
  '/v0/persons/:id',
  { schema: { response: { 200: Person } } },
  (request, reply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string') return reply.code(401).send({ error: 'missing key' });
    const keyHash = hash('sha256', key, 'hex');
    let tenantId = verdicts.get(keyHash);
    if (tenantId === undefined) {
      tenantId = (findKey.get(keyHash) as { tenant_id: string } | undefined)?.tenant_id ?? null;
      verdicts.set(keyHash, tenantId);
    }
    if (tenantId === null) return reply.code(401).send({ error: 'invalid key' });
    const row = findPerson.get(tenantId, request.params.id) as PersonsTable | undefined;
    if (row === undefined) return reply.code(404).send({ error: 'not found' });
    return reply.send(toPerson(row));
  },
);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
