import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Person } from '../src/features/persons/persons.schemas.js';
import { createApiKey, createTenant, revokeKey } from '../src/features/tenants/tenants.service.js';
import type { TestContext } from './harness.js';

export interface TestTenant {
  tenantId: string;
  key: string;
  keyId: string;
}

/** A fresh tenant with a live API key: tests never share data. */
export async function makeTenant(ctx: TestContext): Promise<TestTenant> {
  const tenant = await createTenant(ctx.database.db, `test-${randomBytes(6).toString('hex')}`);
  const key = await createApiKey(ctx.database.db, tenant.tenantId);
  return { tenantId: tenant.tenantId, key: key.apiKey, keyId: key.keyId };
}

/** A key of `tenant` that has been revoked (before ever being used, so no cache can hold it). */
export async function makeRevokedKey(ctx: TestContext, tenant: TestTenant): Promise<string> {
  const key = await createApiKey(ctx.database.db, tenant.tenantId);
  await revokeKey(ctx.database.db, key.keyId);
  return key.apiKey;
}

export async function makePerson(
  ctx: TestContext,
  tenant: TestTenant,
  body: Record<string, unknown> = {},
): Promise<Person> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v0/persons',
    key: tenant.key,
    body: { name: `Person ${randomBytes(3).toString('hex')}`, ...body },
  });
  assert.equal(response.status, 201, response.raw);
  return response.body;
}

/** POSTs an account log (by domain unless the body says otherwise) and returns the 201 body. */
export async function makeAccountLog(
  ctx: TestContext,
  tenant: TestTenant,
  body: Record<string, unknown> = {},
): Promise<{ accountId: string; accountLogId: string; createdAt: string; source: string; type: string }> {
  const response = await ctx.request({
    method: 'POST',
    url: '/v0/account_logs',
    key: tenant.key,
    body: {
      source: 'hubspot',
      payload: { event: 'contact.created' },
      ...('accountId' in body ? {} : { domain: `${randomBytes(4).toString('hex')}.example.com` }),
      ...body,
    },
  });
  assert.equal(response.status, 201, response.raw);
  return response.body;
}
