import type { App } from '../../http/app-types.js';
import { problemResponses } from '../../http/problem.js';
import { getPageAdmin } from './get-page.admin.js';
import { listPagesAdmin } from './list-pages.admin.js';
import {
  AdminPagePath,
  AdminTenantPath,
  CreatePageInput,
  Page,
  toPage,
  UpdatePageInput,
} from './pages.schemas.js';
import { archivePage, createPage, deletePage, restorePage, updatePage } from './pages.service.js';

/** Operator API for pages (the same service as `quire pages ...`). */
export function pagesAdminRoutes(app: App): void {
  listPagesAdmin(app);
  getPageAdmin(app);
  app.post(
    '/tenants/:tenant/pages',
    {
      config: { policy: { access: 'editor', action: 'page.create' } },
      schema: {
        operationId: 'adminCreatePage',
        tags: ['Pages'],
        summary: 'Create a page',
        params: AdminTenantPath,
        body: CreatePageInput,
        response: { 201: Page, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request, reply) => {
      const { tenantId } = request;
      const page = await createPage(app.db, tenantId, request.body);
      return reply.code(201).send(toPage(page));
    },
  );
  app.patch(
    '/tenants/:tenant/pages/:page_id',
    {
      config: { policy: { access: 'editor', action: 'page.update' } },
      schema: {
        operationId: 'adminUpdatePage',
        tags: ['Pages'],
        summary: 'Change a page (name, content, actions, settings)',
        params: AdminPagePath,
        body: UpdatePageInput,
        response: { 200: Page, ...problemResponses('not_found', 'conflict') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toPage(await updatePage(app.db, tenantId, request.params.page_id, request.body));
    },
  );
  app.post(
    '/tenants/:tenant/pages/:page_id/archive',
    {
      config: { policy: { access: 'editor', action: 'page.archive' } },
      schema: {
        operationId: 'adminArchivePage',
        tags: ['Pages'],
        summary: 'Archive a page',
        params: AdminPagePath,
        response: { 200: Page, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toPage(await archivePage(app.db, tenantId, request.params.page_id));
    },
  );
  // The rules of POST /v0/pages/{id}/restore: back to the status before archiving; deleted no more.
  app.post(
    '/tenants/:tenant/pages/:page_id/restore',
    {
      config: { policy: { access: 'editor', action: 'page.restore' } },
      schema: {
        operationId: 'adminRestorePage',
        tags: ['Pages'],
        summary: 'Restore an archived or deleted page to its status before',
        params: AdminPagePath,
        response: { 200: Page, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toPage(await restorePage(app.db, tenantId, request.params.page_id));
    },
  );
  app.delete(
    '/tenants/:tenant/pages/:page_id',
    {
      config: { policy: { access: 'editor', action: 'page.delete' } },
      schema: {
        operationId: 'adminDeletePage',
        tags: ['Pages'],
        summary: 'Delete a page (it can be restored)',
        params: AdminPagePath,
        response: { 200: Page, ...problemResponses('not_found') },
      },
    },
    async (request) => {
      const { tenantId } = request;
      return toPage(await deletePage(app.db, tenantId, request.params.page_id));
    },
  );
}
