import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant, type TestTenant } from '../../../test/factories.js';
import { BROWSER_AGENT, FULL_FORM, postForm } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { adminCall, importTargets, TARGET_ROWS } from '../../../test/import-factories.js';
import { drain, FakeAgent, makePage, makeWorker } from '../../../test/pages-factories.js';
import { makeFormToken } from '../forms/form-token.js';

const FILE = [
  ...TARGET_ROWS,
  // The same account-only target again: the same audience, listed once.
  ',,Babbage Works,babbage.example,finance',
].join('\n');

interface Item {
  line: number;
  audienceId: string;
  personName: string | null;
  accountName: string | null;
  publicUrl: string;
  versionId?: string;
}

/** A page with a form and buttons, the file imported into it, every draft written and published. */
async function importedPage(ctx: TestContext, tenant: TestTenant) {
  const page = await makePage(ctx, tenant, {
    body: {
      headline: 'Close in two days',
      subheadline: 'Finance automation',
      blocks: [{ blockId: 'hero', type: 'hero' }, FULL_FORM],
    },
  });
  const job = await importTargets(ctx, tenant, page.id, FILE);
  await drain(makeWorker(ctx, tenant, new FakeAgent()));
  const review = await adminCall(ctx, 'GET', `/tenants/${tenant.tenantId}/imports/${job.importId}/audiences`);
  const versions = new Map<string, string>(
    review.body.items.map((i: { audienceId: string; versionId: string }) => [i.audienceId, i.versionId]),
  );
  const publish = await adminCall(
    ctx,
    'POST',
    `/tenants/${tenant.tenantId}/imports/${job.importId}/publish`,
    {
      audienceIds: [...versions.keys()],
    },
  );
  assert.equal(publish.body.published.length, 4, publish.raw);
  return { page, job, versions };
}

function engagement(ctx: TestContext, tenantId: string, importId: string, query = '') {
  return adminCall(ctx, 'GET', `/tenants/${tenantId}/imports/${importId}/engagement${query}`);
}

describeEachDatabase("an import's engagement (operator API)", (ctx) => {
  it('counts the visits, clicks and form submissions the hosted pages record, per imported audience and in total', async () => {
    const tenant = await makeTenant(ctx);
    const { page, job, versions } = await importedPage(ctx, tenant);
    const before = await engagement(ctx, tenant.tenantId, job.importId);
    assert.equal(before.status, 200, before.raw);
    assert.deepEqual(
      before.body.items.map((i: Item) => [i.line, i.personName, i.accountName]),
      [
        [2, 'Ada Lovelace', 'Analytical Engines'],
        [3, 'Charles Babbage', 'Analytical Engines'],
        [4, 'Grace Hopper', 'Cobol Corp'],
        [5, null, 'Babbage Works'],
      ],
    );
    assert.deepEqual(before.body.totals, {
      audiences: 4,
      audiencesVisited: 0,
      audiencesClicked: 0,
      audiencesSubmitted: 0,
      accounts: 3,
      accountsVisited: 0,
      accountsClicked: 0,
      accountsSubmitted: 0,
      views: 0,
      clicks: 0,
      submissions: 0,
    });
    const [ada, charles, grace, babbage] = before.body.items as Item[];
    const path = (item: Item) => new URL(item.publicUrl).pathname;
    assert.match(path(ada!), new RegExp(`^/p/[^/]+/${page.slug}/[^/]+$`));

    // Real traffic through the hosted page routes: view beacons, a button's redirect, the form.
    const view = async (item: Item, agent = BROWSER_AGENT) => {
      const beacon = await ctx.request({
        method: 'POST',
        url: `${path(item)}/view`,
        body: {},
        headers: { 'user-agent': agent },
      });
      assert.equal(beacon.status, 204, beacon.raw);
    };
    const click = async (item: Item) => {
      const go = await ctx.request({
        method: 'GET',
        url: `${path(item)}/go/book-demo`,
        headers: { 'user-agent': BROWSER_AGENT },
      });
      assert.equal(go.status, 302, go.raw);
    };
    const submit = async (item: Item) => {
      const secret = (ctx.app as unknown as { config: { hostedPagesSecret: string } }).config
        .hostedPagesSecret;
      const token = makeFormToken(
        secret,
        {
          tenantId: tenant.tenantId,
          pageId: page.id,
          audienceId: item.audienceId,
          versionId: versions.get(item.audienceId)!,
          blockId: FULL_FORM.blockId,
        },
        Date.now() - 10_000,
      );
      const sent = await postForm(ctx, path(item), {
        _form: FULL_FORM.blockId,
        _token: token,
        email: 'ada@analytical.example',
        name: 'Ada Lovelace',
        consent: 'yes',
      });
      assert.equal(sent.statusCode, 303, sent.body);
    };
    await view(ada!);
    await view(ada!); // the same visitor within 30 minutes: one visit
    await view(ada!, `${BROWSER_AGENT} other`);
    await click(ada!);
    await submit(ada!);
    await view(charles!);
    await view(babbage!);
    await click(babbage!);

    const after = await engagement(ctx, tenant.tenantId, job.importId);
    assert.equal(after.status, 200, after.raw);
    const counts = after.body.items.map(
      (i: { views: number; uniqueVisitors: number; clicks: number; submissions: number }) => [
        i.views,
        i.uniqueVisitors,
        i.clicks,
        i.submissions,
      ],
    );
    assert.deepEqual(counts, [
      [2, 2, 1, 1],
      [1, 1, 0, 0],
      [0, 0, 0, 0],
      [1, 1, 1, 0],
    ]);
    const seen = after.body.items.map((i: { lastSeenAt: string | null }) => i.lastSeenAt);
    assert.ok(Date.now() - Date.parse(seen[0]) < 120_000, seen[0]);
    assert.equal(seen[2], null);
    assert.equal(after.body.items[2].audienceId, grace!.audienceId);
    assert.deepEqual(after.body.totals, {
      audiences: 4,
      audiencesVisited: 3,
      audiencesClicked: 2,
      audiencesSubmitted: 1,
      accounts: 3,
      accountsVisited: 2,
      accountsClicked: 2,
      accountsSubmitted: 1,
      views: 4,
      clicks: 2,
      submissions: 1,
    });

    // A submission an operator marks a test is left out.
    const leads = await adminCall(
      ctx,
      'GET',
      `/tenants/${tenant.tenantId}/pages/${page.id}/form-submissions`,
    );
    assert.equal(leads.status, 200, leads.raw);
    const marked = await ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${tenant.tenantId}/form-submissions/${leads.body.items[0].submissionId}`,
      body: { test: true },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(marked.status, 200, marked.raw);
    const tested = await engagement(ctx, tenant.tenantId, job.importId);
    assert.equal(tested.body.items[0].submissions, 0);
    assert.equal(tested.body.totals.accountsSubmitted, 0);
  });

  it('pages in file order with totals on the first page, exports CSV with neutralised cells, hides other tenants', async () => {
    const tenant = await makeTenant(ctx);
    const { job } = await importedPage(ctx, tenant);
    const first = await engagement(ctx, tenant.tenantId, job.importId, '?limit=3');
    assert.equal(first.body.items.length, 3);
    assert.equal(first.body.totals.audiences, 4);
    assert.equal(first.body.nextCursor, '4');
    const second = await engagement(
      ctx,
      tenant.tenantId,
      job.importId,
      `?limit=3&cursor=${first.body.nextCursor}`,
    );
    assert.deepEqual(
      second.body.items.map((i: Item) => i.line),
      [5],
    );
    assert.equal(second.body.totals, null);
    assert.equal(second.body.nextCursor, null);
    const bad = await engagement(ctx, tenant.tenantId, job.importId, '?cursor=x');
    assert.equal(bad.status, 400, bad.raw);

    // An operator renamed an account to something a spreadsheet would run.
    await ctx.database.db
      .updateTable('accounts')
      .set({ name: '=HYPERLINK("http://evil.example","x")' })
      .where('tenant_id', '=', tenant.tenantId)
      .where('domain', '=', 'cobol.example')
      .execute();
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/imports/${job.importId}/engagement.csv`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    assert.equal(
      lines[0],
      'audience_id,person,email,account,domain,url,views,unique_visitors,clicks,submissions,last_seen_at',
    );
    assert.equal(lines.length, 5);
    assert.match(
      lines[1]!,
      /,Ada Lovelace,ada@analytical\.example,Analytical Engines,analytical\.example,http:\/\/[^,]+,0,0,0,0,$/,
    );
    assert.match(lines[3]!, /,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",cobol\.example,/);

    const other = await makeTenant(ctx);
    for (const suffix of ['engagement', 'engagement.csv']) {
      const hidden = await adminCall(
        ctx,
        'GET',
        `/tenants/${other.tenantId}/imports/${job.importId}/${suffix}`,
      );
      assert.equal(hidden.status, 404, hidden.raw);
    }
    const viewer = await ctx.request({
      method: 'GET',
      url: `/admin/v0/tenants/${tenant.tenantId}/imports/${job.importId}/engagement`,
    });
    assert.equal(viewer.status, 401);
  });
});
