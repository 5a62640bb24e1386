import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { PagesTable } from '../../db/schema.js';
import type { FormBlock } from '../../domain/page-blocks.js';
import { ApiError } from '../../errors.js';
import { isOperatorBrowser } from '../../http/console-session.js';
import { enforceRateLimit } from '../../http/rate-limit.js';
import { checkForm } from '../forms/form-input.js';
import { formTokenIssuedAt, makeFormToken, type TokenSubject, tokenKey } from '../forms/form-token.js';
import { makeChallenge, proofHolds } from '../forms/proof-of-work.js';
import { submitForm } from '../forms/submit-form.service.js';
import { pageBody } from '../pages/pages.schemas.js';
import { findPerson } from '../persons/persons.repository.js';
import {
  DEFAULT_THANK_YOU,
  type FormState,
  HONEYPOT_FIELD,
  UNSENT_FORM,
  UTM_FIELDS,
} from './components/form-block.js';
import { referrerHost, utm } from './engagement.service.js';
import { withExperimentArm } from './experiment-arm.js';
import { ALTCHA_SCRIPT_PATH } from './form-assets.js';
import { resolvePage } from './load-page.js';
import {
  type Found,
  type HostedDeps,
  type PageAddress,
  pageView,
  selfPath,
  sendHtml,
  sendNotFound,
} from './page-response.js';
import { renderHostedPage } from './render-page.js';

/**
 * Forms on hosted pages (docs/forms.md). A page with a form is rendered for each request, since
 * each rendering carries its own signed token (and proof-of-work challenge); it is never cached
 * (`no-store`). The form posts to the page's own path: without JavaScript the answer is the page
 * again (errors beside the fields, values kept) or a redirect to its thank-you state (POST,
 * redirect, GET); with JavaScript the same POST asks for JSON.
 */
export function pageHasForm(page: PagesTable): boolean {
  return (pageBody(page)?.blocks ?? []).some((b) => b.type === 'form');
}

/** Told for every refused submission, whichever check refused it. */
export const REFUSED = 'Your message could not be sent. Please reload the page and try again.';
const FORM_CACHE_CONTROL = 'private, no-store';

interface Extra {
  activeBlockId?: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  notice?: string;
  sentBlockId?: string | null;
}

function subjectOf(resolved: Found, blockId: string): TokenSubject {
  return {
    tenantId: resolved.tenantId,
    pageId: resolved.page.id,
    audienceId: resolved.audience?.id ?? '',
    versionId: resolved.generic ? null : (resolved.version?.id ?? null),
    blockId,
  };
}

/** Where a form posts: the page's own path; on a tenant's host, the page's /p/ address (forms post there). */
function actionOf(deps: HostedDeps, address: PageAddress, path: string, resolved: Found): string {
  if (address.base.startsWith('/p/')) return path;
  const key = resolved.audience === null ? '' : `/${encodeURIComponent(address.routeKey ?? '')}`;
  return `${deps.config.publicBaseUrl}/p/${encodeURIComponent(resolved.handle)}/${encodeURIComponent(address.slug)}${key}`;
}

async function formState(
  deps: HostedDeps,
  address: PageAddress,
  resolved: Found,
  path: string,
  forms: FormBlock[],
  request: FastifyRequest,
  extra: Extra,
): Promise<FormState> {
  const query = queryOf(request);
  const { tokens, challenges } = formTokens(deps, resolved, forms);
  // Only a person's own name, and only where the operator asked: never the email or the phone.
  const personId = resolved.audience?.person_id ?? null;
  const person =
    personId !== null && forms.some((f) => f.prefillName === true)
      ? await findPerson(deps.db, resolved.tenantId, personId)
      : undefined;
  const fromQuery = new URLSearchParams(query);
  const campaign = utm(query);
  return {
    action: actionOf(deps, address, path, resolved),
    tokens,
    utm: Object.fromEntries(
      UTM_FIELDS.flatMap((name) => {
        const value = campaign[name.slice(4)];
        return value === undefined ? [] : [[name, value]];
      }),
    ),
    activeBlockId: extra.activeBlockId ?? null,
    values: extra.values ?? {},
    errors: extra.errors ?? {},
    notice: extra.notice ?? null,
    sentBlockId: extra.sentBlockId ?? fromQuery.get('sent'),
    personName: person?.name ?? null,
    challenges,
    altchaScriptUrl: `${ownOrigin(deps, address, request)}${ALTCHA_SCRIPT_PATH}`,
  };
}

/** Each form's signed token and, where it asks for proof of work, its challenge (JSON). */
function formTokens(deps: HostedDeps, resolved: Found, forms: FormBlock[], now = Date.now()) {
  const tokens: Record<string, string> = {};
  const challenges: Record<string, string> = {};
  for (const form of forms) {
    const token = makeFormToken(deps.secret, subjectOf(resolved, form.blockId), now);
    tokens[form.blockId] = token;
    if (form.proofOfWork !== false) {
      challenges[form.blockId] = makeChallenge(
        deps.secret,
        tokenKey(token),
        new Date(now + deps.config.formTokenTtlMs),
      );
    }
  }
  return { tokens, challenges };
}

/**
 * The forms of a page's plain GET (no query: no UTM fields, no thank-you state), which is rendered
 * once and cached like any page (page-cache.ts, the fast lane): each form carries a token made for
 * the rendering and shared by its visitors, and a form asking for proof of work fetches a token of
 * its own with its challenge when the page loads (`_intent=token`, answered by `answerTokenRequest`).
 * The shared token serves visitors without JavaScript, whose submissions are unproven and count
 * once per token and email (submit-form.service.ts). The cache key holds the token period
 * (`formPageKey`), so a cached page's token is at most half its lifetime old.
 */
export function sharedFormState(
  deps: HostedDeps,
  address: PageAddress,
  resolved: Found,
  path: string,
  request: FastifyRequest,
  forms: FormBlock[],
  personName: string | null,
  renderedAt = Date.now(),
): FormState {
  return {
    action: actionOf(deps, address, path, resolved),
    tokens: Object.fromEntries(
      forms.map((f) => [f.blockId, makeFormToken(deps.secret, subjectOf(resolved, f.blockId), renderedAt)]),
    ),
    ...UNSENT_FORM,
    personName,
    // '': the form fetches its challenge with its own token (form-block.tsx, FORM_SCRIPT).
    challenges: Object.fromEntries(forms.flatMap((f) => (f.proofOfWork === false ? [] : [[f.blockId, '']]))),
    altchaScriptUrl: `${ownOrigin(deps, address, request)}${ALTCHA_SCRIPT_PATH}`,
  };
}

/** What a plain GET's form page depends on besides the page: its script's origin, the token period. */
export function formPageKey(
  deps: HostedDeps,
  address: PageAddress,
  request: FastifyRequest,
  now = Date.now(),
) {
  return `${ownOrigin(deps, address, request)}|${Math.floor(now / (deps.config.formTokenTtlMs / 2))}`;
}

/** Whether a GET may be served from the render cache: no query (UTM fields, `sent`). */
export function plainGet(request: FastifyRequest): boolean {
  return !request.url.includes('?');
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * The origin the widget's script is loaded from, named exactly in the CSP: the page's own. On the
 * /p/ routes it is the configured public URL, unless the page was reached at another host or port
 * of this server (a test's random port, an internal address), whose own origin it then is.
 */
function ownOrigin(deps: HostedDeps, address: PageAddress, request: FastifyRequest): string {
  const configured = new URL(deps.config.publicBaseUrl);
  if (!address.base.startsWith('/p/')) return configured.origin;
  const host = request.headers.host ?? '';
  if (host === configured.host || !HOST.test(host)) return configured.origin;
  return `${request.protocol}://${host}`;
}

function queryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
}

/** The page with its forms, rendered for this request. */
export async function serveFormPage(
  deps: HostedDeps,
  address: PageAddress,
  resolved: Found,
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
  extra: Extra = {},
  status = 200,
) {
  const bare = await pageView(deps, address, resolved, path);
  const forms = bare.blocks.filter((b): b is FormBlock => b.type === 'form');
  const state = await formState(deps, address, resolved, path, forms, request, extra);
  // An operator's browser posts no view (its beacon could not carry the marking cookie).
  const view = { ...bare, form: state, ...(isOperatorBrowser(request) ? { beaconUrl: null } : {}) };
  if (resolved.fallback !== null) reply.header('quire-page-fallback', resolved.fallback);
  return sendHtml(request, reply, renderHostedPage(view), status, FORM_CACHE_CONTROL);
}

/** A form's fields arrive as `application/x-www-form-urlencoded`: the first value of each name. */
export function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'string') return fields;
  let count = 0;
  for (const [name, value] of new URLSearchParams(body)) {
    if (++count > 50) break;
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

function wantsJson(request: FastifyRequest): boolean {
  return /application\/json/.test(request.headers.accept ?? '');
}

/**
 * POST to a page's own path: one form's submission. Every spam check refuses alike (REFUSED,
 * 400), so a sender learns nothing of which one it failed; field errors are told field by field.
 */
export async function submitPageForm(
  deps: HostedDeps,
  address: PageAddress,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const json = wantsJson(request);
  // The page is sandboxed (an opaque origin): its in-place submission is a cross-origin request.
  reply.header('access-control-allow-origin', '*');
  const found = await resolvePage(deps.db, address.handle, address.slug, address.routeKey);
  if (!found.found) {
    return json
      ? reply.code(404).header('cache-control', 'no-store').send({ status: 'refused', message: REFUSED })
      : sendNotFound(request, reply);
  }
  // The form of the arm the visitor was shown (docs/experiments.md).
  const { resolved } = await withExperimentArm(deps, found, request, false);
  const path = selfPath(address, resolved.audience === null ? null : address.routeKey);
  const body = formFields(request.body);
  const blockId = body._form ?? '';
  const view = await pageView(deps, address, resolved, path);
  const block = view.blocks.find((b): b is FormBlock => b.type === 'form' && b.blockId === blockId);

  const refuse = async (status: number, notice: string, errors: Record<string, string> = {}) => {
    if (json) {
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .send({ status: status === 422 ? 'invalid' : 'refused', message: notice, errors });
    }
    const values = Object.fromEntries(
      Object.entries(body).filter(
        ([name]) => !name.startsWith('_') && name !== HONEYPOT_FIELD && name !== 'altcha',
      ),
    );
    return serveFormPage(
      deps,
      address,
      resolved,
      path,
      request,
      reply,
      { activeBlockId: blockId, values, errors, notice },
      status,
    );
  };
  if (block === undefined) return refuse(400, REFUSED);
  // A cached page's form asks for a token (and challenge) of its own as the page loads
  // (sharedFormState): nothing is stored, and the hosted pages' limit, not the forms', counts it.
  if (body._intent === 'token') {
    const { tokens, challenges } = formTokens(deps, resolved, [block]);
    const challenge = challenges[block.blockId];
    return reply
      .header('cache-control', 'no-store')
      .send({ token: tokens[block.blockId], ...(challenge === undefined ? {} : { challenge }) });
  }

  // The limits first: they cost nothing and bound what a flood may store (docs/forms.md).
  try {
    const { perAddress, perForm } = deps.formLimits;
    if (perAddress !== null) await enforceRateLimit(perAddress, `form:${request.ip}`, reply);
    if (perForm !== null) {
      await enforceRateLimit(
        perForm,
        `form:${resolved.tenantId}:${resolved.page.id}:${block.blockId}`,
        reply,
      );
    }
  } catch (error) {
    if (error instanceof ApiError && error.code === 'rate_limited') {
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
      return refuse(429, 'Too many messages were sent from here. Please wait a minute and try again.');
    }
    throw error;
  }

  const now = Date.now();
  const agent = request.headers['user-agent'] ?? '';
  const token = body._token ?? '';
  const issuedAt = formTokenIssuedAt(deps.secret, subjectOf(resolved, block.blockId), token);
  const proofPayload = body.altcha ?? '';
  let proven = false;
  let refused =
    agent === '' ||
    isbot(agent) ||
    (body[HONEYPOT_FIELD] ?? '') !== '' ||
    issuedAt === null ||
    now - issuedAt < deps.config.formMinFillMs ||
    now - issuedAt > deps.config.formTokenTtlMs;
  if (!refused && block.proofOfWork !== false) {
    if (proofPayload !== '') {
      proven = await proofHolds(deps.secret, tokenKey(token), proofPayload);
      refused = !proven;
    } else {
      // Without JavaScript no proof can run: accepted under the other checks, marked unproven.
      // A submission made by the form script (JSON) has run it, so it must bring one.
      refused = json;
    }
  }
  if (refused) return refuse(400, REFUSED);

  const checked = checkForm(block, body);
  if (Object.keys(checked.errors).length > 0 || checked.values.email === undefined) {
    return refuse(422, 'Please correct the fields marked below.', checked.errors);
  }
  const outcome = await submitForm(deps.db, {
    tenantId: resolved.tenantId,
    pageId: resolved.page.id,
    pageSlug: resolved.page.slug ?? '',
    audienceId: resolved.audience?.id ?? '',
    versionId: resolved.generic ? null : (resolved.version?.id ?? null),
    blockId: block.blockId,
    token,
    values: { ...checked.values, email: checked.values.email },
    consent:
      block.consentText === undefined ? null : { text: block.consentText, ticked: checked.consent === true },
    utm: utm(`?${new URLSearchParams(UTM_FIELDS.map((name) => [name, body[name] ?? ''])).toString()}`),
    referrerHost: referrerHost(body._referrer ?? null),
    proven,
  });
  if (outcome.kind === 'token_used') return refuse(400, REFUSED);
  const message = block.thankYouMessage || DEFAULT_THANK_YOU;
  if (json) {
    return reply
      .code(outcome.kind === 'created' ? 201 : 200)
      .header('cache-control', 'no-store')
      .send({
        status: 'sent',
        message,
        ...(block.redirectUrl === undefined ? {} : { redirectUrl: block.redirectUrl }),
      });
  }
  const thanks = block.redirectUrl ?? `${path}?sent=${encodeURIComponent(block.blockId)}#${block.blockId}`;
  // POST, redirect, GET: a reload of the thank-you state sends nothing again.
  return reply.header('cache-control', 'no-store').redirect(thanks, 303);
}
