import type { AddressInfo } from 'node:net';
import { publishVersion } from '../src/features/audiences/versions.service.js';
import { storageFromConfig } from '../src/features/files/storage-from-config.js';
import { type DemoSeed, seedDemo } from '../src/seed/demo.js';
import { DEMO_PAGE } from '../src/seed/pages.js';
import { makePerson, type TestTenant } from './factories.js';
import { ADMIN_TOKEN, type TestContext } from './harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from './pages-factories.js';

/** A published demo page with a published person audience and a general one (not yet published). */
export async function hostedFixture(ctx: TestContext, tenant: TestTenant) {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const tenants = await ctx.request({ method: 'GET', url: '/admin/v0/tenants', headers: admin });
  const handle = tenants.body.items.find((t: { tenantId: string }) => t.tenantId === tenant.tenantId).handle;
  const page = await makePage(ctx, tenant, {
    // The demo's analytics snippet, switched on: the CSP checks need an external script.
    scripts: DEMO_PAGE.scripts!.map((s) => (s.name === 'analytics' ? { ...s, enabled: true } : s)),
    body: {
      headline: 'Close in two days',
      subheadline: 'Finance automation',
      sections: [{ heading: 'How it works', text: 'We reconcile.\n\nThen we post.' }],
    },
  });
  const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
  const personal = await makeAudience(ctx, tenant, page.id, { personId: person.personId });
  const general = await makeAudience(ctx, tenant, page.id, { customName: 'General visitors' });
  await drain(makeWorker(ctx, tenant, new FakeAgent()));
  await publishVersion(ctx.database.db, tenant.tenantId, personal.versionId);
  const read = await ctx.request({
    method: 'GET',
    url: `/v0/pages/${page.id}/audiences/${personal.audienceId}`,
    key: tenant.key,
  });
  return {
    handle: handle as string,
    page,
    person,
    personal,
    general,
    pageUrl: `/p/${handle}/${page.slug}`,
    personUrl: `/p/${handle}/${page.slug}/${read.body.routeKey}`,
  };
}

/**
 * Listens on a free port and loads the demo into it as `quire seed demo` does, its images uploaded
 * into the storage this server reads files from: what the browser and Lighthouse tests open.
 */
export async function listenWithDemo(ctx: TestContext): Promise<{ base: string; seed: DemoSeed }> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const config = ctx.app.config;
  const seed = await seedDemo(ctx.database.db, { baseUrl: base } as never, undefined, {
    storage: storageFromConfig(config),
    config,
  });
  return { base, seed };
}
