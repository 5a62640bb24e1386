import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createAdminClient } from '@quire/client/admin';
import { ADMIN_TOKEN, DIALECTS } from '../harness.js';
import { envFor, serve, stop } from '../processes.js';

for (const dialect of DIALECTS) {
  describe(`@quire/client/admin against a real server [${dialect}]`, () => {
    it('lists tenants, creates a page and lists it, with typed answers and problems', async () => {
      const { child, base } = await serve({ ...envFor(dialect), ADMIN_TOKEN });
      try {
        const admin = createAdminClient({ baseUrl: base, adminToken: ADMIN_TOKEN });
        const name = `client-${randomBytes(4).toString('hex')}`;
        const created = await admin.POST('/admin/v0/tenants', { body: { name } });
        assert.equal(created.response.status, 201, JSON.stringify(created.error));
        const tenantId = created.data!.tenantId;

        const tenants = await admin.GET('/admin/v0/tenants');
        assert.equal(tenants.response.status, 200);
        const listed = tenants.data!.items.find((t) => t.tenantId === tenantId);
        assert.equal(listed?.name, name);
        assert.deepEqual(listed?.keys, []);

        const params = { path: { tenant: tenantId } };
        const page = await admin.POST('/admin/v0/tenants/{tenant}/pages', {
          params,
          body: { brandId: 'brand_acme', name: 'Spring launch', title: 'Spring at Acme' },
        });
        assert.equal(page.response.status, 201, JSON.stringify(page.error));
        assert.match(page.data!.pageId, /^page_/);

        const pages = await admin.GET('/admin/v0/tenants/{tenant}/pages', { params });
        assert.equal(pages.response.status, 200);
        assert.deepEqual(
          pages.data!.items.map((p) => [p.pageId, p.name, p.title]),
          [[page.data!.pageId, 'Spring launch', 'Spring at Acme']],
        );
        assert.equal(pages.data!.totalCount, 1);

        // Errors come back as the typed problem, naming the field.
        const refused = await admin.POST('/admin/v0/tenants/{tenant}/pages', {
          params,
          body: { brandId: 'brand_acme', name: '', title: 'Spring' },
        });
        assert.equal(refused.response.status, 400);
        assert.equal(refused.error?.code, 'validation_failed');
        assert.equal(refused.error?.errors?.[0]?.pointer, '/name');

        const anonymous = createAdminClient({ baseUrl: base });
        const denied = await anonymous.GET('/admin/v0/tenants');
        assert.equal(denied.response.status, 401);
        assert.equal(denied.error?.code, 'unauthenticated');
      } finally {
        assert.equal(await stop(child), 0);
      }
    });
  });
}
