import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makePerson, makeTenant, type TestTenant } from '../../../test/factories.js';
import { BROWSER_AGENT, FULL_FORM, formFixture, postForm, solveProof } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { makeFormToken } from '../forms/form-token.js';
import { REFUSED } from './serve-form.js';

const FIELDS = {
  _form: 'contact',
  email: 'Ada@Lovelace.example',
  name: 'Ada Lovelace',
  company: 'Analytical Engines',
  jobTitle: 'CFO',
  phone: '+44 20 7946 0958',
  message: 'Call me.\nSoon.',
  choice: '11-50',
  consent: 'yes',
  utm_source: 'newsletter',
  utm_campaign: 'q4',
};

async function counts(ctx: TestContext, tenant: TestTenant) {
  const count = async (table: 'form_submissions' | 'person_logs' | 'events') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('tenant_id', '=', tenant.tenantId)
          .$if(table === 'events', (q) => q.where('type' as never, '=', 'form.submitted' as never))
          .$if(table === 'person_logs', (q) => q.where('type' as never, '=', 'form-submitted' as never))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    submissions: await count('form_submissions'),
    logs: await count('person_logs'),
    events: await count('events'),
  };
}

describeEachDatabase('forms on hosted pages: POST /p/{handle}/{slug}[/{routeKey}]', (ctx) => {
  it('renders the form for each request with its token, no-store, a CSP that lets it post and prove', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const page = await ctx.request({
      method: 'GET',
      url: `${f.personUrl}?utm_source=mail&utm_medium=x"y`,
      headers: { 'user-agent': BROWSER_AGENT },
    });
    assert.equal(page.status, 200, page.raw);
    assert.equal(page.headers['cache-control'], 'private, no-store');
    assert.equal(page.headers.etag, undefined);
    assert.match(
      page.raw,
      new RegExp(`<form method="post" action="${f.personUrl}" data-quire-form="contact"`),
    );
    assert.match(page.raw, /name="_token" value="[0-9a-z]+\.[A-Za-z0-9_-]{43}"/);
    assert.match(page.raw, /name="utm_source" value="mail"/);
    assert.match(page.raw, /name="utm_medium" value="x&quot;y"/);
    assert.match(page.raw, /<altcha-widget challenge="\{&quot;parameters&quot;/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /form-action 'self'/);
    assert.match(csp, /connect-src 'self'/);
    assert.doesNotMatch(csp, /worker-src/);
    // The widget's script by its exact URL, on the page's own origin; named by the form, which loads
    // it on the first focus: the page itself does not.
    assert.match(csp, /script-src [^;]*http:\/\/[^ ;/]+\/p\/_quire\/altcha-[\d.]+-[0-9a-f]{8}\.js/);
    assert.doesNotMatch(page.raw, /<script[^>]*altcha/);
    const again = await ctx.request({
      method: 'GET',
      url: f.personUrl,
      headers: { 'user-agent': BROWSER_AGENT },
    });
    const token = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1];
    assert.notEqual(token(again.raw), undefined);
    const widget = await ctx.request({
      method: 'GET',
      url: /data-altcha-src="http:\/\/[^/"]+(\/p\/_quire\/[^"]+)"/.exec(page.raw)![1]!,
    });
    assert.equal(widget.status, 200);
    assert.match(String(widget.headers['content-type']), /javascript/);
    assert.match(widget.raw, /altcha-widget/);
  });

  it('a plain GET is the cached page: a shared token, no challenge; the form fetches its own token and challenge', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const get = (url: string) =>
      ctx.request({ method: 'GET', url, headers: { 'user-agent': BROWSER_AGENT } });
    const first = await get(f.personUrl);
    const second = await get(f.personUrl);
    assert.equal(first.status, 200, first.raw);
    // One rendering, cacheable like any page: the same bytes and ETag for every visitor.
    assert.equal(first.raw, second.raw);
    assert.equal(first.headers['cache-control'], 'public, max-age=0, s-maxage=60, must-revalidate');
    assert.ok(first.headers.etag);
    const shared = /name="_token" value="([^"]+)"/.exec(first.raw)![1]!;
    assert.match(shared, /^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    assert.match(first.raw, /data-quire-form="contact" data-altcha-src="[^"]+" data-quire-token="fetch"/);
    assert.match(first.raw, /<altcha-widget name="altcha"/);
    assert.doesNotMatch(first.raw, /<altcha-widget challenge=/);
    // A full rendering (a query) still carries the request's own token and challenge inline.
    const full = await get(`${f.personUrl}?ref=x`);
    assert.match(full.raw, /<altcha-widget challenge="\{&quot;parameters&quot;/);
    assert.doesNotMatch(full.raw, /data-quire-token="fetch"/);

    // The form script's request: a token of the visitor's own with its challenge, nothing stored.
    const asked = await postForm(ctx, f.personUrl, { _form: 'contact', _intent: 'token' }, { json: true });
    assert.equal(asked.statusCode, 200, asked.body);
    assert.equal(asked.headers['cache-control'], 'no-store');
    assert.equal(asked.headers['access-control-allow-origin'], '*');
    const { token, challenge } = asked.json();
    assert.notEqual(token, shared);
    assert.match(JSON.parse(challenge).parameters.data.token, /^[A-Za-z0-9_-]{43}$/);
    const again = await postForm(ctx, f.personUrl, { _form: 'contact', _intent: 'token' }, { json: true });
    assert.notEqual(
      JSON.parse(again.json().challenge).parameters.nonce,
      JSON.parse(challenge).parameters.nonce,
    );
    const unknown = await postForm(ctx, f.personUrl, { _form: 'nope', _intent: 'token' }, { json: true });
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(await counts(ctx, tenant), { submissions: 0, logs: 0, events: 0 });
  });

  it('without JavaScript, two visitors of one cached rendering each send a lead with its shared token; one per email', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    // The shared token of a rendering made a while ago (past the minimum fill time).
    const shared = f.token(true);
    const ada = await postForm(ctx, f.personUrl, { ...FIELDS, _token: shared });
    assert.equal(ada.statusCode, 303, ada.body);
    const grace = await postForm(ctx, f.personUrl, {
      ...FIELDS,
      email: 'grace@navy.example',
      name: 'Grace Hopper',
      _token: shared,
    });
    assert.equal(grace.statusCode, 303, grace.body);
    assert.deepEqual(await counts(ctx, tenant), { submissions: 2, logs: 2, events: 2 });
    // The same email again with other fields: the token's submission for that email is taken.
    const other = await postForm(ctx, f.personUrl, {
      ...FIELDS,
      email: 'ADA@lovelace.example',
      message: 'Hi',
      _token: shared,
    });
    assert.equal(other.statusCode, 400);
    assert.deepEqual(await counts(ctx, tenant), { submissions: 2, logs: 2, events: 2 });
    // A proven submission's token is its own, fetched by the script: one submission whatever the email.
    const token = f.token(true);
    const proven = await postForm(
      ctx,
      f.personUrl,
      { ...FIELDS, email: 'alan@turing.example', _token: token, altcha: await solveProof(f.secret, token) },
      { json: true },
    );
    assert.equal(proven.statusCode, 201, proven.body);
    const reused = await postForm(
      ctx,
      f.personUrl,
      { ...FIELDS, email: 'joan@clarke.example', _token: token, altcha: await solveProof(f.secret, token) },
      { json: true },
    );
    assert.equal(reused.statusCode, 400);
    assert.deepEqual(await counts(ctx, tenant), { submissions: 3, logs: 3, events: 3 });
  });

  it("on a tenant's own host the form posts to the page's /p/ address, which its CSP allows", async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const host = `forms-${tenant.tenantId.slice(-12)}.example.com`;
    const mapped = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/hosts`,
      body: { host },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(mapped.status, 201, mapped.raw);
    const routeKey = f.personUrl.split('/').at(-1)!;
    const page = await ctx.request({
      method: 'GET',
      url: `/${f.page.slug}/${routeKey}`,
      headers: { host, 'user-agent': BROWSER_AGENT },
    });
    assert.equal(page.status, 200, page.raw);
    assert.match(page.raw, new RegExp(`<form method="post" action="http://127.0.0.1:3000${f.personUrl}"`));
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /form-action 'self' http:\/\/127\.0\.0\.1:3000[;]/);
    assert.match(csp, /connect-src 'self' [^;]*http:\/\/127\.0\.0\.1:3000/);
    const sent = await postForm(ctx, f.personUrl, { ...FIELDS, _token: f.token(true) });
    assert.equal(sent.statusCode, 303, sent.body);
  });

  it('without JavaScript: stores the lead, redirects to the thank-you state, marked unproven', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const sent = await postForm(ctx, f.personUrl, { ...FIELDS, _token: f.token(true) });
    assert.equal(sent.statusCode, 303, sent.body);
    assert.equal(sent.headers.location, `${f.personUrl}?sent=contact#contact`);
    const thanks = await ctx.request({
      method: 'GET',
      url: `${f.personUrl}?sent=contact`,
      headers: { 'user-agent': BROWSER_AGENT },
    });
    assert.match(thanks.raw, /<p class="form-done" role="status">Thanks, we will call you\.<\/p>/);

    const row = await ctx.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
    assert.equal(row.proven, 0, 'no proof of work could run');
    assert.equal(row.audience_id, f.personal.audienceId);
    assert.equal(row.version_id, f.personal.versionId);
    assert.deepEqual(JSON.parse(row.fields), {
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      jobTitle: 'CFO',
      phone: '+442079460958',
      message: 'Call me.\nSoon.',
      choice: '11-50',
    });
    assert.deepEqual(JSON.parse(row.utm), { source: 'newsletter', campaign: 'q4' });
    const consent = JSON.parse(row.consent!);
    assert.equal(consent.text, FULL_FORM.consentText);
    assert.equal(consent.ticked, true);
    assert.equal(consent.pageVersionId, f.personal.versionId);
    assert.match(consent.at, /^\d{4}-\d\d-\d\dT/);

    // A new person of the email, linked to the account of its domain, with the lead's log.
    const person = await ctx.database.db
      .selectFrom('persons')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', row.person_id)
      .executeTakeFirstOrThrow();
    assert.equal(person.name, 'Ada Lovelace');
    assert.equal(person.email, 'Ada@Lovelace.example');
    assert.equal(person.phone_number, '+442079460958');
    assert.equal(person.domain, 'lovelace.example');
    assert.deepEqual(JSON.parse(person.traits), { company: 'Analytical Engines', jobTitle: 'CFO' });
    const account = await ctx.request({
      method: 'GET',
      url: `/v0/accounts?domain=lovelace.example`,
      key: tenant.key,
    });
    const accountId = person.account_id!;
    assert.ok(accountId, account.raw);
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${accountId}/activity?includePersonActivity=true`,
      key: tenant.key,
    });
    assert.equal(activity.status, 200, activity.raw);
    const log = activity.body.items.find((l: { type: string }) => l.type === 'form-submitted');
    assert.ok(log, activity.raw);
    assert.equal(log.payload.fields.email, 'Ada@Lovelace.example');
    assert.equal(log.payload.consent.ticked, true);
    assert.equal(log.payload.audienceId, f.personal.audienceId);
    const event = await ctx.database.db
      .selectFrom('events')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('type', '=', 'form.submitted')
      .executeTakeFirstOrThrow();
    const data = JSON.parse(event.data);
    assert.equal(data.submissionId, row.id);
    assert.equal(data.personId, person.id);
    assert.equal(data.accountId, accountId);
    assert.equal(data.fields.company, 'Analytical Engines');
    assert.equal(data.proven, false);
  });

  it('with JavaScript: answers JSON, requires the proof of work and marks the lead proven', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const token = f.token();
    const sent = await postForm(
      ctx,
      f.pageUrl,
      { ...FIELDS, _token: token, altcha: await solveProof(f.secret, token) },
      { json: true },
    );
    assert.equal(sent.statusCode, 201, sent.body);
    assert.deepEqual(sent.json(), { status: 'sent', message: 'Thanks, we will call you.' });
    assert.equal(sent.headers['access-control-allow-origin'], '*');
    const row = await ctx.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
    assert.equal(row.proven, 1);
    assert.equal(row.audience_id, '');
  });

  it('refuses every spam check alike and stores nothing', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const good = f.token();
    const forged = `${good.slice(0, -4)}AAAA`;
    const otherAudience = f.token(true);
    const young = makeFormToken(f.secret, f.subject(false), Date.now());
    const expired = makeFormToken(f.secret, f.subject(false), Date.now() - 7200_000 - 1000);
    const otherProof = await solveProof(f.secret, f.token(false, 20_000));
    const cases: [string, Record<string, string>, { json?: boolean; agent?: string }][] = [
      ['honeypot filled', { ...FIELDS, _token: good, website: 'http://spam.example' }, {}],
      ['sent faster than the minimum time', { ...FIELDS, _token: young }, {}],
      ['expired token', { ...FIELDS, _token: expired }, {}],
      ['forged token', { ...FIELDS, _token: forged }, {}],
      ['token of another audience', { ...FIELDS, _token: otherAudience }, {}],
      ['no token', { ...FIELDS }, {}],
      ['JavaScript without the proof of work', { ...FIELDS, _token: good }, { json: true }],
      ['a proof made for another token', { ...FIELDS, _token: good, altcha: otherProof }, { json: true }],
      ['a bot', { ...FIELDS, _token: good }, { agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }],
    ];
    for (const [what, fields, options] of cases) {
      const answer = await postForm(ctx, f.pageUrl, fields, options);
      assert.equal(answer.statusCode, 400, `${what}: ${answer.body}`);
      if (options.json)
        assert.deepEqual(answer.json(), { status: 'refused', message: REFUSED, errors: {} }, what);
      else {
        assert.match(
          answer.body,
          new RegExp(`<p class="form-notice" role="alert">${REFUSED.replace('.', '\\.')}</p>`),
          what,
        );
        // The values come back, escaped, with a fresh token.
        assert.match(answer.body, /value="Ada@Lovelace\.example"/, what);
      }
    }
    assert.deepEqual(await counts(ctx, tenant), { submissions: 0, logs: 0, events: 0 });
  });

  it('answers field errors beside each field, values kept and escaped, and stores nothing', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const evil = '"><img src=x onerror=alert(1)><script>alert(2)</script>';
    const fields = {
      ...FIELDS,
      _token: f.token(),
      email: evil,
      phone: evil,
      name: evil,
      company: evil,
      jobTitle: evil,
      message: evil,
      choice: evil,
      consent: '',
    };
    const html = await postForm(ctx, f.pageUrl, fields);
    assert.equal(html.statusCode, 422, html.body);
    assert.doesNotMatch(html.body, /<img src=x|<script>alert/);
    assert.match(html.body, /id="contact-email"[^>]*aria-invalid="true"/);
    assert.match(html.body, /id="contact-email-error" aria-live="polite">Enter an email address/);
    assert.match(html.body, /id="contact-phone-error" aria-live="polite">(Use at most|Enter the number)/);
    assert.match(html.body, /id="contact-choice-error" aria-live="polite">Choose one of the options/);
    assert.match(html.body, /id="contact-consent-error" aria-live="polite">Tick this box/);
    assert.match(
      html.body,
      /autocomplete="name"[^>]*value="&quot;>&lt;img src=x onerror=alert\(1\)>&lt;script>/,
    );
    const json = await postForm(
      ctx,
      f.pageUrl,
      { ...fields, altcha: await solveProof(f.secret, fields._token) },
      { json: true },
    );
    assert.equal(json.statusCode, 422, json.body);
    assert.deepEqual(Object.keys(json.json().errors).sort(), ['choice', 'consent', 'email', 'phone']);
    assert.deepEqual(await counts(ctx, tenant), { submissions: 0, logs: 0, events: 0 });
  });

  it('twenty identical POSTs at once make one lead; the token with other fields is refused', async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const fields = { ...FIELDS, _token: f.token() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => postForm(ctx, f.pageUrl, fields)));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      Array(20).fill(303),
    );
    assert.deepEqual(await counts(ctx, tenant), { submissions: 1, logs: 1, events: 1 });
    const persons = await ctx.database.db
      .selectFrom('persons')
      .select('id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('email', '=', FIELDS.email)
      .execute();
    assert.equal(persons.length, 1);
    const other = await postForm(ctx, f.pageUrl, { ...fields, message: 'Something else' });
    assert.equal(other.statusCode, 400);
    assert.deepEqual(await counts(ctx, tenant), { submissions: 1, logs: 1, events: 1 });
  });

  it("fills only the empty members of the email's existing person", async () => {
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const known = await makePerson(ctx, tenant, {
      name: 'Ada King',
      email: 'ada@lovelace.example',
      domain: 'lovelace.example',
    });
    const sent = await postForm(ctx, f.pageUrl, { ...FIELDS, _token: f.token() });
    assert.equal(sent.statusCode, 303, sent.body);
    const person = await ctx.database.db
      .selectFrom('persons')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', known.personId)
      .executeTakeFirstOrThrow();
    assert.equal(person.name, 'Ada King', 'the name an integrator set stays');
    assert.equal(person.email, 'ada@lovelace.example');
    assert.equal(person.phone_number, '+442079460958', 'the empty phone is filled');
    const row = await ctx.database.db
      .selectFrom('form_submissions')
      .select(['person_id', 'account_id'])
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
    assert.equal(row.person_id, known.personId);
    assert.equal(row.account_id, person.account_id);
  });
});

describeEachDatabase(
  'forms on hosted pages: the per-address and per-form limits',
  (ctx) => {
    it('answers 429 past the per-address limit and past the per-form limit, storing nothing more', async () => {
      const tenant = await makeTenant(ctx);
      const f = await formFixture(ctx, tenant);
      const send = (ip: string, n: number) =>
        postForm(
          ctx,
          f.pageUrl,
          { ...FIELDS, email: `lead${n}@lovelace.example`, _token: f.token(false, 10_000 + n) },
          { ip },
        );
      assert.equal((await send('10.0.0.1', 1)).statusCode, 303);
      assert.equal((await send('10.0.0.1', 2)).statusCode, 303);
      const limited = await send('10.0.0.1', 3);
      assert.equal(limited.statusCode, 429, limited.body);
      assert.match(limited.body, /Too many messages/);
      assert.ok(Number(limited.headers['retry-after']) >= 1);
      // Other addresses share the form's limit of 3 a minute.
      assert.equal((await send('10.0.0.2', 4)).statusCode, 303);
      assert.equal((await send('10.0.0.3', 5)).statusCode, 429);
      assert.deepEqual(await counts(ctx, tenant), { submissions: 3, logs: 3, events: 3 });
    });
  },
  { config: { formRateLimitPerAddress: 2, formRateLimitPerForm: 3 } },
);
