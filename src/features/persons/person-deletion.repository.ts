import { sql } from 'kysely';
import { mentions } from '../../db/mentions.js';
import type { Executor } from '../../db/schema.js';

/** What an erased document (event payload, audit before/after) holds instead. */
export const ERASED = JSON.stringify({ erased: true });

/** The person's audiences: their personalised pages, which are about the person. */
export async function findPersonAudiences(db: Executor, tenantId: string, personId: string) {
  return db
    .selectFrom('audiences')
    .select(['id', 'page_id', 'archived_at'])
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', personId)
    .execute();
}

/**
 * Deletes audiences with their versions, changes, conversation, messages and page views and clicks.
 * Answers the count of each kind.
 */
export async function deleteAudiencesWithHistory(db: Executor, tenantId: string, audienceIds: string[]) {
  if (audienceIds.length === 0) return {};
  const conversations = db
    .selectFrom('conversations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('audience_id', 'in', audienceIds);
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const messages = count(
    await db
      .deleteFrom('messages')
      .where('tenant_id', '=', tenantId)
      .where('conversation_id', 'in', conversations)
      .executeTakeFirst(),
  );
  const byAudience = async (
    table: 'version_changes' | 'conversations' | 'audience_versions' | 'page_events',
  ): Promise<number> =>
    count(
      await db
        .deleteFrom(table)
        .where('tenant_id', '=', tenantId)
        .where('audience_id', 'in', audienceIds)
        .executeTakeFirst(),
    );
  const versionChanges = await byAudience('version_changes');
  const conversationRows = await byAudience('conversations');
  const versions = await byAudience('audience_versions');
  const pageEvents = await byAudience('page_events');
  const audiences = count(
    await db
      .deleteFrom('audiences')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', audienceIds)
      .executeTakeFirst(),
  );
  return {
    audiences,
    versions,
    versionChanges,
    conversations: conversationRows,
    messages,
    pageEvents,
  };
}

/** The person's logs, counted per account and state (for the account's log counters), then deleted. */
export async function deletePersonLogs(db: Executor, tenantId: string, personId: string) {
  const groups = await db
    .selectFrom('person_logs')
    .select(['account_id', sql<number>`count(*)`.as('n')])
    .select(sql<number>`sum(case when deleted_at is null then 1 else 0 end)`.as('live'))
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', personId)
    .groupBy('account_id')
    .execute();
  const ids = await db
    .deleteFrom('person_logs')
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', personId)
    .returning('id')
    .execute();
  return {
    ids: ids.map((r) => r.id),
    perAccount: groups.map((g) => ({
      accountId: g.account_id,
      live: Number(g.live),
      deleted: Number(g.n) - Number(g.live),
    })),
  };
}

export async function deletePersonRow(db: Executor, tenantId: string, personId: string): Promise<number> {
  const result = await db
    .deleteFrom('persons')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Replaces with ERASED the payload of each event of the tenant that names the person or belongs
 * to one of `audienceIds`. Answers how many changed.
 */
export async function eraseEventsNaming(
  db: Executor,
  tenantId: string,
  personId: string,
  audienceIds: string[],
): Promise<number> {
  const result = await db
    .updateTable('events')
    .set({ data: ERASED })
    .where('tenant_id', '=', tenantId)
    .where('data', '<>', ERASED)
    .where((eb) =>
      eb.or([
        mentions('data', personId),
        ...(audienceIds.length > 0 ? [eb('audience_id', 'in', audienceIds)] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Replaces with ERASED the before/after documents of each audit entry of the tenant whose record is
 * one of `recordIds` or that names the person. The entries stay: who did what, and when, is kept.
 */
export async function eraseAuditDocumentsNaming(
  db: Executor,
  tenantId: string,
  personId: string,
  recordIds: string[],
): Promise<number> {
  const erased = (column: 'before' | 'after') =>
    sql<string | null>`case when ${sql.ref(column)} is null then null else ${ERASED} end`;
  const result = await db
    .updateTable('audit_log')
    .set({ before: erased('before'), after: erased('after') })
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb('record_id', 'in', [personId, ...recordIds]),
        mentions('before', personId),
        mentions('after', personId),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('before', 'is not', null), eb('before', '<>', ERASED)]),
        eb.and([eb('after', 'is not', null), eb('after', '<>', ERASED)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Stored operator API answers (Idempotency-Key replays) that name the person. */
export async function deleteIdempotencyRecordsNaming(db: Executor, personId: string): Promise<number> {
  const result = await db
    .deleteFrom('admin_idempotency')
    .where(mentions('response_body', personId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The person's form submissions (their fields are the person's data), deleted with the person. */
export async function deletePersonSubmissions(db: Executor, tenantId: string, personId: string) {
  const result = await db
    .deleteFrom('form_submissions')
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The person's exposures to experiments as a unit of its own (docs/experiments.md), deleted with the person. */
export async function deletePersonExposures(db: Executor, tenantId: string, personId: string) {
  const result = await db
    .deleteFrom('experiment_assignments')
    .where('tenant_id', '=', tenantId)
    .where('unit_kind', '=', 'person')
    .where('unit_key', '=', personId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
