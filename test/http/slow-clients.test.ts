import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openTestDatabase, testConfig } from '../harness.js';

/** Sends `text` on a fresh connection and resolves with what came back and when the socket closed. */
function holdOpen(port: number, text: string, giveUpMs: number): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const done = () => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, answer });
    };
    const timer = setTimeout(() => {
      socket.destroy();
    }, giveUpMs);
    socket.on('close', done);
    socket.on('error', () => {});
  });
}

describe('slow clients', () => {
  let app: FastifyInstance;
  let database: Database;
  let port: number;

  before(async () => {
    database = openTestDatabase('sqlite');
    await migrateToLatest(database.db);
    app = await buildApp({
      config: testConfig({ headersTimeoutMs: 1000, requestTimeoutMs: 2000 }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  it('are cut off when the headers timeout passes, not on a later 30 s tick', async () => {
    const { ms, answer } = await holdOpen(port, 'GET /healthz HTTP/1.1\r\nHost: quire\r\nX-Slow: ', 8000);
    assert.match(answer, /^HTTP\/1\.1 408/, `answered ${JSON.stringify(answer.slice(0, 40))}`);
    assert.ok(ms < 2500, `the connection was held ${Math.round(ms)} ms with a 1,000 ms headers timeout`);
  });

  it('are cut off when the request timeout passes while the body trickles in', async () => {
    const head = 'POST /v0/persons HTTP/1.1\r\nHost: quire\r\nContent-Type: application/json\r\n';
    const { ms } = await holdOpen(port, `${head}Content-Length: 100\r\n\r\n{"name":`, 8000);
    assert.ok(ms < 3500, `the connection was held ${Math.round(ms)} ms with a 2,000 ms request timeout`);
  });
});
