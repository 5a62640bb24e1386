import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FormBlock } from '../src/domain/page-blocks.js';
import { publishVersion } from '../src/features/audiences/versions.service.js';
import { makeFormToken, type TokenSubject, tokenKey } from '../src/features/forms/form-token.js';
import { makeChallenge } from '../src/features/forms/proof-of-work.js';
import { makePerson, type TestTenant } from './factories.js';
import { ADMIN_TOKEN, type TestContext } from './harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from './pages-factories.js';

/** A form block asking for everything (the shape docs/forms.md documents). */
export const FULL_FORM: FormBlock = {
  blockId: 'contact',
  type: 'form',
  heading: 'Talk to us',
  intro: 'We answer within a day.',
  fields: [
    { field: 'email', label: 'Work email', placeholder: 'you@company.com' },
    { field: 'name', label: 'Name', required: true },
    { field: 'company', label: 'Company' },
    { field: 'jobTitle', label: 'Job title' },
    { field: 'phone', label: 'Phone' },
    { field: 'message', label: 'Message' },
    { field: 'choice', label: 'Team size', kind: 'select', options: ['1-10', '11-50', '51+'] },
  ],
  buttonText: 'Send',
  thankYouMessage: 'Thanks, we will call you.',
  consentText: 'I agree that Loomwork may contact me about this request.',
};

/** A published page whose body holds `form`, with a published person audience (Grace Hopper). */
export async function formFixture(ctx: TestContext, tenant: TestTenant, form: FormBlock = FULL_FORM) {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const tenants = await ctx.request({ method: 'GET', url: '/admin/v0/tenants', headers: admin });
  const handle = tenants.body.items.find((t: { tenantId: string }) => t.tenantId === tenant.tenantId).handle;
  const page = await makePage(ctx, tenant, {
    body: {
      headline: 'Close in two days',
      subheadline: 'Finance automation',
      blocks: [{ blockId: 'hero', type: 'hero' }, form],
    },
  });
  const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
  const personal = await makeAudience(ctx, tenant, page.id, { personId: person.personId });
  await drain(makeWorker(ctx, tenant, new FakeAgent()));
  await publishVersion(ctx.database.db, tenant.tenantId, personal.versionId);
  const read = await ctx.request({
    method: 'GET',
    url: `/v0/pages/${page.id}/audiences/${personal.audienceId}`,
    key: tenant.key,
  });
  const secret = (ctx.app as unknown as { config: { hostedPagesSecret: string } }).config.hostedPagesSecret;
  const subject = (audience: boolean): TokenSubject => ({
    tenantId: tenant.tenantId,
    pageId: page.id,
    audienceId: audience ? personal.audienceId : '',
    versionId: audience ? personal.versionId : null,
    blockId: form.blockId,
  });
  return {
    handle: handle as string,
    page,
    person,
    personal,
    secret,
    subject,
    pageUrl: `/p/${handle}/${page.slug}`,
    personUrl: `/p/${handle}/${page.slug}/${read.body.routeKey}`,
    /** A token of the page (or the person's audience) issued `ageMs` ago: past the minimum fill time. */
    token: (audience = false, ageMs = 10_000) => makeFormToken(secret, subject(audience), Date.now() - ageMs),
  };
}

/** The widget's work, done here: the payload of the `altcha` field for this token. */
export async function solveProof(secret: string, token: string): Promise<string> {
  const challenge = JSON.parse(makeChallenge(secret, tokenKey(token), new Date(Date.now() + 60_000)));
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** POSTs a form as a browser does (urlencoded); `json`: as the form script does. */
export function postForm(
  ctx: TestContext,
  url: string,
  fields: Record<string, string>,
  options: { json?: boolean; agent?: string; ip?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': options.agent ?? BROWSER_AGENT,
      ...(options.json ? { accept: 'application/json' } : { accept: 'text/html' }),
    },
    ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
  });
}
