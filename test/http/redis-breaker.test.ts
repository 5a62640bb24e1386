/**
 * Redis that accepts connections and never answers (a hung node, a blackholed address): the rate
 * limiter's circuit breaker allows requests at once instead of waiting REDIS_TIMEOUT_MS on each,
 * and probes Redis again once the cool-down is over.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, it } from 'node:test';
import { type RedisBreakerState, RedisRateLimitStore } from '../../src/http/redis-rate-limit-store.js';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';

const sockets = new Set<net.Socket>();
const silent = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => {});
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const SILENT_URL = `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
after(() => {
  for (const socket of sockets) socket.destroy();
  silent.close();
});

const TIMEOUT_MS = 300;

describeEachDatabase(
  'rate limits with a Redis that never answers',
  (ctx) => {
    it('stay fast: only the first request waits for the Redis timeout', async () => {
      const tenant = await makeTenant(ctx);
      const durations: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const response = await ctx.request({ method: 'GET', url: '/v0/persons', key: tenant.key });
        durations.push(performance.now() - started);
        assert.equal(response.status, 200, 'fails open');
      }
      // (The breaker's state is checked on a store of its own below: redisBreakerState() reports
      // this process's latest store, and each database's app here has one.)
      assert.ok(durations[0]! >= TIMEOUT_MS * 0.9, `the first waited for Redis (${durations[0]} ms)`);
      const rest = durations.slice(1).reduce((sum, ms) => sum + ms, 0);
      // Without the breaker each of the 19 would wait 300 ms (5.7 s in all).
      assert.ok(rest < TIMEOUT_MS * 3, `19 requests took ${Math.round(rest)} ms together`);
    });
  },
  { config: { redisUrl: SILENT_URL, redisTimeoutMs: TIMEOUT_MS } },
);

it('the breaker probes Redis once per cool-down and reports each change of state once', async () => {
  const changes: RedisBreakerState[] = [];
  const store = new RedisRateLimitStore(
    SILENT_URL,
    100,
    { onStateChange: (state) => void changes.push(state) },
    400,
  );
  try {
    const take = () => store.take('quire:rl:probe', 10, 1000);
    assert.deepEqual(await take(), { allowed: true, backlogMs: 0 });
    assert.equal(store.state, 'open');
    // While open, nothing waits for Redis.
    const started = performance.now();
    for (let i = 0; i < 50; i++) await take();
    assert.ok(performance.now() - started < 50, 'open: answered without Redis');
    assert.deepEqual(changes, ['open']);
    await new Promise((resolve) => setTimeout(resolve, 450));
    // The first request after the cool-down probes (and waits); the ones beside it do not.
    const probe = take();
    assert.equal(store.state, 'half-open');
    const beside = performance.now();
    await take();
    assert.ok(performance.now() - beside < 20, 'half-open: only the probe waits');
    await probe;
    assert.equal(store.state, 'open', 'the probe failed, so the breaker opens again');
    assert.deepEqual(changes, ['open', 'half-open', 'open']);
  } finally {
    await store.close();
  }
});
