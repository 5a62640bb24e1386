import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { FormBlock } from '../../domain/page-blocks.js';
import { isOperatorBrowser } from '../../http/console-session.js';
import { type EngagementEvent, recordClick, recordView } from './engagement.service.js';
import { withExperimentArm } from './experiment-arm.js';
import { actionTarget } from './hosted-view.js';
import { type Resolved, shownContent, viewPage } from './load-page.js';
import {
  buildPageView,
  type HostedDeps,
  PAGE_CACHE_CONTROL,
  type PageAddress,
  selfPath,
  sendHtml,
  sendNotFound,
} from './page-response.js';
import { renderHostedPage } from './render-page.js';
import { formPageKey, plainGet, serveFormPage, sharedFormState } from './serve-form.js';
import { visitorHash } from './visitor-hash.js';

export { type HostedDeps, type PageAddress, sendHtml, sendNotFound } from './page-response.js';

export async function servePage(
  deps: HostedDeps,
  address: PageAddress,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  // What the URL shows, read from the database at most once a second per process (resolve-cache.ts).
  const snapshot = await deps.resolves.get(address.handle, address.slug, address.routeKey);
  const found = snapshot.resolved;
  if (!found.found) return sendNotFound(request, reply);
  // An experiment on the page decides the arm before rendering (docs/experiments.md).
  const { resolved, shown } = await withExperimentArm(
    deps,
    found,
    request,
    isCountable(request),
    snapshot.experiment,
  );
  const { audience } = resolved;
  const shownKey = audience === null ? null : address.routeKey;
  const path = selfPath(address, shownKey);
  // A unit that is the visitor (an audience without a person) shares its URL: no shared cache.
  // An operator's browser is shown the page without the beacon: never kept by a shared cache.
  const internal = isOperatorBrowser(request);
  const cacheControl = shown?.unit.kind === 'visitor' || internal ? 'private, no-store' : PAGE_CACHE_CONTROL;
  const { brand, images } = snapshot;
  // The snapshot's key holds what was read (edit times, version, images); the rest is the request's.
  const key = `${snapshot.key}|${shown?.arm.key}|${internal}|${address.origin}|${path}`;
  // A form page's GET with a query (UTM fields, the thank-you state) is rendered for the request.
  if (snapshot.hasForm && !plainGet(request)) {
    return serveFormPage(deps, address, resolved, path, request, reply);
  }
  const formKey = snapshot.hasForm ? formPageKey(deps, address, request) : '';
  const rendered = deps.cache.get(`${key}|${formKey}`, () => {
    const bare = buildPageView(address, resolved, path, brand, images);
    const forms = bare.blocks.filter((b): b is FormBlock => b.type === 'form');
    const form = snapshot.hasForm
      ? { form: sharedFormState(deps, address, resolved, path, request, forms, snapshot.personName) }
      : {};
    return renderHostedPage({ ...bare, ...form, ...(internal ? { beaconUrl: null } : {}) });
  });
  // The fast lane may repeat an answer made for no one in particular (page-lane.ts): never one of a
  // page in a running experiment, whose answer is the visitor's arm (or, where no arm could be
  // decided, the page as it is, for that visit only).
  if (deps.lane !== null && snapshot.experiment === null && shown === null && !internal) {
    deps.lane.offer(request, snapshot, address, {
      body: rendered.html,
      csp: rendered.csp,
      etag: rendered.etag,
      cacheControl,
      fallback: resolved.fallback,
    });
  }
  if (resolved.fallback !== null) reply.header('quire-page-fallback', resolved.fallback);
  return sendHtml(request, reply, rendered, 200, cacheControl);
}

/**
 * Bots, visitors whose browser asks not to be tracked (DNT, Global Privacy Control), and operators'
 * browsers (signed in to the console: docs/experiments.md, "Internal traffic") are not counted.
 */
export function isCountable(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  if (agent === undefined || agent === '' || isbot(agent) || isOperatorBrowser(request)) return false;
  return request.headers.dnt !== '1' && request.headers['sec-gpc'] !== '1';
}

function engagementEvent(
  deps: HostedDeps,
  resolved: Extract<Resolved, { found: true }>,
  request: FastifyRequest,
  referrer: string | null,
  query: string | null,
): EngagementEvent {
  return {
    tenantId: resolved.tenantId,
    pageId: resolved.page.id,
    pageSlug: resolved.page.slug ?? '',
    audience:
      resolved.audience === null ? null : { id: resolved.audience.id, personId: resolved.audience.person_id },
    versionId: resolved.generic ? null : (resolved.version?.id ?? null),
    visitorHash: visitorHash(
      deps.secret,
      resolved.tenantId,
      request.ip,
      request.headers['user-agent'] ?? '',
      Date.now(),
    ),
    referrer,
    query,
  };
}

/** A button's click-through: records the click, then 302 to the button's own URL (never a URL from the request). */
export async function followAction(
  deps: HostedDeps,
  address: PageAddress,
  actionId: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const snapshot = await deps.resolves.get(address.handle, address.slug, address.routeKey);
  const found = snapshot.resolved;
  if (!found.found) return sendNotFound(request, reply);
  // The button of the arm the visitor was shown (its exposure was written by the page's view).
  const { resolved } = await withExperimentArm(deps, found, request, false, snapshot.experiment);
  const target = actionTarget(viewPage(resolved.page), shownContent(resolved), actionId);
  if (target === null) return sendNotFound(request, reply);
  if (isCountable(request)) {
    // The page's URL (with its UTM query) arrives as the Referer of a same-site click.
    const from = request.headers.referer ?? null;
    let query: string | null = null;
    let external: string | null = from;
    try {
      const url = from === null ? null : new URL(from);
      if (url !== null && url.origin === address.origin) {
        query = url.search;
        external = null;
      }
    } catch {
      external = null;
    }
    try {
      await recordClick(deps.db, engagementEvent(deps, resolved, request, external, query), actionId);
    } catch (error) {
      // A visitor is never kept from the target because counting failed.
      request.log.warn({ err: error }, 'recording a hosted page click failed');
    }
  }
  // A redirect to a page's own action, not the Location of a created resource (test/http/locations.test.ts).
  return reply.header('cache-control', 'no-store').redirect(target, 302);
}

/** The beacon's view: 204 whether or not it counted (deduplicated, bot, DNT), so it reveals nothing. */
export async function beaconView(
  deps: HostedDeps,
  address: PageAddress,
  body: { referrer?: string; query?: string } | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { resolved } = await deps.resolves.get(address.handle, address.slug, address.routeKey);
  if (resolved.found && isCountable(request)) {
    await recordView(
      deps.db,
      engagementEvent(deps, resolved, request, body?.referrer ?? null, body?.query ?? null),
    );
  }
  // The sandboxed page (an opaque origin) sends it: an empty answer it may receive without an error.
  return reply
    .code(204)
    .header('cache-control', 'no-store')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send();
}
