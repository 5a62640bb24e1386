import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { makeTenant } from '../factories.js';
import { describeEachDatabase, openTestDatabase, testConfig } from '../harness.js';

// One request per 1,000 s: however slowly a loaded machine runs these tests, no request is
// refilled during them, so the burst alone decides which are allowed.
const NO_REFILL = 0.001;

describeEachDatabase(
  'rate limits (in memory)',
  (ctx) => {
    it('sends RateLimit headers and answers 429 with Retry-After past the burst', async () => {
      const tenant = await makeTenant(ctx);
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const response = await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key });
        statuses.push(response.status);
        assert.equal(response.headers['ratelimit-policy'], '"per-key";q=3;w=3000');
        assert.match(String(response.headers.ratelimit), /^"per-key";r=\d+;t=\d+$/);
        if (response.status === 429) {
          assert.equal(response.body.code, 'rate_limited');
          assert.ok(Number(response.headers['retry-after']) >= 1);
        }
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      // Limits are per key: another tenant is unaffected.
      const other = await makeTenant(ctx);
      assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: other.key })).status, 200);
    });

    it('throttles rejected keys per client address, with the same headers', async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const response = await ctx.request({ method: 'GET', url: '/v0/persons', key: `quire_guess-${i}` });
        statuses.push(response.status);
        assert.equal(response.headers['ratelimit-policy'], '"per-key";q=3;w=3000');
      }
      assert.deepEqual(statuses, [401, 401, 401, 429]);
    });
  },
  { config: { rateLimitPerSecond: NO_REFILL, rateLimitBurst: 3 } },
);

describeEachDatabase(
  'rate limits (in memory) refill',
  (ctx) => {
    it('refills at the sustained rate', async () => {
      const tenant = await makeTenant(ctx);
      // One request every 2 s: the second follows the first far sooner than that.
      assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key })).status, 200);
      assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key })).status, 429);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key })).status, 200);
    });
  },
  { config: { rateLimitPerSecond: 0.5, rateLimitBurst: 1 } },
);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers a PING; null when it does, else why not. Three tries, 10 s each: on two
 * cores loaded by the rest of the suite a single connection attempt has been seen to fail.
 */
async function redisUnreachable(): Promise<string | null> {
  const { hostname, port } = new URL(REDIS_URL);
  let reason = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    reason = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 10_000 });
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (reply) => {
        socket.destroy();
        resolve(reply.toString().startsWith('+PONG') ? '' : `answered ${JSON.stringify(reply.toString())}`);
      });
      socket.once('error', (error) => resolve(error.message));
      socket.once('timeout', () => {
        socket.destroy();
        resolve('no answer within 10 s');
      });
    });
    if (reason === '') return null;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return reason;
}

describe('rate limits shared through Redis by two nodes', async () => {
  const unreachable = await redisUnreachable();
  const reachable = unreachable === null;
  if (!reachable && process.env.CI === 'true')
    throw new Error(`Redis is required in CI but ${REDIS_URL} is unreachable: ${unreachable}`);
  let database: Database;
  const nodes: FastifyInstance[] = [];

  before(async () => {
    if (!reachable) return;
    database = openTestDatabase('sqlite');
    await migrateToLatest(database.db);
    // No refill during the test (see NO_REFILL), and a Redis answer is awaited long enough that a
    // loaded machine does not turn a slow answer into an allowed request (the store fails open).
    const config = testConfig({
      rateLimitPerSecond: NO_REFILL,
      rateLimitBurst: 5,
      redisUrl: REDIS_URL,
      redisTimeoutMs: 10_000,
    });
    for (let i = 0; i < 2; i++) nodes.push(await buildApp({ config, database, logger: false }));
  });
  after(async () => {
    for (const node of nodes) await node.close();
    await database?.close();
  });

  it('enforces one budget across both nodes', {
    skip: reachable ? false : `Redis not reachable at ${REDIS_URL}`,
  }, async () => {
    const ctx = { database } as Parameters<typeof makeTenant>[0];
    const tenant = await makeTenant(ctx);
    const statuses = [];
    for (let i = 0; i < 8; i++) {
      const node = nodes[i % 2]!;
      const response = await node.inject({
        method: 'GET',
        url: '/v0/persons',
        headers: { 'x-api-key': tenant.key },
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
  });
});
