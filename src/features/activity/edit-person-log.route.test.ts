import assert from 'node:assert/strict';
import { it } from 'node:test';
import { authSuite } from '../../../test/auth-suite.js';
import { makePerson, makeTenant, type TestTenant } from '../../../test/factories.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { findLog } from './logs.repository.js';
import { setLogDeleted } from './logs.service.js';
import { createPersonLog } from './person-logs.service.js';

async function personLog(ctx: TestContext, tenant: TestTenant, source: string, payload: object) {
  const person = await makePerson(ctx, tenant, { domain: 'people.example.com' });
  const { record } = await createPersonLog(ctx.database.db, tenant.tenantId, person.personId, {
    source,
    payload,
  });
  return { personId: person.personId, personLogId: record.id };
}

describeEachDatabase('PATCH /v0/persons/{person_id}/logs/{person_log_id}', (ctx) => {
  authSuite(ctx, {
    request: async (ctx, owner) => {
      const log = await personLog(ctx, owner, 'user', { text: 'hello' });
      return {
        method: 'PATCH',
        url: `/v0/persons/${log.personId}/logs/${log.personLogId}`,
        body: { text: 'edited' },
      };
    },
    okStatus: 200,
    otherTenant: { status: 404 },
  });

  it('sets payload.text and updatedAt of a user-authored person log', async () => {
    const tenant = await makeTenant(ctx);
    const log = await personLog(ctx, tenant, 'user', { text: 'Called', duration: 12, nested: { a: [1] } });
    const response = await ctx.request({
      method: 'PATCH',
      url: `/v0/persons/${log.personId}/logs/${log.personLogId}`,
      key: tenant.key,
      body: { text: 'Called back ✔' },
    });
    assert.equal(response.status, 200, response.raw);
    assert.deepEqual(response.body, { success: true });
    const row = await findLog(ctx.database.db, tenant.tenantId, 'person_logs', log.personLogId);
    assert.deepEqual(JSON.parse(row!.payload), { text: 'Called back ✔', duration: 12, nested: { a: [1] } });
    assert.equal(typeof row!.updated_at, 'number');
  });

  it('answers 409 for other sources and deleted logs, 404 for another person, 400 for a bad body', async () => {
    const tenant = await makeTenant(ctx);
    const linkedin = await personLog(ctx, tenant, 'linkedin', { text: 'liked a post' });
    const notEditable = await ctx.request({
      method: 'PATCH',
      url: `/v0/persons/${linkedin.personId}/logs/${linkedin.personLogId}`,
      key: tenant.key,
      body: { text: 'x' },
    });
    assert.equal(notEditable.status, 409);
    assert.equal(notEditable.body.code, 'log_not_editable');

    const note = await personLog(ctx, tenant, 'user', { text: 'a' });
    const stranger = await makePerson(ctx, tenant);
    const wrongPerson = await ctx.request({
      method: 'PATCH',
      url: `/v0/persons/${stranger.personId}/logs/${note.personLogId}`,
      key: tenant.key,
      body: { text: 'b' },
    });
    assert.equal(wrongPerson.status, 404);
    const empty = await ctx.request({
      method: 'PATCH',
      url: `/v0/persons/${note.personId}/logs/${note.personLogId}`,
      key: tenant.key,
      body: { text: '' },
    });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.errors[0].pointer, '/text');
    await setLogDeleted(ctx.database.db, tenant.tenantId, 'person_logs', note.personLogId, true);
    const deleted = await ctx.request({
      method: 'PATCH',
      url: `/v0/persons/${note.personId}/logs/${note.personLogId}`,
      key: tenant.key,
      body: { text: 'b' },
    });
    assert.equal(deleted.status, 409);
    const row = await findLog(ctx.database.db, tenant.tenantId, 'person_logs', note.personLogId);
    assert.equal(row!.updated_at, null);
  });
});
