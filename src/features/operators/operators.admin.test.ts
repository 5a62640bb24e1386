import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeOperator, signIn, signInAs } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('operators on /admin/v0/tenants/{tenant}/operators', (ctx) => {
  it('lets an admin add an operator (one-time password once), change its role, disable and enable it', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}/operators`;
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');
    const created = await admin.request('POST', base, { email: 'Grace@Example.com', role: 'viewer' });
    assert.equal(created.status, 201, created.raw);
    assert.equal(created.body.operator.email, 'grace@example.com');
    assert.equal(created.body.operator.tenantId, tenant.tenantId);
    assert.equal(created.body.operator.mustChangePassword, true);
    assert.match(created.body.oneTimePassword, /^[a-zA-Z2-9]{20}$/);
    const id = created.body.operator.operatorId;

    const shown = await admin.request('GET', `${base}/${id}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.passwordHash, undefined);
    const promoted = await admin.request('PATCH', `${base}/${id}`, { role: 'publisher' });
    assert.equal(promoted.body.role, 'publisher');
    assert.ok((await admin.request('POST', `${base}/${id}/disable`)).body.disabledAt);
    assert.equal((await admin.request('POST', `${base}/${id}/enable`)).body.disabledAt, null);
    const list = await admin.request('GET', base);
    assert.equal(list.body.totalCount, 2);
  });

  it('answers 400 naming the field for bad input, 409 for a taken email or a change to oneself', async () => {
    const tenant = await makeTenant(ctx);
    const base = `/admin/v0/tenants/${tenant.tenantId}/operators`;
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');
    const bad = await admin.request('POST', base, { email: 'not an email', role: 'owner', extra: 1 });
    assert.equal(bad.status, 400);
    const pointers = bad.body.errors.map((e: { pointer: string }) => e.pointer).sort();
    assert.deepEqual(pointers, ['/email', '/extra', '/role']);
    const weak = await admin.request('POST', base, {
      email: 'x@example.com',
      role: 'viewer',
      password: 'short',
    });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.errors[0].pointer, '/password');
    const taken = await admin.request('POST', base, { email: admin.email, role: 'viewer' });
    assert.equal(taken.status, 409);
    const self = await admin.request('PATCH', `${base}/${admin.operatorId}`, { role: 'viewer' });
    assert.equal(self.status, 409);
    assert.equal((await admin.request('POST', `${base}/${admin.operatorId}/disable`)).status, 409);
  });

  it("keeps each tenant's operators to itself, and instance admins out of tenant routes", async () => {
    const mine = await makeTenant(ctx);
    const theirs = await makeTenant(ctx);
    const admin = await signInAs(ctx, mine.tenantId, 'admin');
    const theirOperator = await makeOperator(ctx, theirs.tenantId, 'viewer');
    const instanceAdmin = await makeOperator(ctx, null, 'admin');
    for (const id of [theirOperator.operatorId, instanceAdmin.operatorId]) {
      const base = `/admin/v0/tenants/${mine.tenantId}/operators/${id}`;
      assert.equal((await admin.request('GET', base)).status, 404);
      assert.equal((await admin.request('PATCH', base, { role: 'admin' })).status, 404);
      assert.equal((await admin.request('POST', `${base}/reset-password`)).status, 404);
    }
  });

  it('a password reset ends the sessions of the operator and gives a one-time password', async () => {
    const tenant = await makeTenant(ctx);
    const admin = await signInAs(ctx, tenant.tenantId, 'admin');
    const operator = await makeOperator(ctx, tenant.tenantId, 'editor');
    const session = await signIn(ctx, operator.email, operator.password);
    const reset = await admin.request(
      'POST',
      `/admin/v0/tenants/${tenant.tenantId}/operators/${operator.operatorId}/reset-password`,
    );
    assert.equal(reset.status, 200, reset.raw);
    assert.equal((await session.request('GET', '/admin/v0/me')).status, 401);
    const again = await signIn(ctx, operator.email, reset.body.oneTimePassword);
    assert.equal((await again.request('GET', '/admin/v0/me')).body.operator.mustChangePassword, true);
  });
});
