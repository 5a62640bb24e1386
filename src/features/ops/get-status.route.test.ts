import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { FakeAgent, makeAudience, makeWorker } from '../../../test/pages-factories.js';
import { registerMetrics } from '../../http/metrics.js';
import { queueSnapshot } from './queue-status.service.js';

/** The value of an unlabelled gauge in a scrape. */
function gauge(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  assert.ok(line, `${name} is in the scrape`);
  return Number(line.split(' ')[1]);
}

describeEachDatabase('queue status (GET /admin/v0/status, /metrics gauges)', (ctx) => {
  it('the queue-age gauge grows while no worker runs and drops once one starts; stalled meanwhile', async () => {
    const tenant = await makeTenant(ctx);
    await makeAudience(ctx, tenant);
    // Test files share one PostgreSQL database: this app's gauges read this tenant's queue only.
    const app = Fastify();
    registerMetrics(app, {
      token: null,
      database: ctx.database,
      queue: () => queueSnapshot(ctx.database.db, 50, { tenantId: tenant.tenantId }),
    });
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    try {
      const first = await scrape();
      assert.match(first, /quire_versions\{status="queued"\} 1/);
      await sleep(120);
      const second = await scrape();
      assert.ok(
        gauge(second, 'quire_version_queue_oldest_age_seconds') >
          gauge(first, 'quire_version_queue_oldest_age_seconds'),
        'the oldest queued version ages while nobody works',
      );
      assert.ok(gauge(second, 'quire_version_queue_oldest_age_seconds') >= 0.12);
      assert.equal(gauge(second, 'quire_version_queue_stalled'), 1, 'waited past the threshold, no lease');

      const worker = makeWorker(ctx, tenant, new FakeAgent());
      worker.start();
      try {
        for (let i = 0; i < 200; i++) {
          const snapshot = await queueSnapshot(ctx.database.db, 50, { tenantId: tenant.tenantId });
          if (snapshot.byStatus.queued === 0 && snapshot.byStatus.processing === 0) break;
          await sleep(20);
        }
      } finally {
        await worker.stop();
      }
      const after = await scrape();
      assert.equal(gauge(after, 'quire_version_queue_oldest_age_seconds'), 0);
      assert.equal(gauge(after, 'quire_version_queue_stalled'), 0);
      assert.match(after, /quire_versions\{status="queued"\} 0/);
      assert.match(after, /quire_agent_attempts_total\{outcome="drafted"\} [1-9]/);
    } finally {
      await app.close();
    }
  });

  it('GET /admin/v0/status reports the queue, and /readyz stays a database check', async () => {
    const status = await ctx.request({
      method: 'GET',
      url: '/admin/v0/status',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(status.status, 200, status.raw);
    assert.equal(status.body.database, ctx.dialect);
    assert.equal(typeof status.body.queue.queued, 'number');
    assert.equal(typeof status.body.queue.oldestQueuedAgeSeconds, 'number');
    assert.equal(typeof status.body.queue.stalled, 'boolean');
    assert.equal(status.body.queue.stallThresholdSeconds, ctx.config.observability.queueStallMs / 1000);
    assert.equal((await ctx.request({ method: 'GET', url: '/admin/v0/status' })).status, 401);
    assert.equal((await ctx.request({ method: 'GET', url: '/readyz' })).body.status, 'ready');
  });

  it('a version waiting past the threshold with no live lease is stalled; a younger one is not', async () => {
    const tenant = await makeTenant(ctx);
    await makeAudience(ctx, tenant);
    const options = { tenantId: tenant.tenantId };
    assert.equal((await queueSnapshot(ctx.database.db, 60_000, options)).stalled, false);
    const later = { ...options, now: Date.now() + 61_000 };
    const stalled = await queueSnapshot(ctx.database.db, 60_000, later);
    assert.equal(stalled.stalled, true);
    assert.ok(stalled.oldestClaimableWaitSeconds > 60);
  });
});
