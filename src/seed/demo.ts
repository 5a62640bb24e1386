import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { BuiltinAgent } from '../agent/builtin-agent.js';
import type { Db } from '../db/schema.js';
import { type PublicLinks, pagePath } from '../domain/public-links.js';
import { ApiError } from '../errors.js';
import { findAccountByDomain } from '../features/accounts/accounts.repository.js';
import { changeTraits } from '../features/accounts/traits.service.js';
import { findAudienceById } from '../features/audiences/audiences.repository.js';
import { findVersion } from '../features/audiences/versions.repository.js';
import { publishVersion } from '../features/audiences/versions.service.js';
import type { FilesDeps } from '../features/files/files.service.js';
import { findTenantByIdOrName } from '../features/tenants/tenants.repository.js';
import { createApiKey, createTenant } from '../features/tenants/tenants.service.js';
import { VersionWorker } from '../worker/version-worker.js';
import { seedAccounts, seedPersonActivity } from './accounts.js';
import { seedAssets } from './assets.js';
import { seedBrand } from './brand.js';
import { DEMO_TRAITS } from './demo-blocks.js';
import { uploadDemoImages } from './demo-uploads.js';
import { seedPages } from './pages.js';
import { seedPersons } from './persons.js';
import { seedTopics } from './topics.js';

/** What `quire seed demo --json` prints: ids to try the API with. Every member is a string. */
export interface DemoSeed {
  tenantId: string;
  apiKey: string;
  personId: string;
  topicId: string;
  assetId: string;
  [member: string]: string;
}

/**
 * Creates a NEW tenant (or, with `into`, uses an existing one, named by id or name, so its
 * operators see the demo) with an API key, the brand its pages name (brand.ts) and a small,
 * realistic data set. The person audience's first draft is written by the built-in agent and
 * published, so its hosted page shows at once;
 * with `links` the result names the hosted URLs (`publicUrl`, `pagePublicUrl`).
 */
export async function seedDemo(
  db: Db,
  links?: PublicLinks,
  into?: string,
  /** Where the demo's images are uploaded (`quire seed demo` passes the configured storage). */
  files?: Omit<FilesDeps, 'db'>,
): Promise<DemoSeed> {
  const tenant =
    into === undefined ? await createTenant(db, demoTenantName()) : await existingTenant(db, into);
  const key = await createApiKey(db, tenant.tenantId, 'demo');
  const accounts = await seedAccounts(db, tenant.tenantId);
  const persons = await seedPersons(db, tenant.tenantId);
  const personLogs = await seedPersonActivity(db, tenant.tenantId, persons.personId);
  const topics = await seedTopics(db, tenant.tenantId);
  const assets = await seedAssets(db, tenant.tenantId);
  await seedTraits(db, tenant.tenantId);
  const images = files === undefined ? undefined : await uploadDemoImages({ ...files, db }, tenant.tenantId);
  // Before the pages, which name it: they render in it from their first view.
  const brand = await seedBrand(db, tenant.tenantId, files);
  const pages = await seedPages(db, tenant.tenantId, persons, images);
  for (const versionId of [pages.firstVersionId, pages.softwareVersionId, pages.retailVersionId]) {
    await publishFirstDraft(db, tenant.tenantId, versionId);
  }
  const urls: Record<string, string> =
    links === undefined
      ? {}
      : {
          publicUrl: `${links.baseUrl}${pagePath(tenant.handle, pages.pageSlug, await routeKeyOf(db, tenant.tenantId, pages.audienceId))}`,
          pagePublicUrl: `${links.baseUrl}${pagePath(tenant.handle, pages.pageSlug)}`,
          softwarePublicUrl: `${links.baseUrl}${pagePath(tenant.handle, pages.pageSlug, await routeKeyOf(db, tenant.tenantId, pages.softwareAudienceId))}`,
          retailPublicUrl: `${links.baseUrl}${pagePath(tenant.handle, pages.pageSlug, await routeKeyOf(db, tenant.tenantId, pages.retailAudienceId))}`,
        };
  return {
    ...urls,
    tenantId: tenant.tenantId,
    apiKey: key.apiKey,
    brandId: brand.brandId,
    ...persons,
    ...accounts,
    ...personLogs,
    ...topics,
    ...assets,
    ...pages,
  };
}

function demoTenantName(): string {
  return `demo-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
}

async function existingTenant(db: Db, idOrName: string): Promise<{ tenantId: string; handle: string }> {
  const tenant = await findTenantByIdOrName(db, idOrName);
  if (tenant === undefined) throw ApiError.notFound(`Tenant "${idOrName}"`);
  return { tenantId: tenant.id, handle: tenant.handle ?? tenant.id };
}

/**
 * Drafts the demo tenant's queued versions with the offline built-in agent, then publishes one.
 * A running server's worker may claim a version first (the seed then finds nothing claimable
 * while it is being drafted there): the seed waits for that draft before publishing it.
 */
async function publishFirstDraft(db: Db, tenantId: string, versionId: string): Promise<void> {
  const worker = new VersionWorker({
    tenantId,
    db,
    agent: new BuiltinAgent(),
    leaseMs: 30_000,
    agentTimeoutMs: 30_000,
    maxAttempts: 3,
    pollMs: 50,
  });
  const deadline = Date.now() + DRAFT_WAIT_MS;
  for (;;) {
    while ((await worker.runOnce()) === 'processed') {
      // until nothing of this tenant is claimable
    }
    const status = (await findVersion(db, tenantId, versionId))?.status;
    if (status !== 'queued' && status !== 'processing') break;
    if (Date.now() > deadline)
      throw new Error(`the demo's first version is still ${status} after ${DRAFT_WAIT_MS / 1000} s`);
    await setTimeout(100);
  }
  await publishVersion(db, tenantId, versionId);
}

/** Longer than a lease (30 s), so a version claimed by a worker that died is drafted here after it. */
const DRAFT_WAIT_MS = 60_000;

/** The three target accounts' traits (their industries choose the page's case study). */
async function seedTraits(db: Db, tenantId: string): Promise<void> {
  for (const [domain, traits] of Object.entries(DEMO_TRAITS)) {
    const account = await findAccountByDomain(db, tenantId, domain);
    if (account !== undefined) await changeTraits(db, 'accounts', tenantId, account.id, traits);
  }
}

async function routeKeyOf(db: Db, tenantId: string, audienceId: string): Promise<string> {
  return (await findAudienceById(db, tenantId, audienceId))!.route_key!;
}
