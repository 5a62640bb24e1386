import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { writeTransaction } from '../db/write-transaction.js';
import { emitEvent } from './emit.js';
import { eventsAfter, readCursor } from './outbox.repository.js';
import { sequenceEvents } from './sequencer.js';

describeEachDatabase('the outbox', (ctx) => {
  it('keeps the events of a committed change, and none of a rolled-back one', async () => {
    const { tenantId } = await makeTenant(ctx);
    const db = ctx.database.db;
    const data = (n: number) => ({ person: { personId: `person_${n}` } });
    await writeTransaction(db, (tx) => emitEvent(tx, tenantId, { type: 'person.created', data: data(1) }));
    await assert.rejects(
      writeTransaction(db, async (tx) => {
        await emitEvent(tx, tenantId, { type: 'person.created', data: data(2) });
        throw new Error('the change failed after its event was written');
      }),
      /the change failed/,
    );
    await writeTransaction(db, (tx) => emitEvent(tx, tenantId, { type: 'person.created', data: data(3) }));
    await sequenceEvents(db, { wait: true });
    const events = await eventsAfter(db, 0, 100, tenantId);
    assert.deepEqual(
      events.map((e) => JSON.parse(e.data).person.personId),
      ['person_1', 'person_3'],
    );
  });

  it('numbers committed events once, in insert order, without gaps', async () => {
    const { tenantId } = await makeTenant(ctx);
    const db = ctx.database.db;
    await sequenceEvents(db);
    const start = await readCursor(db, 'sequence');
    // Concurrent writers and concurrent sequencers.
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        writeTransaction(db, (tx) =>
          emitEvent(tx, tenantId, { type: 'person.created', data: { n }, audienceId: null }),
        ),
      ),
    );
    await Promise.all([sequenceEvents(db), sequenceEvents(db), sequenceEvents(db)]);
    // Other test files share the PostgreSQL database: wait for a sequencer running there.
    while ((await sequenceEvents(db, { wait: true })) > 0);
    const events = await eventsAfter(db, start, 100, tenantId);
    assert.equal(events.length, 30);
    const positions = events.map((e) => e.position);
    assert.equal(new Set(positions).size, 30, 'no position twice');
    assert.ok((await readCursor(db, 'sequence')) >= Math.max(...positions), 'the cursor is past them');
  });
});
