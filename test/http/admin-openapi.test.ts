import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { declaredAdminRoutes } from '../../src/features/admin/route-roles.js';
import { adminGet } from '../admin-client.js';
import { makeOperator, signIn } from '../console-factories.js';
import { makeTenant } from '../factories.js';
import { describeEachDatabase } from '../harness.js';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are walked structurally
type Doc = any;

/** Every operation of a document with its method and path. */
function operationsOf(doc: Doc): { method: string; path: string; op: Doc }[] {
  return Object.entries(doc.paths as Record<string, Doc>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Doc>).map(([method, op]) => ({ method, path, op })),
  );
}

/** `/admin/v0/tenants/{tenant}` -> `/admin/v0/tenants/:tenant`, the router's template. */
function templateOf(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

describeEachDatabase('GET /admin/v0/openapi.json', (ctx) => {
  it('is a valid OpenAPI 3.1 document of the operator API only', async () => {
    const response = await adminGet(ctx, '/openapi.json');
    assert.equal(response.status, 200, response.raw);
    const doc = response.body;
    assert.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));

    const paths = Object.keys(doc.paths);
    assert.ok(paths.length > 50, `${paths.length} paths`);
    assert.deepEqual(
      paths.filter((p) => !p.startsWith('/admin/v0/')),
      [],
    );
    assert.ok(!paths.some((p) => p.includes('_malformed-url')));
    for (const path of ['/admin/v0/tenants', '/admin/v0/tenants/{tenant}/pages', '/admin/v0/openapi.json'])
      assert.ok(doc.paths[path], path);
    const publicDoc = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    assert.deepEqual(
      Object.keys(publicDoc.paths).filter((p) => !p.startsWith('/v0/')),
      [],
      'the public document stays /v0 only',
    );
  });

  it('gives every operation an id, a described tag, a summary, its role, security and problems', async () => {
    const doc = (await adminGet(ctx, '/openapi.json')).body;
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), [
      'adminToken',
      'consoleSession',
      'csrfToken',
    ]);
    assert.equal(doc.components.securitySchemes.adminToken.scheme, 'bearer');
    assert.equal(doc.components.securitySchemes.consoleSession.in, 'cookie');
    assert.equal(doc.components.securitySchemes.csrfToken.name, 'X-CSRF-Token');
    const tags = new Map(doc.tags.map((t: Doc) => [t.name, t.description]));
    const ids = new Set<string>();
    for (const { method, path, op } of operationsOf(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.match(String(op.operationId), /^[a-z][A-Za-z]+$/, `${where}: operationId`);
      assert.ok(!ids.has(op.operationId), `${where}: operationId ${op.operationId} is unique`);
      ids.add(op.operationId);
      assert.equal(op.tags?.length, 1, `${where}: one tag`);
      assert.ok(tags.get(op.tags[0]), `${where}: tag ${op.tags[0]} is declared with a description`);
      assert.ok(String(op.summary ?? '').length > 5, `${where}: summary`);
      const policy = declaredAdminRoutes(ctx.app).find(
        (route) => route.method === method.toUpperCase() && route.url === templateOf(path),
      )?.policy;
      assert.ok(policy, `${where} declares its role`);
      assert.equal(op['x-required-role'], policy.access, where);
      const statuses = Object.keys(op.responses);
      assert.ok(
        statuses.some((s) => /^2/.test(s)),
        `${where}: a success response`,
      );
      if (policy.access === 'public') {
        assert.deepEqual(op.security, [], where);
        continue;
      }
      const write = method !== 'get';
      assert.deepEqual(
        op.security,
        write
          ? [{ adminToken: [] }, { consoleSession: [], csrfToken: [] }]
          : [{ adminToken: [] }, { consoleSession: [] }],
        where,
      );
      for (const status of ['401', '403']) assert.ok(statuses.includes(status), `${where}: ${status}`);
      if (path.includes('{tenant}')) assert.ok(statuses.includes('404'), `${where}: 404`);
      for (const [status, response] of Object.entries(op.responses) as [string, Doc][]) {
        if (!/^[45]/.test(status)) continue;
        const media = response.content['application/problem+json'];
        assert.equal(media.schema.$ref, '#/components/schemas/Problem', `${where} ${status}`);
        for (const [code, example] of Object.entries(media.examples) as [string, Doc][]) {
          assert.equal(example.value.code, code, `${where} ${status}`);
          assert.equal(example.value.status, Number(status), `${where} ${code}`);
        }
      }
    }
    const listPages = doc.paths['/admin/v0/tenants/{tenant}/pages'].get;
    assert.equal(listPages.operationId, 'adminListPages');
    assert.equal(listPages['x-required-role'], 'viewer');
    assert.match(
      listPages.responses['403'].content['application/problem+json'].examples.forbidden.value.detail,
      /password/,
    );
    const createPage = doc.paths['/admin/v0/tenants/{tenant}/pages'].post;
    assert.equal(createPage['x-required-role'], 'editor');
    assert.equal(
      createPage.responses['403'].content['application/problem+json'].examples.forbidden.value.detail,
      'This needs the editor role; you are viewer',
    );
  });

  it('is readable by any signed-in operator, a viewer too, and by no one without credentials', async () => {
    const tenant = await makeTenant(ctx);
    const viewer = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const session = await signIn(ctx, viewer.email, viewer.password);
    const read = await session.request('GET', '/admin/v0/openapi.json');
    assert.equal(read.status, 200, read.raw);
    assert.equal(read.body.info.title, 'Quire operator API');
    const anonymous = await ctx.request({ method: 'GET', url: '/admin/v0/openapi.json' });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.code, 'unauthenticated');
  });
});
