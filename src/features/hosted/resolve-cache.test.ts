import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase, openSameDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
import { wakeupListenerOf } from '../../db/wakeups.js';
import { archivePage, restorePage } from '../pages/pages.service.js';
import { MAX_AGE_MS, ResolveCache } from './resolve-cache.js';

/**
 * Two processes on one database: the test's own handle is one node, a second handle (its own
 * connections, its own change watch, its own cache) is the other. The clock is the cache's own,
 * set by the test, so the bound is checked without waiting for it.
 */
describeEachDatabase('hosted pages: the resolve cache across processes', (ctx) => {
  it('a change made by another process is served within MAX_AGE_MS; one made by its own at once', async () => {
    const tenant = await makeTenant(ctx);
    const f = await hostedFixture(ctx, tenant);
    const routeKey = f.personUrl.split('/').pop()!;
    const other = openSameDatabase(ctx);
    try {
      let now = 1_000_000;
      // No wake-ups: the time bound alone (SQLite; PostgreSQL with a lost notification).
      const cache = new ResolveCache(other.db, false, () => now);
      const first = await cache.get(f.handle, f.page.slug!, routeKey);
      assert.equal(first.resolved.found && first.resolved.version?.id, f.personal.versionId);

      // Archived through the first process: the second may serve its cached page until the bound.
      await archivePage(ctx.database.db, tenant.tenantId, f.page.id);
      now += MAX_AGE_MS - 1;
      assert.equal((await cache.get(f.handle, f.page.slug!, routeKey)).resolved.found, true);
      now += 1;
      assert.equal((await cache.get(f.handle, f.page.slug!, routeKey)).resolved.found, false);

      // Restored through the second process itself: its next request sees it, the clock unmoved.
      await restorePage(other.db, tenant.tenantId, f.page.id);
      const restored = await cache.get(f.handle, f.page.slug!, routeKey);
      assert.equal(restored.resolved.found && restored.resolved.version?.id, f.personal.versionId);
      cache.close();
    } finally {
      await other.close();
    }
  });

  if (ctx.dialect === 'postgres') {
    it("PostgreSQL: another process's change drops the cache at its outbox event's wake-up", async () => {
      const tenant = await makeTenant(ctx);
      const f = await hostedFixture(ctx, tenant);
      const other = openSameDatabase(ctx);
      try {
        // The clock never moves: only the wake-up can make the cache read again.
        const cache = new ResolveCache(other.db, true, () => 1_000_000);
        await wakeupListenerOf(other.db)!.ready();
        assert.equal((await cache.get(f.handle, f.page.slug!, null)).resolved.found, true);
        await archivePage(ctx.database.db, tenant.tenantId, f.page.id);
        // Waits for the notification (the test's own timeout bounds it), not for a time.
        while ((await cache.get(f.handle, f.page.slug!, null)).resolved.found) await tick();
        cache.close();
      } finally {
        await other.close();
      }
    });
  }
});
