/**
 * Every query on audience versions, including the page agent's work queue. Invariant kept by the
 * callers (under the audience's row lock): at most one version of an audience is `queued` or
 * `processing`; later ones wait as `pending` and are promoted in versionNumber order.
 */
import { sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { AudienceVersionsTable, Executor, VersionStatus } from '../../db/schema.js';
import type { StatusBefore } from './version-lifecycle.js';

export async function insertVersion(db: Executor, row: AudienceVersionsTable): Promise<void> {
  await db.insertInto('audience_versions').values(row).execute();
}

/** Every version of one audience, within its tenant: where the reads below start. */
function versionsOfAudience(db: Executor, tenantId: string, audienceId: string) {
  return db
    .selectFrom('audience_versions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId);
}

export async function findVersion(db: Executor, tenantId: string, versionId: string) {
  return db
    .selectFrom('audience_versions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', versionId)
    .executeTakeFirst();
}

export async function findVersionByOperationKey(
  db: Executor,
  tenantId: string,
  audienceId: string,
  operationKey: string,
) {
  return versionsOfAudience(db, tenantId, audienceId)
    .where('operation_key', '=', operationKey)
    .executeTakeFirst();
}

export async function latestVersion(db: Executor, tenantId: string, audienceId: string) {
  return versionsOfAudience(db, tenantId, audienceId)
    .orderBy('version_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function publishedVersion(db: Executor, tenantId: string, audienceId: string) {
  return versionsOfAudience(db, tenantId, audienceId).where('status', '=', 'published').executeTakeFirst();
}

/** The newest version that holds content (draft, published or archived): what the next one builds on. */
export async function latestContentVersion(db: Executor, tenantId: string, audienceId: string) {
  return versionsOfAudience(db, tenantId, audienceId)
    .where('content', 'is not', null)
    .orderBy('version_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The content of the newest two versions that hold content, newest first: the latest (what the next
 * version builds on) and the one before it (what "undo that" goes back to).
 */
export async function latestTwoContents(db: Executor, tenantId: string, audienceId: string) {
  const rows = await db
    .selectFrom('audience_versions')
    .select(['version_number', 'content'])
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('content', 'is not', null)
    .orderBy('version_number', 'desc')
    .limit(2)
    .execute();
  return rows.map((row) => row.content as string);
}

/** True when a version of the audience is waiting or being worked on: a new one must be pending. */
export async function hasActiveVersion(db: Executor, tenantId: string, audienceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('audience_versions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('status', 'in', ['pending', 'queued', 'processing'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Promotes the audience's oldest pending version to queued, if no version is queued or processing;
 * returns its id, or undefined when none moved.
 */
export async function promoteNextPending(
  db: Executor,
  tenantId: string,
  audienceId: string,
  now: number,
): Promise<string | undefined> {
  const busy = await db
    .selectFrom('audience_versions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('status', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  if (busy !== undefined) return undefined;
  const next = await db
    .selectFrom('audience_versions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('status', '=', 'pending')
    .orderBy('version_number', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (next === undefined) return undefined;
  await db
    .updateTable('audience_versions')
    .set({ status: 'queued', queued_at: now, available_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', next.id)
    .execute();
  return next.id;
}

/**
 * Moves a version from one status to another; false when it was no longer in `from`. Only the moves
 * of the lifecycle type-check (version-lifecycle.ts).
 */
export async function transitionVersion<To extends VersionStatus>(
  db: Executor,
  tenantId: string,
  versionId: string,
  from: StatusBefore<To>[],
  changes: Partial<Omit<AudienceVersionsTable, 'tenant_id' | 'id' | 'status'>> & { status: To },
  leaseOwner?: string,
): Promise<boolean> {
  let query = db
    .updateTable('audience_versions')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', versionId)
    .where('status', 'in', from);
  if (leaseOwner !== undefined) query = query.where('lease_owner', '=', leaseOwner);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Published and draft versions older than `versionNumber`: what publishing a newer one archives. */
export async function olderLiveVersions(
  db: Executor,
  tenantId: string,
  audienceId: string,
  versionNumber: number,
) {
  return db
    .selectFrom('audience_versions')
    .select(['id', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('status', 'in', ['published', 'draft'])
    .where('version_number', '<', versionNumber)
    .$narrowType<{ status: 'published' | 'draft' }>()
    .execute();
}

// --- The work queue -------------------------------------------------------------------------

/**
 * Claims the oldest `limit` claimable queued versions of one tenant for `owner` with a lease until
 * `leaseUntil`, counting each attempt and its queue duration; returns them oldest first.
 * PostgreSQL: FOR UPDATE SKIP LOCKED, so concurrent workers never take the same row. SQLite: the
 * caller's transaction holds the single write lock. Must run inside a transaction.
 *
 * Always one tenant (nextClaimableTenant finds whose turn it is): on Citus a locking read must
 * name its tenant to run on one node ("could not run distributed query with FOR UPDATE/SHARE
 * commands" otherwise), and on plain PostgreSQL the same statement does the same work.
 */
export async function claimQueued(
  tx: Executor,
  owner: string,
  now: number,
  leaseUntil: number,
  tenantId: string,
  limit: number,
): Promise<AudienceVersionsTable[]> {
  let candidates = tx
    .selectFrom('audience_versions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'queued')
    // `+ 0` keeps SQLite on audience_versions_tenant_queue, read in queued_at order and stopped
    // after `limit` rows; on available_at's index it sorted every queued version of every tenant
    // (6 ms a claim with 10,000 queued, against 0.05).
    .where(sql<number>`available_at + 0`, '<=', now)
    .orderBy('queued_at', 'asc')
    .orderBy('id', 'asc')
    .limit(limit);
  if (dialectOf(tx) === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const ids = (await candidates.execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  const claimed = await tx
    .updateTable('audience_versions')
    .set({
      status: 'processing',
      lease_owner: owner,
      lease_expires_at: leaseUntil,
      attempts: sql`attempts + 1`,
      queue_duration_ms: sql`${now} - queued_at`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('status', '=', 'queued')
    .returningAll()
    .execute();
  return claimed.sort((a, b) => a.queued_at! - b.queued_at! || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The tenants a dedicated worker serves: one (`quire worker --tenant`) or a few. */
export type TenantScope = string | readonly string[];

const scopeList = (scope: TenantScope): readonly string[] => (typeof scope === 'string' ? [scope] : scope);

/** How many tenants with claimable work nextClaimableTenant weighs at once (the oldest waiting first). */
const CLAIM_CANDIDATES = 50;

/**
 * Plain reads (no lock, no write transaction) that idle workers poll: whose turn it is, or undefined
 * when there is nothing to claim. Among the tenants with a claimable version (only `tenantId` when
 * given), those already worked on by `maxPerTenant` workers (0: no limit) wait; of the rest, the one
 * served longest ago (its newest agent usage; never served first) goes next, then the one whose
 * oldest version has waited longest. So one tenant's hundred queued drafts take turns with another
 * tenant's one instead of going first. The worker then claims within that tenant, oldest first.
 */
export async function nextClaimableTenant(
  db: Executor,
  now: number,
  tenantId?: TenantScope,
  maxPerTenant = 0,
): Promise<string | undefined> {
  let query = db
    .selectFrom('audience_versions')
    .select(['tenant_id', (eb) => eb.fn.min('queued_at').as('oldest')])
    .where('status', '=', 'queued')
    .where('available_at', '<=', now)
    .groupBy('tenant_id')
    .orderBy('oldest', 'asc')
    .limit(CLAIM_CANDIDATES);
  if (tenantId !== undefined) query = query.where('tenant_id', 'in', scopeList(tenantId));
  const candidates = await query.execute();
  if (candidates.length <= 1 && maxPerTenant === 0) return candidates[0]?.tenant_id;
  if (candidates.length === 0) return undefined;
  const ids = candidates.map((c) => c.tenant_id);
  const [running, served] = await Promise.all([
    maxPerTenant === 0
      ? Promise.resolve([])
      : db
          .selectFrom('audience_versions')
          // Workers, not versions: a worker of the built-in agent holds a batch of them at once.
          .select(['tenant_id', (eb) => eb.fn.count<number>('lease_owner').distinct().as('n')])
          .where('tenant_id', 'in', ids)
          .where('status', '=', 'processing')
          .where('lease_expires_at', '>=', now)
          .groupBy('tenant_id')
          .execute(),
    candidates.length === 1
      ? Promise.resolve([])
      : db
          .selectFrom('audience_versions')
          .select(['tenant_id', (eb) => eb.fn.max('agent_usage_at').as('last')])
          .where('tenant_id', 'in', ids)
          .where('agent_usage_at', 'is not', null)
          .groupBy('tenant_id')
          .execute(),
  ]);
  const busy = new Map(running.map((r) => [r.tenant_id, Number(r.n)]));
  const lastServed = new Map(served.map((r) => [r.tenant_id, Number(r.last)]));
  const open = candidates
    .map((c, order) => ({ tenant: c.tenant_id, order, last: lastServed.get(c.tenant_id) ?? -1 }))
    .filter((c) => maxPerTenant === 0 || (busy.get(c.tenant) ?? 0) < maxPerTenant);
  open.sort((a, b) => a.last - b.last || a.order - b.order);
  return open[0]?.tenant;
}

/** Tokens (in and out) and cost (micro-USD) of a tenant's agent runs recorded since `since` (ms). */
export async function agentUsageSince(db: Executor, tenantId: string, since: number) {
  const row = await db
    .selectFrom('audience_versions')
    .select((eb) => [
      eb.fn.sum<number | string | null>('agent_input_tokens').as('input'),
      eb.fn.sum<number | string | null>('agent_output_tokens').as('output'),
      eb.fn.sum<number | string | null>('agent_cost_micros').as('cost'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('agent_usage_at', '>=', since)
    .executeTakeFirst();
  return {
    tokens: Number(row?.input ?? 0) + Number(row?.output ?? 0),
    costMicros: Number(row?.cost ?? 0),
  };
}

/** Processing versions whose worker stopped renewing its lease (it died or hung). */
export async function expiredLeases(tx: Executor, now: number, limit: number, tenantId?: TenantScope) {
  // No row lock here: each one is then moved under its audience's lock, in the usual lock order.
  let query = tx
    .selectFrom('audience_versions')
    .selectAll()
    .where('status', '=', 'processing')
    .where('lease_expires_at', '<', now)
    .limit(limit);
  if (tenantId !== undefined) query = query.where('tenant_id', 'in', scopeList(tenantId));
  return query.execute();
}

/**
 * Extends the leases of the versions a worker holds while the agent works; returns how many it
 * still holds (the others were lost: another worker took over).
 */
export async function renewLeases(
  db: Executor,
  tenantId: string,
  versionIds: readonly string[],
  owner: string,
  leaseUntil: number,
): Promise<number> {
  const result = await db
    .updateTable('audience_versions')
    .set({ lease_expires_at: leaseUntil })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', versionIds)
    .where('status', '=', 'processing')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The audience's waiting versions (pending or queued). */
export async function waitingVersionIds(
  db: Executor,
  tenantId: string,
  audienceId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('audience_versions')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .where('status', 'in', ['pending', 'queued'])
    .execute();
  return rows.map((r) => r.id);
}

/** The newest version numbered below `versionNumber` that holds content: what undoing that version restores. */
export async function contentVersionBefore(
  db: Executor,
  tenantId: string,
  audienceId: string,
  versionNumber: number,
) {
  return versionsOfAudience(db, tenantId, audienceId)
    .where('content', 'is not', null)
    .where('version_number', '<', versionNumber)
    .orderBy('version_number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One page of an audience's versions, newest first (version_number desc). */
export async function listVersionsOfAudience(
  db: Executor,
  tenantId: string,
  audienceId: string,
  after: number | null,
  limit: number,
) {
  let query = db
    .selectFrom('audience_versions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId);
  if (after !== null) query = query.where('version_number', '<', after);
  return query.orderBy('version_number', 'desc').limit(limit).execute();
}

export async function countVersionsOfAudience(db: Executor, tenantId: string, audienceId: string) {
  const row = await db
    .selectFrom('audience_versions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('audience_id', '=', audienceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
