import { Type } from 'typebox';
import type { App } from '../../http/app-types.js';
import { PathId } from '../../http/common.schemas.js';
import { problemResponses } from '../../http/problem.js';
import { Brand, BrandPath, CreateBrandBody, UpdateBrandBody } from './brands.schemas.js';
import { createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './brands.service.js';

/** Operator API for brands (same services as `quire brands`). */
export function brandsAdminRoutes(app: App): void {
  app.get(
    '/tenants/:tenant/brands',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminListBrands',
        tags: ['Brands'],
        summary: "List a tenant's brands, by name",
        params: Type.Object({ tenant: PathId }),
        response: { 200: Type.Object({ items: Type.Array(Brand) }), ...problemResponses('not_found') },
      },
    },
    async (request) => listBrands(app.db, request.tenantId),
  );
  app.get(
    '/tenants/:tenant/brands/:brand_id',
    {
      config: { policy: { access: 'viewer' } },
      schema: {
        operationId: 'adminGetBrand',
        tags: ['Brands'],
        summary: 'Show a brand',
        params: BrandPath,
        response: { 200: Brand, ...problemResponses('not_found') },
      },
    },
    async (request) => getBrand(app.db, request.tenantId, request.params.brand_id),
  );
  app.post(
    '/tenants/:tenant/brands',
    {
      config: { policy: { access: 'editor', action: 'brand.create' } },
      schema: {
        operationId: 'adminCreateBrand',
        tags: ['Brands'],
        summary: 'Create a brand (its colours must pass WCAG AA contrast)',
        params: Type.Object({ tenant: PathId }),
        body: CreateBrandBody,
        response: { 201: Brand, ...problemResponses('not_found') },
      },
    },
    async (request, reply) => {
      const brand = await createBrand(app.db, request.tenantId, request.body);
      return reply.code(201).send(brand);
    },
  );
  app.patch(
    '/tenants/:tenant/brands/:brand_id',
    {
      config: { policy: { access: 'editor', action: 'brand.update' } },
      schema: {
        operationId: 'adminUpdateBrand',
        tags: ['Brands'],
        summary: "Change a brand's name, files, colours (a whole set), font or button radius",
        params: BrandPath,
        body: UpdateBrandBody,
        response: { 200: Brand, ...problemResponses('not_found') },
      },
    },
    async (request) => updateBrand(app.db, request.tenantId, request.params.brand_id, request.body),
  );
  app.delete(
    '/tenants/:tenant/brands/:brand_id',
    {
      config: { policy: { access: 'editor', action: 'brand.delete' } },
      schema: {
        operationId: 'adminDeleteBrand',
        tags: ['Brands'],
        summary: 'Delete a brand (pages naming it render with the default look)',
        params: BrandPath,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...problemResponses('not_found') },
      },
    },
    async (request, reply) => {
      await deleteBrand(app.db, request.tenantId, request.params.brand_id);
      return reply.code(204).send(null);
    },
  );
}
