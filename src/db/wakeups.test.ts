import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { sql } from 'kysely';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase, openSameDatabase } from '../../test/harness.js';
import { testEventsConfig } from '../../test/webhook-factories.js';
import { EventStreamHub } from '../features/event-stream/stream-hub.js';
import { emitEvent } from '../outbox/emit.js';
import type { StreamedEvent } from '../outbox/outbox.repository.js';
import { EventPump } from '../worker/event-pump.js';
import type { Database } from './database.js';
import type { Db } from './schema.js';
import { setWakeupListener, WakeupListener, wakeupListenerOf } from './wakeups.js';
import { writeTransaction } from './write-transaction.js';

/** Far longer than these tests may run (TIMEOUT): what arrives came through a wake-up, not a poll. */
const NEVER_MS = 600_000;
const TIMEOUT = { timeout: 30_000 };
const silent = { info() {}, warn() {}, error() {} };

/** An open stream of the tenant on `hub`; `next()` resolves with the next event it receives. */
async function openStream(hub: EventStreamHub, tenantId: string) {
  const received: StreamedEvent[] = [];
  let waiter: (() => void) | null = null;
  const remove = await hub.subscribe(
    {
      tenantId,
      wants: () => true,
      send: (event) => {
        received.push(event);
        waiter?.();
      },
      end() {},
    },
    await hub.currentPosition(),
  );
  return {
    remove,
    received,
    next: (id: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (received.some((event) => event.id === id)) resolve();
        };
        waiter = check;
        check();
      }),
  };
}

async function emitPersonCreated(db: Db, tenantId: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    await emitEvent(tx, tenantId, { type: 'person.created', data: { person: { name: 'Ada' } } });
    const row = await tx
      .selectFrom('events')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Lets the wake-up that follows a (re)connection run its course before the test writes. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describeEachDatabase('LISTEN/NOTIFY wake-ups', (ctx) => {
  const open: Database[] = [];
  /** A handle of its own (its own listener), as another process would open it. */
  const own = () => {
    const database = openSameDatabase(ctx);
    open.push(database);
    return database.db;
  };
  after(async () => {
    await Promise.all(open.map((each) => each.close()));
  });

  it(
    'wakes the event stream with an event its poll would show only after ten minutes',
    TIMEOUT,
    async (t) => {
      if (ctx.dialect !== 'postgres') return t.skip('SQLite polls (no LISTEN/NOTIFY)');
      const db = own();
      const tenant = await makeTenant(ctx);
      const hub = new EventStreamHub(db, NEVER_MS, true);
      try {
        const stream = await openStream(hub, tenant.tenantId);
        await wakeupListenerOf(db)!.ready();
        await settle();
        const id = await emitPersonCreated(ctx.database.db, tenant.tenantId);
        await stream.next(id);
        assert.equal(stream.received.at(-1)!.id, id);
      } finally {
        hub.close();
      }
    },
  );

  it('wakes an idle event pump, whose next poll is ten minutes away', TIMEOUT, async (t) => {
    if (ctx.dialect !== 'postgres') return t.skip('SQLite polls (no LISTEN/NOTIFY)');
    const db = own();
    const tenant = await makeTenant(ctx);
    const pump = new EventPump(db, { ...testEventsConfig(), pollMs: NEVER_MS }, silent, tenant.tenantId);
    let steps = 0;
    let idle = false;
    let onStep: (() => void) | null = null;
    const runOnce = pump.runOnce.bind(pump);
    pump.runOnce = async () => {
      const worked = await runOnce();
      steps++;
      idle = !worked;
      onStep?.();
      return worked;
    };
    const untilStep = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        onStep = () => done() && resolve();
        if (done()) resolve();
      });
    pump.start();
    try {
      await wakeupListenerOf(db)!.ready();
      await untilStep(() => idle);
      await settle();
      await untilStep(() => idle);
      const before = steps;
      const id = await emitPersonCreated(ctx.database.db, tenant.tenantId);
      // Woken, the pump numbers the event (or finds it numbered by another pump, also woken).
      await untilStep(() => steps > before);
      for (;;) {
        const row = await db
          .selectFrom('events')
          .select('position')
          .where('tenant_id', '=', tenant.tenantId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (row.position !== null) break;
        await untilStep(() => true);
      }
      assert.ok(steps > before);
    } finally {
      await pump.stop();
    }
  });

  it('still delivers by polling when LISTEN is unavailable', TIMEOUT, async (t) => {
    if (ctx.dialect !== 'postgres') return t.skip('SQLite polls (no LISTEN/NOTIFY)');
    const db = own();
    // Nothing listens on port 1: the listener keeps failing and retrying.
    const errors: unknown[] = [];
    const dead = new WakeupListener('postgres://postgres@127.0.0.1:1/none', {
      minBackoffMs: 50,
      onError: (error) => errors.push(error),
    });
    setWakeupListener(db, dead);
    const tenant = await makeTenant(ctx);
    const hub = new EventStreamHub(db, 100, true);
    try {
      const stream = await openStream(hub, tenant.tenantId);
      const id = await emitPersonCreated(ctx.database.db, tenant.tenantId);
      await stream.next(id);
      assert.equal(dead.listening, false);
      assert.equal(errors.length, 1, 'one report per outage, not one per retry');
    } finally {
      hub.close();
      await dead.close();
    }
  });

  it('listens again after its connection is terminated, and wakes the stream again', TIMEOUT, async (t) => {
    if (ctx.dialect !== 'postgres') return t.skip('SQLite polls (no LISTEN/NOTIFY)');
    const db = own();
    const listener = new WakeupListener(process.env.QUIRE_TEST_PG_URL!, { minBackoffMs: 50 });
    setWakeupListener(db, listener);
    const tenant = await makeTenant(ctx);
    const hub = new EventStreamHub(db, NEVER_MS, true);
    try {
      const stream = await openStream(hub, tenant.tenantId);
      await listener.ready();
      const first = listener.processId!;
      await sql`select pg_terminate_backend(${first}::int)`.execute(ctx.database.db);
      while (!listener.listening || listener.processId === first)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await settle();
      const id = await emitPersonCreated(ctx.database.db, tenant.tenantId);
      await stream.next(id);
      assert.notEqual(listener.processId, first);
    } finally {
      hub.close();
      await listener.close();
    }
  });
});
