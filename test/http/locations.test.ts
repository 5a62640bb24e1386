import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from '../pages-factories.js';

// Every response that names a resource in `Location` must name one the same key can GET.
// The list below is checked against the source, so a new `Location` needs a case here.
const SENDERS = [
  'src/features/activity/create-account-log.route.ts',
  'src/features/assets/create-asset.route.ts',
  'src/features/audiences/create-audience.route.ts',
  'src/features/audiences/create-version.route.ts',
  'src/features/audiences/restore-version.route.ts',
  // An admin route: an upload's Location names GET .../files/{fileId}.
  'src/features/files/upload-file.admin.ts',
  'src/features/persons/create-person.route.ts',
  // An admin route: webhooks.admin.test.ts follows its Location.
  'src/features/webhooks/create-webhook.admin.ts',
];

function filesSendingLocation(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => /\.header\(\s*['"]location['"]/i.test(fs.readFileSync(f, 'utf8')))
    .sort();
}

it('the Location check below covers every route that sends one', () => {
  assert.deepEqual(filesSendingLocation('src'), SENDERS);
});

describeEachDatabase('Location headers', (ctx) => {
  it('every Location Quire sends answers 200 to a GET with the same key', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId, versionId } = await makeAudience(ctx, tenant);
    // Version 1 drafted, so it holds content to restore.
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    const creations = [
      { url: '/v0/persons', body: { name: 'Ada Lovelace', email: 'ada@acme.com', domain: 'acme.com' } },
      {
        url: '/v0/account_logs',
        body: { source: 'hubspot', type: 'deal-won', domain: 'acme.com', payload: {} },
      },
      { url: '/v0/assets', body: { assetType: 'image', name: 'Harbour at dawn', fileId: 'file_harbour_1' } },
      { url: `/v0/pages/${pageId}/audiences/${audienceId}/versions`, body: {} },
      { url: `/v0/pages/${pageId}/audiences`, body: { customName: 'Fintech CFOs' } },
      { url: `/v0/pages/${pageId}/audiences/${audienceId}/versions/${versionId}/restore`, body: {} },
    ];
    for (const { url, body } of creations) {
      const created = await ctx.request({ method: 'POST', url, key: tenant.key, body });
      assert.equal(created.status, 201, `${url}: ${created.raw}`);
      const location = created.headers.location;
      assert.equal(typeof location, 'string', `${url} sends no Location`);
      const followed = await ctx.request({ method: 'GET', url: location as string, key: tenant.key });
      assert.equal(followed.status, 200, `${url} -> Location ${location}: ${followed.raw}`);
    }
  });
});
