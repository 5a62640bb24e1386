/**
 * The console's ONE way to the server: every call to the operator API (/admin/v0) goes through
 * this folder, one file per domain (session, pages, people, library, audit, settings) over one
 * client (client.ts) and the types derived from the generated schema (types.ts). Screens import
 * from here; add a call to the file of its domain.
 */
import { auditCalls } from './audit';
import { experimentCalls } from './experiments';
import { brandCalls, fileCalls } from './files';
import { formCalls } from './forms';
import { importCalls } from './imports';
import { assetCalls, topicCalls } from './library';
import { audienceCalls, pageCalls } from './pages';
import { peopleCalls } from './people';
import { sessionCalls } from './session';
import { settingsCalls } from './settings';

export { FONT_STACKS } from '../../../src/domain/brand-fonts.js';
export { SCOPES } from '../../../src/domain/scopes.js';
export { EVENT_TYPES } from '../../../src/outbox/event-types.js';
export { ApiProblem } from './client';
export { fileSrc } from './files';
export { submissionsCsvUrl } from './forms';
export {
  type ImportEngagementItem,
  type ImportEngagementTotals,
  type ImportJob,
  type ImportPreview,
  importFiles,
} from './imports';
export { CONVERSATION_PAGE, engagementApi, extras } from './pages';
export { searchApi } from './people';
export { settingsApi, webhookCheckApi, webhookEditApi } from './settings';
export * from './types';

export const api = {
  ...sessionCalls,
  ...pageCalls,
  ...importCalls,
  ...audienceCalls,
  ...formCalls,
  ...peopleCalls,
  ...assetCalls,
  ...topicCalls,
  ...auditCalls,
  ...settingsCalls,
  ...experimentCalls,
  ...fileCalls,
  ...brandCalls,
};
