import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { makeWebhook, testEventsConfig } from '../../test/webhook-factories.js';
import { fanOutEvents } from '../features/webhooks/fan-out.js';
import { findEvent } from '../outbox/outbox.repository.js';
import { sequenceEvents } from '../outbox/sequencer.js';
import { EventPump } from './event-pump.js';

describeEachDatabase(
  'the event pump',
  (ctx) => {
    it('prunes events and finished deliveries past their retention, never an event a pending delivery needs', async () => {
      const tenant = await makeTenant(ctx);
      const db = ctx.database.db;
      // An endpoint nobody answers (a refused address): its deliveries stay pending, retried.
      await makeWebhook(ctx, tenant, 'https://example.invalid/hook');
      const silent = { info() {}, warn() {}, error() {} };
      const pump = new EventPump(db, ctx.config.events, silent, tenant.tenantId);
      await makePerson(ctx, tenant);
      // Numbered and fanned out (here or by another test's pump on the shared database), not
      // attempted: the delivery stays pending.
      const deliveries = () =>
        db
          .selectFrom('webhook_deliveries')
          .select(['id', 'status'])
          .where('tenant_id', '=', tenant.tenantId)
          .execute();
      for (let round = 0; round < 200 && (await deliveries()).length === 0; round++) {
        await sequenceEvents(db, { wait: true });
        await fanOutEvents(db, 12);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const keptEvent = await db
        .selectFrom('events')
        .select('id')
        .where('tenant_id', '=', tenant.tenantId)
        .where('type', '=', 'person.created')
        .executeTakeFirstOrThrow();
      // A week and a day later, in the pump's eyes.
      const later = Date.now() + 8 * 86_400_000;
      const pending = await deliveries();
      assert.equal(pending.length, 1);
      assert.equal(pending[0]!.status, 'pending');
      await pump.prune(later);
      assert.ok(await findEvent(db, tenant.tenantId, keptEvent.id), 'its delivery is still pending');

      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', completed_at: Date.now() })
        .where('tenant_id', '=', tenant.tenantId)
        .execute();
      const pruned = await pump.prune(later);
      assert.ok(pruned.events >= 1, 'and the pump prunes its own tenant only');
      assert.equal(await findEvent(db, tenant.tenantId, keptEvent.id), undefined);
      assert.equal(pruned.deliveries, 0, 'the delivery log is kept 30 days');
      const log = await pump.prune(Date.now() + 31 * 86_400_000);
      assert.ok(log.deliveries >= 1);
      const left = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('tenant_id', '=', tenant.tenantId)
        .execute();
      assert.deepEqual(left, []);
    });
  },
  { config: { events: testEventsConfig() } },
);
