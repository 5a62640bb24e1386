import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { seedDemo } from '../../seed/demo.js';

describeEachDatabase('DELETE /admin/v0/tenants/{tenant}/persons/{personId}', (ctx) => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    ctx.request({ method, url: `/admin/v0${url}`, headers: admin, ...(body === undefined ? {} : { body }) });
  const db = () => ctx.database.db;

  it('removes the person, their logs and audiences; erases them from events and audit documents', async () => {
    const seed = await seedDemo(db());
    const t = `/tenants/${seed.tenantId}`;
    const personId = seed.personId;
    // An audit entry carrying the person's data: an operator's correction of their email.
    assert.equal(
      (await call('PATCH', `${t}/persons/${personId}`, { email: 'ada@private.example' })).status,
      200,
    );
    const person = await db()
      .selectFrom('persons')
      .select('account_id')
      .where('tenant_id', '=', seed.tenantId)
      .where('id', '=', personId)
      .executeTakeFirstOrThrow();
    const accountBefore = (await call('GET', `${t}/accounts/${person.account_id}`)).body;
    assert.ok(accountBefore.linkedPersonsCount >= 1, 'the seed links the person to an account');
    const pageBefore = (await call('GET', `${t}/pages/${seed.pageId}`)).body;
    const personsBefore = (await call('GET', `${t}/persons`)).body.totalCount;
    const audiences = await db()
      .selectFrom('audiences')
      .select('id')
      .where('tenant_id', '=', seed.tenantId)
      .where('person_id', '=', personId)
      .execute();
    assert.ok(audiences.length >= 1, 'the seed gives the person an audience');
    const logsBefore = await db()
      .selectFrom('person_logs')
      .select('id')
      .where('person_id', '=', personId)
      .execute();
    assert.ok(logsBefore.length >= 1);
    const eventsNaming = async () =>
      (
        await db().selectFrom('events').select('data').where('tenant_id', '=', seed.tenantId).execute()
      ).filter((e) => e.data.includes(personId) || e.data.includes('ada@')).length;
    assert.ok((await eventsNaming()) >= 1);

    const dry = await call('DELETE', `${t}/persons/${personId}?dryRun=true`);
    assert.equal(dry.status, 200, dry.raw);
    assert.equal(dry.body.dryRun, true);
    assert.equal(dry.body.removed.persons, 1);
    assert.equal(dry.body.removed.personLogs, logsBefore.length);
    assert.equal(dry.body.removed.audiences, audiences.length);
    assert.ok(dry.body.removed.versions >= 1, dry.raw);
    assert.ok(dry.body.changed.erasedEvents >= 1, dry.raw);
    assert.ok(dry.body.changed.erasedAuditEntries >= 1, dry.raw);
    assert.equal((await call('GET', `${t}/persons/${personId}`)).status, 200, 'a dry run removes nothing');
    assert.ok((await eventsNaming()) >= 1);

    const done = await call('DELETE', `${t}/persons/${personId}`);
    assert.equal(done.status, 200, done.raw);
    assert.equal(done.body.dryRun, false);
    assert.deepEqual(done.body.removed, dry.body.removed);
    assert.deepEqual(done.body.changed, dry.body.changed);

    assert.equal((await call('GET', `${t}/persons/${personId}`)).status, 404);
    assert.equal(
      (await ctx.request({ method: 'GET', url: `/v0/persons/${personId}`, key: seed.apiKey })).status,
      404,
    );
    assert.deepEqual(
      await db().selectFrom('person_logs').select('id').where('person_id', '=', personId).execute(),
      [],
    );
    for (const audience of audiences) {
      assert.equal((await call('GET', `${t}/audiences/${audience.id}`)).status, 404);
      const versions = await db()
        .selectFrom('audience_versions')
        .select('id')
        .where('audience_id', '=', audience.id)
        .execute();
      assert.deepEqual(versions, []);
    }
    assert.equal(await eventsNaming(), 0, 'no event payload names the person any more');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('tenant_id', '=', seed.tenantId)
      .where('record_id', '=', personId)
      .execute();
    const update = audit.find((e) => e.action === 'person.update');
    assert.equal(update?.after, '{"erased":true}', 'the audit entry stays, its document is erased');
    assert.ok(
      audit.some((e) => e.action === 'person.delete'),
      'the deletion is audited',
    );
    assert.ok(!audit.some((e) => (e.after ?? '').includes('ada@')));

    assert.equal((await call('GET', `${t}/persons`)).body.totalCount, personsBefore - 1);
    const accountAfter = (await call('GET', `${t}/accounts/${person.account_id}`)).body;
    assert.equal(accountAfter.linkedPersonsCount, accountBefore.linkedPersonsCount - 1);
    const pageAfter = (await call('GET', `${t}/pages/${seed.pageId}`)).body;
    assert.equal(pageAfter.audiencesCount, pageBefore.audiencesCount - audiences.length);
    assert.equal((await call('DELETE', `${t}/persons/${personId}`)).status, 404);
  });

  it("another tenant's person is a 404, and stays", async () => {
    const seed = await seedDemo(db());
    const other = await makeTenant(ctx);
    const refused = await call('DELETE', `/tenants/${other.tenantId}/persons/${seed.personId}`);
    assert.equal(refused.status, 404, refused.raw);
    assert.equal((await call('GET', `/tenants/${seed.tenantId}/persons/${seed.personId}`)).status, 200);
  });
});
