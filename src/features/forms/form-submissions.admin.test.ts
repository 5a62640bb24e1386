import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../../test/factories.js';
import { formFixture, postForm } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

const EVIL = '"><img src=x onerror=alert(1)><script>alert(2)</script>';

describeEachDatabase('operator API of form submissions', (ctx) => {
  const admin = (method: 'GET' | 'PATCH', url: string, body?: unknown) =>
    ctx.request({
      method,
      url: `/admin/v0${url}`,
      body,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });

  async function threeLeads() {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const send = async (url: string, audience: boolean, n: number, extra: Record<string, string> = {}) => {
      const sent = await postForm(ctx, url, {
        _form: 'contact',
        _token: f.token(audience, 10_000 + n),
        email: `lead${n}@lovelace.example`,
        name: `Lead ${n}`,
        consent: 'yes',
        ...extra,
      });
      assert.equal(sent.statusCode, 303, sent.body);
    };
    await send(f.pageUrl, false, 1);
    await send(f.personUrl, true, 2);
    await send(f.pageUrl, false, 3, {
      name: EVIL,
      company: '=HYPERLINK("http://evil.example","x")',
      jobTitle: '+1+1',
      message: `-2\n@SUM(A1)${EVIL}`,
      utm_source: '@evil',
    });
    return { tenant, f };
  }

  it("lists a page's leads newest first, by keyset pages, per audience", async () => {
    const { tenant, f } = await threeLeads();
    const base = `/tenants/${tenant.tenantId}/pages/${f.page.id}/form-submissions`;
    const first = await admin('GET', `${base}?limit=2`);
    assert.equal(first.status, 200, first.raw);
    assert.equal(first.body.totalCount, 3);
    assert.deepEqual(
      first.body.items.map((s: { email: string }) => s.email),
      ['lead3@lovelace.example', 'lead2@lovelace.example'],
    );
    const second = await admin('GET', `${base}?limit=2&cursor=${first.body.nextCursor}`);
    assert.deepEqual(
      second.body.items.map((s: { email: string }) => s.email),
      ['lead1@lovelace.example'],
    );
    assert.equal(second.body.nextCursor, null);
    const personal = await admin('GET', `${base}?audienceId=${f.personal.audienceId}`);
    assert.deepEqual(
      personal.body.items.map((s: { email: string; audienceId: string }) => [s.email, s.audienceId]),
      [['lead2@lovelace.example', f.personal.audienceId]],
    );
    const own = await admin('GET', `${base}?audienceId=page`);
    assert.equal(own.body.totalCount, 2);
    const unproven = await admin('GET', `${base}?unproven=false`);
    assert.equal(unproven.body.totalCount, 0, 'sent without JavaScript: none is proven');
    const lead = first.body.items[0];
    assert.equal(lead.fields.name, EVIL, 'stored as sent');
    assert.equal(lead.proven, false);
    assert.equal(lead.consent.ticked, true);
    // Another tenant's page is a 404.
    const other = await makeTenant(ctx);
    const foreign = await admin('GET', `/tenants/${other.tenantId}/pages/${f.page.id}/form-submissions`);
    assert.equal(foreign.status, 404);
  });

  it('exports CSV with every formula-like cell neutralised and markup left as text', async () => {
    const { tenant, f } = await threeLeads();
    const csv = await admin('GET', `/tenants/${tenant.tenantId}/pages/${f.page.id}/form-submissions.csv`);
    assert.equal(csv.status, 200, csv.raw);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /attachment; filename="form-submissions-/);
    const lines = csv.raw.split('\r\n');
    assert.match(
      lines[0]!,
      /^submissionId,createdAt,audienceId,versionId,formId,email,name,company,jobTitle,phone,message/,
    );
    assert.equal(lines.length, 5, 'a header, three rows, the final line break');
    const evil = lines[1]!;
    assert.ok(evil.includes(`"""><img src=x onerror=alert(1)><script>alert(2)</script>"`), evil);
    assert.ok(evil.includes(`"'=HYPERLINK(""http://evil.example"",""x"")"`), evil);
    assert.ok(evil.includes(",'+1+1,"), evil);
    assert.ok(csv.raw.includes(`"'-2\n@SUM(A1)`), 'a cell starting with - is neutralised');
    assert.ok(evil.includes(",'@evil,"), evil);
    // No cell starts with a formula character.
    for (const line of lines.slice(1, 4)) {
      for (const cell of line.split(',')) assert.doesNotMatch(cell, /^"?[=+@]/, cell);
    }
  });

  it('a submission marked a test leaves every count: list, export and conversions', async () => {
    const { tenant, f } = await threeLeads();
    const base = `/tenants/${tenant.tenantId}/pages/${f.page.id}`;
    const list = await admin('GET', `${base}/form-submissions?audienceId=page`);
    const [latest] = list.body.items;
    const marked = await admin(
      'PATCH',
      `/tenants/${tenant.tenantId}/form-submissions/${latest.submissionId}`,
      {
        test: true,
      },
    );
    assert.equal(marked.status, 200, marked.raw);
    assert.equal(marked.body.test, true);
    assert.equal((await admin('GET', `${base}/form-submissions`)).body.totalCount, 2);
    assert.equal((await admin('GET', `${base}/form-submissions?includeTests=true`)).body.totalCount, 3);
    const csv = await admin('GET', `${base}/form-submissions.csv`);
    assert.equal(csv.raw.split('\r\n').length, 4);
    const engagement = await admin('GET', `${base}/engagement`);
    assert.equal(engagement.status, 200, engagement.raw);
    const ownPage = engagement.body.audiences.find(
      (a: { audienceId: string | null }) => a.audienceId === null,
    );
    assert.equal(ownPage.submissions, 1);
    const personal = engagement.body.items.find(
      (a: { audienceId: string | null }) => a.audienceId === f.personal.audienceId,
    );
    assert.equal(personal.submissions, 1);
    assert.equal(personal.versionId, f.personal.versionId);
    const missing = await admin('PATCH', `/tenants/${tenant.tenantId}/form-submissions/formsubmission_nope`, {
      test: true,
    });
    assert.equal(missing.status, 404);
  });
});
