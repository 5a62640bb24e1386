import type { FastifyRequest } from 'fastify';
import { armForVisit, type RunningExperiment, type ShownArm } from '../experiments/experiments.service.js';
import type { Found, HostedDeps } from './page-response.js';
import { visitorHash } from './visitor-hash.js';

/**
 * The experiment arm of a visit to an audience (docs/experiments.md), decided on the server
 * before the page renders, so no script and no flicker: the `generic` arm shows the page's own
 * content (without the audience's version or overrides), the `personalised` arm the
 * audience's published version. `record`: the visit counts (not a bot, not internal), so its
 * exposure is written once per unit. A failure to decide shows the page as without experiment.
 */
export async function withExperimentArm(
  deps: HostedDeps,
  resolved: Found,
  request: FastifyRequest,
  record: boolean,
  /** The page's running experiment when already read (resolve-cache.ts); else read here. */
  running?: RunningExperiment,
): Promise<{ resolved: Found; shown: ShownArm | null }> {
  if (resolved.audience === null || running === null) return { resolved, shown: null };
  try {
    const shown = await armForVisit(
      deps.db,
      resolved.tenantId,
      resolved.page.id,
      { id: resolved.audience.id, personId: resolved.audience.person_id },
      () =>
        visitorHash(
          deps.secret,
          resolved.tenantId,
          request.ip,
          request.headers['user-agent'] ?? '',
          Date.now(),
        ),
      record,
      Date.now(),
      running,
    );
    if (shown === null) return { resolved, shown };
    return { resolved: shown.arm.kind === 'generic' ? { ...resolved, generic: true } : resolved, shown };
  } catch (error) {
    request.log.warn({ err: error }, 'deciding a hosted page experiment arm failed');
    return { resolved, shown: null };
  }
}
