import { addToCounter } from '../../db/counters.repository.js';
import { writeOrRehearse } from '../../db/rehearsal.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { findAccount, moveLinkedPersons } from '../accounts/accounts.repository.js';
import { EMPTY_ACCOUNTS_COUNTER, logCounter, recomputeLatestActivity } from '../accounts/accounts.service.js';
import { addToAudiencesCount } from '../pages/pages.repository.js';
import type { Deletion } from '../tenants/delete-tenant.service.js';
import {
  deleteAudiencesWithHistory,
  deleteIdempotencyRecordsNaming,
  deletePersonExposures,
  deletePersonLogs,
  deletePersonRow,
  deletePersonSubmissions,
  eraseAuditDocumentsNaming,
  eraseEventsNaming,
  findPersonAudiences,
} from './person-deletion.repository.js';
import { findPerson } from './persons.repository.js';
import { PERSONS_COUNTER } from './persons.service.js';

export interface PersonDeletion extends Deletion {
  personId: string;
}

/**
 * Deletes a person, in one transaction (README, "What a deletion removes"):
 * - the person, their logs, their form submissions, and their audiences (personalised pages are about the person) with
 *   their versions, conversation, messages and page views and clicks;
 * - the person's data elsewhere is erased, the records staying: the payload of every event naming
 *   the person or of their audiences, and the before/after documents of every audit entry about the
 *   person, their logs or audiences or naming the person, become {"erased": true};
 * - stored Idempotency-Key answers naming the person are deleted;
 * - the counts that include them (persons, the account's linked persons and logs, the pages'
 *   audiences) and the account's latest activity follow.
 * With `dryRun` the same work is rolled back and its counts answered. Another tenant's person is a 404.
 */
export async function deletePerson(
  db: Db,
  tenantId: string,
  personId: string,
  { dryRun }: { dryRun: boolean },
): Promise<PersonDeletion> {
  return writeOrRehearse(db, dryRun, async (tx) => {
    const person = await findPerson(tx, tenantId, personId);
    if (person === undefined) throw ApiError.notFound(`Person "${personId}"`);
    const now = Date.now();
    const removed: Record<string, number> = {};
    const count = (kind: string, n: number) => {
      if (n > 0) removed[kind] = n;
    };

    const audiences = await findPersonAudiences(tx, tenantId, personId);
    const audienceIds = audiences.map((a) => a.id);
    const changed: Record<string, number> = {};
    const erasedEvents = await eraseEventsNaming(tx, tenantId, personId, audienceIds);
    const logs = await deletePersonLogs(tx, tenantId, personId);
    const erasedAudit = await eraseAuditDocumentsNaming(tx, tenantId, personId, [
      ...audienceIds,
      ...logs.ids,
    ]);
    if (erasedEvents > 0) changed.erasedEvents = erasedEvents;
    if (erasedAudit > 0) changed.erasedAuditEntries = erasedAudit;

    count('persons', await deletePersonRow(tx, tenantId, personId));
    count('personLogs', logs.ids.length);
    count('formSubmissions', await deletePersonSubmissions(tx, tenantId, personId));
    await deletePersonExposures(tx, tenantId, personId);
    for (const [kind, n] of Object.entries(await deleteAudiencesWithHistory(tx, tenantId, audienceIds)))
      count(kind, n);
    count('idempotencyRecords', await deleteIdempotencyRecordsNaming(tx, personId));

    await addToCounter(tx, tenantId, PERSONS_COUNTER, -1);
    for (const audience of audiences) {
      // Archived audiences are already out of their page's count (audiences.service.ts).
      if (audience.archived_at === null) await addToAudiencesCount(tx, tenantId, audience.page_id, -1);
    }
    for (const group of logs.perAccount) {
      if (group.accountId === null) continue;
      await addToCounter(tx, tenantId, logCounter(group.accountId, 'person_logs', 'live'), -group.live);
      await addToCounter(tx, tenantId, logCounter(group.accountId, 'person_logs', 'deleted'), -group.deleted);
    }
    if (person.account_id !== null) {
      const remaining = await moveLinkedPersons(tx, tenantId, person.account_id, -1, now);
      if (remaining === 0) await addToCounter(tx, tenantId, EMPTY_ACCOUNTS_COUNTER, 1);
      const account = await findAccount(tx, tenantId, person.account_id);
      if (account !== undefined) await recomputeLatestActivity(tx, tenantId, account);
    }
    return { personId, dryRun, removed, changed };
  });
}
