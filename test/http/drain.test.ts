import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openTestDatabase, testConfig } from '../harness.js';

interface Answer {
  status: number;
  connection: string | undefined;
  retryAfter: string | undefined;
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          retryAfter: response.headers['retry-after'] as string | undefined,
        }),
      );
    });
    request.on('error', reject);
  });
}

describe('draining before shutdown', () => {
  let app: FastifyInstance;
  let database: Database;
  let port: number;

  before(async () => {
    database = openTestDatabase('sqlite');
    await migrateToLatest(database.db);
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/slow', async () => {
      await sleep(300);
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(async () => {
    await database.close();
  });

  it('finishes in-flight requests, answers new ones 503 with Connection: close, and resets no keep-alive client', async () => {
    const agents = Array.from({ length: 4 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    for (const agent of agents) assert.equal((await get(port, '/healthz', agent)).status, 200);
    const quiet = new http.Agent({ keepAlive: true, maxSockets: 1 });
    assert.equal((await get(port, '/healthz', quiet)).status, 200, 'a keep-alive connection, idle');

    const inFlight = get(port, '/slow', new http.Agent({ keepAlive: true }));
    await sleep(50);
    // Clients keep sending on their keep-alive connections while the server drains and closes.
    let stop = false;
    const errors: string[] = [];
    const statuses: number[] = [];
    const loops = agents.map(async (agent) => {
      while (!stop) {
        try {
          statuses.push((await get(port, '/healthz', agent)).status);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          // Refused: the listener is closed, which is how a client learns the server is gone.
          if (code === 'ECONNREFUSED') break;
          errors.push(code);
        }
      }
    });
    await sleep(50);
    app.beginDrain();
    const drained = await get(port, '/healthz', quiet);
    assert.equal(drained.status, 503);
    assert.equal(drained.connection, 'close');
    assert.equal(drained.retryAfter, '1');

    const slow = await inFlight;
    assert.equal(slow.status, 200, 'the in-flight request finished');
    assert.equal(slow.connection, 'close');
    await sleep(300);
    await app.close();
    stop = true;
    await Promise.all(loops);
    assert.deepEqual(errors, [], 'no client saw a reset');
    assert.ok(statuses.includes(503));
    await assert.rejects(get(port, '/healthz', new http.Agent()), { code: 'ECONNREFUSED' });
    assert.ok(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(','),
    );
  });
});
