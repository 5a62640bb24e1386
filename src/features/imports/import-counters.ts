import type { ImportJob } from './imports.repository.js';

/** A job's row counters as the API and the `import.*` events name them (no personal data). */
export function importCounters(job: ImportJob) {
  return {
    rowsTotal: job.rows_total,
    rowsRead: job.rows_read,
    personsCreated: job.persons_created,
    personsUpdated: job.persons_updated,
    accountsCreated: job.accounts_created,
    accountsUpdated: job.accounts_updated,
    audiencesCreated: job.audiences_created,
    rowsUnchanged: job.rows_unchanged,
    draftsRequeued: job.drafts_requeued,
    rejects: job.rejects_count,
  };
}
