import type { PagesTable } from '../../db/schema.js';
import type { OutgoingEvent } from '../../outbox/emit.js';
import { toPage } from './pages.schemas.js';

/**
 * `page.published` when a page's status becomes published (created published, updated to it, or
 * restored to it), `page.archived` when it becomes archived (archived or deleted); `data.page` is
 * the page as GET /v0/pages/{id} returns it.
 */
export function pageStatusEvents(before: PagesTable | null, after: PagesTable): OutgoingEvent[] {
  if (before !== null && before.status === after.status) return [];
  if (after.status === 'published') return [{ type: 'page.published', data: { page: toPage(after) } }];
  if (after.status === 'archived') return [{ type: 'page.archived', data: { page: toPage(after) } }];
  return [];
}
