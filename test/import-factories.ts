import assert from 'node:assert/strict';
import type { TestTenant } from './factories.js';
import { ADMIN_TOKEN, type TestContext } from './harness.js';

/** An operator API call as the instance admin (`url` after /admin/v0). */
export async function adminCall(ctx: TestContext, method: 'GET' | 'POST', url: string, body?: unknown) {
  return ctx.request({
    method,
    url: `/admin/v0${url}`,
    ...(body === undefined ? {} : { body }),
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}

/** POSTs a target list into a page as the console does: the file as the body. */
export async function uploadTargets(
  ctx: TestContext,
  tenant: TestTenant,
  pageId: string,
  file: string | Buffer,
  query = '',
  contentType = 'text/csv',
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/admin/v0/tenants/${tenant.tenantId}/pages/${pageId}/imports${query}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': contentType },
    payload: file,
  });
  return { status: response.statusCode, body: JSON.parse(response.body || '{}'), raw: response.body };
}

/** Polls the job until it is no longer running; answers it as the API shows it. */
export async function waitForImport(ctx: TestContext, tenant: TestTenant, importId: string) {
  for (let i = 0; i < 400; i++) {
    const job = await adminCall(ctx, 'GET', `/tenants/${tenant.tenantId}/imports/${importId}`);
    assert.equal(job.status, 200, job.raw);
    if (job.body.status !== 'running') return job.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import did not finish');
}

/** Uploads a file and waits until its job is done. */
export async function importTargets(ctx: TestContext, tenant: TestTenant, pageId: string, file: string) {
  const started = await uploadTargets(ctx, tenant, pageId, file, '?fileName=targets.csv');
  assert.equal(started.status, 201, started.raw);
  const job = await waitForImport(ctx, tenant, started.body.importId);
  assert.equal(job.status, 'done', JSON.stringify(job));
  return job;
}

/**
 * A target list's header and four rows: two persons of one account, a person of another, and an
 * account without a person (lines 2 to 5 of the file).
 */
export const TARGET_ROWS = [
  'email,name,company,domain,industry',
  'ada@analytical.example,Ada Lovelace,Analytical Engines,analytical.example,manufacturing',
  'charles@analytical.example,Charles Babbage,Analytical Engines,analytical.example,manufacturing',
  'grace@cobol.example,Grace Hopper,Cobol Corp,cobol.example,software',
  ',,Babbage Works,babbage.example,finance',
];
