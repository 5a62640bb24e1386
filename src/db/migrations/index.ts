import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as accounts from './0002-accounts.js';
import * as pages from './0003-pages.js';
import * as assetsTopics from './0004-assets-topics.js';
import * as keyScopes from './0005-key-scopes.js';
import * as hostedPages from './0006-hosted-pages.js';
import * as eventsWebhooks from './0007-events-webhooks.js';
import * as heroContentInstanceSecrets from './0009-hero-content-instance-secrets.js';
import * as operators from './0010-operators.js';
import * as tenantScopedSearch from './0011-tenant-scoped-search.js';
import * as tenantScopedSearchPostgres from './0012-tenant-scoped-search-postgres.js';
import * as tenantKeyedEventPositions from './0013-tenant-keyed-event-positions.js';
import * as filesBrands from './0014-files-brands.js';
import * as pageBlocksTraits from './0015-page-blocks-traits.js';
import * as operatorsPerTenant from './0016-operators-per-tenant.js';
import * as tenantHostClaims from './0017-tenant-host-claims.js';
import * as versionAgentUsage from './0018-version-agent-usage.js';
import * as formSubmissions from './0019-form-submissions.js';
import * as imports from './0020-imports.js';
import * as experiments from './0021-experiments.js';
import * as importLeases from './0022-import-leases.js';
import * as importDraftsRequeued from './0023-import-drafts-requeued.js';
import * as versionQueueByTenant from './0024-version-queue-by-tenant.js';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so the same code runs
 * under tsx, in tests and in any bundle. A new migration gets the next number and a line here.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-pages': pages,
  '0004-assets-topics': assetsTopics,
  '0005-key-scopes': keyScopes,
  '0006-hosted-pages': hostedPages,
  '0007-events-webhooks': eventsWebhooks,
  '0009-hero-content-instance-secrets': heroContentInstanceSecrets,
  '0010-operators': operators,
  '0011-tenant-scoped-search': tenantScopedSearch,
  '0012-tenant-scoped-search-postgres': tenantScopedSearchPostgres,
  '0013-tenant-keyed-event-positions': tenantKeyedEventPositions,
  '0014-files-brands': filesBrands,
  '0015-page-blocks-traits': pageBlocksTraits,
  '0016-operators-per-tenant': operatorsPerTenant,
  '0017-tenant-host-claims': tenantHostClaims,
  '0018-version-agent-usage': versionAgentUsage,
  '0019-form-submissions': formSubmissions,
  '0020-imports': imports,
  '0021-experiments': experiments,
  '0022-import-leases': importLeases,
  '0023-import-drafts-requeued': importDraftsRequeued,
  '0024-version-queue-by-tenant': versionQueueByTenant,
};
