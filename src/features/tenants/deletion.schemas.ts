import { Type } from 'typebox';
import { Count } from '../../http/common.schemas.js';
import { FlagQuery } from '../../http/query-flags.js';

/** `?dryRun=true`: answer what the deletion would remove, removing nothing. */
export const DryRunQuery = Type.Object(
  { dryRun: FlagQuery('Answer what would be removed, and remove nothing.') },
  { additionalProperties: false },
);

/** The counts every deletion answers (src/features/tenants/delete-tenant.service.ts, Deletion). */
export const DeletionCounts = {
  dryRun: Type.Boolean({ description: 'True when nothing was removed: the counts are what would be.' }),
  removed: Type.Record(Type.String(), Count, {
    description: 'Rows removed (or that would be), per kind; kinds with none are left out.',
  }),
  changed: Type.Record(Type.String(), Count, {
    description: 'Rows changed rather than removed (erased documents, unlinked records), per kind.',
  }),
};
