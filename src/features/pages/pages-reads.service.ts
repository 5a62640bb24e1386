import type { Db } from '../../db/schema.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page as ListPage } from '../../lists/pagination.js';
import { countPagesOfTenant, listPagesOfTenant, type PageFilters } from './pages.repository.js';
import { type Page, toPage } from './pages.schemas.js';
import { getPage } from './pages.service.js';

/** Operator reads of pages, behind both `GET /admin/v0/tenants/{tenant}/pages...` and `quire pages list|show`. */
export function listPages(
  db: Db,
  tenantId: string,
  filters: PageFilters & PageRequest,
): Promise<ListPage<Page>> {
  const { cursor, limit, ...narrow } = filters;
  return keysetPage(
    { cursor, limit },
    {
      shape: ['number', 'string'], // created_at desc, id desc
      filters: narrow,
      fetch: (after, size) => listPagesOfTenant(db, tenantId, narrow, after, size),
      count: () => countPagesOfTenant(db, tenantId, narrow),
      keyOf: (row) => [row.created_at, row.id],
      map: toPage,
    },
  );
}

export async function showPage(db: Db, tenantId: string, pageId: string): Promise<Page> {
  return toPage(await getPage(db, tenantId, pageId));
}
