import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeRevokedKey, makeTenant, type TestTenant } from './factories.js';
import type { TestContext, TestRequest } from './harness.js';

export interface AuthSuiteOptions {
  /**
   * Builds the request for a tenant: creates what the operation needs (a person, a page...) and
   * returns the request that succeeds with that tenant's key. The suite then replays it with no key,
   * a wrong key, a revoked key, and another tenant's key.
   */
  request: (ctx: TestContext, owner: TestTenant) => Promise<Omit<TestRequest, 'key'>>;
  /** The status the owner's request gets (e.g. 200, 201, 202). */
  okStatus: number;
  /**
   * What another tenant's key gets for the same request: 404 for a path naming the owner's record;
   * for a list, a check that the owner's records are not in it.
   */
  otherTenant?: { status: 404 } | { check: (body: unknown, owner: TestTenant) => void; status: number };
}

/** For a list: another tenant's key gets a 200 with none of the owner's records and a zero count. */
export const SEES_AN_EMPTY_LIST = {
  status: 200,
  check: (body: unknown) => {
    const page = body as { items: unknown[]; totalCount: number };
    assert.deepEqual(page.items, []);
    assert.equal(page.totalCount, 0);
  },
};

/** The shared authentication and tenancy cases every `/v0` operation must pass. */
export function authSuite(ctx: TestContext, options: AuthSuiteOptions): void {
  async function expectUnauthenticated(key: string | undefined, owner: TestTenant) {
    const request = await options.request(ctx, owner);
    const response = await ctx.request({ ...request, ...(key === undefined ? {} : { key }) });
    assert.equal(response.status, 401, response.raw);
    assert.equal(response.body.code, 'unauthenticated');
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    assert.equal(response.headers['www-authenticate'], 'ApiKey header="x-api-key"');
    assert.equal(response.body.requestId, response.headers['request-id']);
  }

  it('succeeds with the owner tenant key', async () => {
    const owner = await makeTenant(ctx);
    const response = await ctx.request({ ...(await options.request(ctx, owner)), key: owner.key });
    assert.equal(response.status, options.okStatus, response.raw);
  });
  it('answers 401 without an x-api-key header', async () => {
    await expectUnauthenticated(undefined, await makeTenant(ctx));
  });
  it('answers 401 for an unknown key', async () => {
    await expectUnauthenticated('quire_this-key-does-not-exist-000000', await makeTenant(ctx));
  });
  it('answers 401 for a revoked key', async () => {
    const owner = await makeTenant(ctx);
    await expectUnauthenticated(await makeRevokedKey(ctx, owner), owner);
  });
  const otherTenant = options.otherTenant;
  if (otherTenant === undefined) return; // a create that names no record of the owner
  it("does not let another tenant's key reach the owner's data", async () => {
    const owner = await makeTenant(ctx);
    const stranger = await makeTenant(ctx);
    const response = await ctx.request({ ...(await options.request(ctx, owner)), key: stranger.key });
    assert.equal(response.status, otherTenant.status, response.raw);
    if ('check' in otherTenant) otherTenant.check(response.body, owner);
    else assert.equal(response.body.code.endsWith('not_found'), true, response.raw);
  });
}
