/**
 * Connection limits (issue 14, item 7): sockets opened and never used by one address cannot shut
 * out other clients. Linux routes all of 127.0.0.0/8 to the loopback, so a client bound to
 * 127.0.0.2 is "another address" for the server listening on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { effectiveTotal } from '../../src/http/connection-limits.js';
import { DIALECTS, openTestDatabase, testConfig } from '../harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a socket from `from` that sends nothing; `closed` turns true when the server closes it. */
async function silentSocket(
  port: number,
  from: string,
): Promise<{ socket: net.Socket; closed: () => boolean }> {
  let closed = false;
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed: () => closed };
}

/** One GET /healthz on a fresh connection from `from`: the status, or the error. */
function healthz(port: number, from: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
      socket.write('GET /healthz HTTP/1.1\r\nHost: quire\r\nConnection: close\r\n\r\n'),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', (error) => resolve(`error ${error.message}`));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed without an answer'));
  });
}

function withServer(dialect: string, overrides: Partial<Config>, body: (port: () => number) => void) {
  describe(`${JSON.stringify(overrides)} [${dialect}]`, () => {
    let app: FastifyInstance;
    let database: Database;
    let port = 0;
    const sockets: net.Socket[] = [];
    before(async () => {
      database = openTestDatabase(dialect as 'sqlite' | 'postgres');
      await migrateToLatest(database.db);
      app = await buildApp({ config: testConfig(overrides), database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    after(async () => {
      for (const socket of sockets) socket.destroy();
      await app.close();
      await database.close();
    });
    body(() => port);
  });
}

for (const dialect of DIALECTS) {
  describe('connection limits', () => {
    withServer(dialect, { maxConnections: 100, maxConnectionsPerIp: 5 }, (port) => {
      it('close connections past the per-address limit; another address is served', async () => {
        const flood = [];
        for (let i = 0; i < 12; i++) flood.push(await silentSocket(port(), '127.0.0.1'));
        await sleep(200);
        const open = flood.filter((s) => !s.closed());
        assert.equal(open.length, 5, 'five kept, the rest closed at once');
        assert.equal(await healthz(port(), '127.0.0.2'), 'HTTP/1.1 200 OK');
        assert.match(await healthz(port(), '127.0.0.1'), /^(closed without an answer|error)/);
        for (const s of flood) s.socket.destroy();
        await sleep(100);
        assert.equal(await healthz(port(), '127.0.0.1'), 'HTTP/1.1 200 OK', 'room again once they close');
      });
    });

    withServer(dialect, { maxConnections: 8, maxConnectionsPerIp: 0 }, (port) => {
      it('at the total, a new address takes the place of the oldest connection of the busiest address', async () => {
        const flood = [];
        for (let i = 0; i < 8; i++) flood.push(await silentSocket(port(), '127.0.0.1'));
        await sleep(100);
        assert.equal(flood.filter((s) => s.closed()).length, 0, 'eight fit');
        // A ninth from the same address: it holds the most already, so the newcomer is closed.
        const ninth = await silentSocket(port(), '127.0.0.1');
        await sleep(100);
        assert.ok(ninth.closed(), 'the busiest address gets no more');
        assert.equal(await healthz(port(), '127.0.0.3'), 'HTTP/1.1 200 OK');
        assert.ok(flood[0]!.closed(), 'its oldest connection made room');
        assert.equal(flood.filter((s) => s.closed()).length, 1);
        for (const s of flood) s.socket.destroy();
      });
    });
  });
}

it('the total limit leaves room under the open-file limit', () => {
  assert.equal(effectiveTotal(4096, 1024), 896);
  assert.equal(effectiveTotal(4096, 1_048_576), 4096);
  assert.equal(effectiveTotal(0, 1024), 896);
  assert.equal(effectiveTotal(0, null), Number.POSITIVE_INFINITY);
});
