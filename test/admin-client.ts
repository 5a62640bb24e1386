import { publishVersion } from '../src/features/audiences/versions.service.js';
import { makePerson, type TestTenant } from './factories.js';
import { ADMIN_TOKEN, type TestContext } from './harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from './pages-factories.js';

/** A GET on the operator API (/admin/v0) with the admin token. */
export function adminGet(ctx: TestContext, url: string) {
  return ctx.request({
    method: 'GET',
    url: `/admin/v0${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
}

/**
 * A page with two audiences after the agent ran: `personal` (of a person; a message asked for a
 * second version, both drafts) and `general` (version 1 published).
 */
export async function audienceScenario(ctx: TestContext, tenant: TestTenant) {
  const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'navy.mil' });
  const page = await makePage(ctx, tenant);
  const personal = await makeAudience(ctx, tenant, page.id, { personId: person.personId });
  const general = await makeAudience(ctx, tenant, page.id, { customName: 'Everyone' });
  const worker = makeWorker(ctx, tenant, new FakeAgent());
  await drain(worker);
  const sent = await ctx.request({
    method: 'POST',
    url: `/v0/pages/${page.id}/audiences/${personal.audienceId}/messages`,
    key: tenant.key,
    body: { message: 'title: Hello Grace' },
  });
  if (sent.status !== 202 && sent.status !== 200 && sent.status !== 201) throw new Error(sent.raw);
  await drain(worker);
  await publishVersion(ctx.database.db, tenant.tenantId, general.versionId);
  return { person, pageId: page.id, personal, general, secondVersionId: sent.body.versionId as string };
}
