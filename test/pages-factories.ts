import type { AgentInput, AgentResult, PageAgent } from '../src/agent/page-agent.js';
import type { AgentLimitsConfig } from '../src/config.js';
import { diffContent } from '../src/domain/audience-content.js';
import type { AudienceInput } from '../src/features/audiences/audiences.schemas.js';
import { archiveAudience, createAudience } from '../src/features/audiences/audiences.service.js';
import type { CreatePageInput } from '../src/features/pages/pages.schemas.js';
import { createPage } from '../src/features/pages/pages.service.js';
import { DEMO_PAGE } from '../src/seed/pages.js';
import { VersionWorker } from '../src/worker/version-worker.js';
import type { TestTenant } from './factories.js';
import type { TestContext } from './harness.js';

/** A page of the tenant (the realistic demo page unless told otherwise). */
export async function makePage(ctx: TestContext, tenant: TestTenant, input: Partial<CreatePageInput> = {}) {
  return createPage(ctx.database.db, tenant.tenantId, { ...DEMO_PAGE, ...input });
}

/** An audience of a page; creating it queues version 1. */
export async function makeAudience(
  ctx: TestContext,
  tenant: TestTenant,
  pageId?: string,
  input: AudienceInput = {},
) {
  const page = pageId ?? (await makePage(ctx, tenant)).id;
  const { audience, version } = await createAudience(ctx.database.db, tenant.tenantId, page, input);
  return { pageId: page, audienceId: audience.id, versionId: version.id };
}

export async function archiveTestAudience(ctx: TestContext, tenant: TestTenant, audienceId: string) {
  await archiveAudience(ctx.database.db, tenant.tenantId, audienceId);
}

/**
 * A deterministic fake agent for tests: "title: X" sets the meta title; anything else appends the
 * audience's name to the title. It records every input it was given.
 */
export class FakeAgent implements PageAgent {
  readonly name = 'fake';
  readonly inputs: AgentInput[] = [];
  failuresLeft = 0;

  async run(input: AgentInput): Promise<AgentResult> {
    this.inputs.push(input);
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('fake agent failure');
    }
    const asked = input.request?.message.match(/^title: (.+)$/)?.[1];
    // Titles stay within the agents' 70-character bound.
    const metaTitle = asked ?? `${input.current.metaTitle} for ${input.audience.effectiveName}`.slice(0, 70);
    return {
      reply: asked
        ? `Title changed to "${asked}".`
        : `Drafted a version for ${input.audience.effectiveName}.`,
      reasoning: 'fake reasoning',
      content: { ...input.current, metaTitle },
      changes: diffContent(input.page, input.current, { ...input.current, metaTitle }),
    };
  }
}

/** A worker for one tenant's versions (test files share one PostgreSQL database and run in parallel). */
export function makeWorker(
  ctx: TestContext,
  tenant: TestTenant,
  agent: PageAgent,
  options: {
    leaseMs?: number;
    maxAttempts?: number;
    agentTimeoutMs?: number;
    limits?: Partial<AgentLimitsConfig>;
    /** More tenants the worker serves beside `tenant` (tests of fairness between tenants). */
    alsoTenants?: TestTenant[];
    /** Versions claimed at once by an agent that runs in the process (PageAgent.inProcess). */
    batchSize?: number;
  } = {},
) {
  return new VersionWorker({
    tenantId: [tenant.tenantId, ...(options.alsoTenants ?? []).map((t) => t.tenantId)],
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    db: ctx.database.db,
    agent,
    leaseMs: options.leaseMs ?? 10_000,
    agentTimeoutMs: options.agentTimeoutMs ?? 5_000,
    maxAttempts: options.maxAttempts ?? 3,
    pollMs: 20,
    retryDelayMs: 0,
  });
}

/** Runs the worker until the queue holds nothing claimable. */
export async function drain(worker: VersionWorker): Promise<number> {
  let processed = 0;
  while ((await worker.runOnce()) === 'processed') processed++;
  return processed;
}
