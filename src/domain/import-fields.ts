/**
 * The fields a target-list column can be mapped to (docs/imports.md): one list, shared by the
 * server's parsing (src/features/imports/import-parse.ts) and the console's mapping step.
 */
export const IMPORT_FIELDS = [
  'email',
  'name',
  'firstName',
  'lastName',
  'company',
  'domain',
  'title',
  'linkedin',
  'phone',
  'industry',
  'employees',
  'region',
  'tier',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
