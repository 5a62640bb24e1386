import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { SCOPES, type Scope } from '../../src/domain/scopes.js';
import { createExperiment } from '../../src/features/experiments/experiments.service.js';
import { createApiKey } from '../../src/features/tenants/tenants.service.js';
import { makeAsset, makeTopic } from '../asset-factories.js';
import { makeAccountLog, makePerson, makeTenant, type TestTenant } from '../factories.js';
import { describeEachDatabase, type TestContext } from '../harness.js';
import { DEMO_EXPERIMENT } from '../mcp-tool-plan.js';
import { makeAudience } from '../pages-factories.js';

interface Operation {
  method: string;
  path: string;
  scope: Scope;
  /** GET /v0/events: a Server-Sent Events stream never ends; src/features/event-stream tests its scope. */
  stream: boolean;
}

/** Every /v0 operation of the published document, with the scope it declares. */
async function operations(ctx: TestContext): Promise<Operation[]> {
  const doc = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, never>][]) {
    for (const [method, operation] of Object.entries(item) as [string, Record<string, unknown>][]) {
      const scope = operation['x-required-scope'] as Scope;
      assert.ok(SCOPES.includes(scope), `${method} ${path} declares a known scope (got ${String(scope)})`);
      assert.deepEqual(operation.security, [{ apiKey: [scope] }], `${method} ${path} security`);
      assert.ok('403' in (operation.responses as object), `${method} ${path} documents its 403`);
      const stream = Object.values(operation.responses as Record<string, { content?: object }>).some(
        (response) => response.content !== undefined && 'text/event-stream' in response.content,
      );
      list.push({ method: method.toUpperCase(), path, scope, stream });
    }
  }
  return list;
}

describeEachDatabase('API key scopes', (ctx) => {
  let tenant: TestTenant;
  let ids: Record<string, string>;
  let ops: Operation[];

  before(async () => {
    tenant = await makeTenant(ctx);
    const person = await makePerson(ctx, tenant);
    const log = await makeAccountLog(ctx, tenant);
    const audience = await makeAudience(ctx, tenant);
    const asset = await makeAsset(ctx, tenant);
    const { topic } = await makeTopic(ctx, tenant, [{ content: 'An entry' }]);
    const experiment = await createExperiment(
      ctx.database.db,
      tenant.tenantId,
      audience.pageId,
      structuredClone(DEMO_EXPERIMENT) as never,
    );
    ids = {
      person_id: person.personId,
      account_id: log.accountId,
      account_log_id: log.accountLogId,
      person_log_id: 'plog_unknown',
      page_id: audience.pageId,
      audience_id: audience.audienceId,
      version_id: audience.versionId,
      asset_id: asset.id,
      topic_id: topic.id,
      experiment_id: experiment.experimentId,
    };
    ops = await operations(ctx);
  });

  const url = (path: string) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => {
      assert.ok(ids[name], `an id for {${name}}`);
      return ids[name]!;
    });
  const key = async (scopes: Scope[] | null) =>
    (await createApiKey(ctx.database.db, tenant.tenantId, 'test', scopes)).apiKey;
  const call = (op: Operation, apiKey: string) =>
    ctx.request({
      method: op.method as never,
      url: url(op.path),
      key: apiKey,
      body: op.method === 'GET' ? undefined : {},
    });

  it('every /v0 read needs a :read scope, publishing pages:publish and every other write a :write scope', () => {
    assert.ok(ops.length >= 24, `found ${ops.length} operations`);
    for (const op of ops) {
      const expected = op.method === 'GET' ? ':read' : op.path.endsWith('/publish') ? ':publish' : ':write';
      assert.ok(op.scope.endsWith(expected), `${op.method} ${op.path} needs ${op.scope}`);
    }
  });

  it('pages:write does not publish; pages:publish publishes and reads pages, but writes nothing else', async () => {
    const publish = ops.find((op) => op.path.endsWith('/publish'))!;
    const writer = await key(['pages:write']);
    const refused = await call(publish, writer);
    assert.equal(refused.status, 403, refused.raw);
    assert.match(refused.body.detail, /needs the scope pages:publish; the API key has: pages:write/);
    const publisher = await key(['pages:publish']);
    // Not the event stream (pages:read): its answer never ends; src/features/event-stream tests its scope.
    for (const op of ops.filter((o) => o.scope.startsWith('pages:') && !o.stream)) {
      const response = await call(op, publisher);
      if (op === publish || op.method === 'GET')
        assert.notEqual(response.status, 403, `${op.path}: ${response.raw}`);
      else assert.equal(response.status, 403, `${op.method} ${op.path}: ${response.raw}`);
    }
  });

  it('a read-only key reads everything (200) and is refused every write (403 naming the scope)', async () => {
    const readOnly = await key(['pages:read', 'persons:read', 'assets:read']);
    for (const op of ops.filter((o) => !o.stream)) {
      const response = await call(op, readOnly);
      if (op.method === 'GET') {
        assert.equal(response.status, 200, `${op.method} ${op.path}: ${response.raw}`);
      } else {
        assert.equal(response.status, 403, `${op.method} ${op.path}: ${response.raw}`);
        assert.equal(response.body.code, 'forbidden');
        assert.match(response.headers['content-type'] as string, /application\/problem\+json/);
        assert.ok(response.body.detail.includes(op.scope), response.body.detail);
      }
    }
  });

  it('a persons:write key cannot touch pages, audiences or assets, and reads persons', async () => {
    const personsWriter = await key(['persons:write']);
    for (const op of ops.filter((o) => !o.stream)) {
      const response = await call(op, personsWriter);
      if (op.scope.startsWith('persons:')) {
        assert.notEqual(response.status, 403, `${op.method} ${op.path}: ${response.raw}`);
        if (op.method === 'GET')
          assert.equal(response.status, 200, `${op.method} ${op.path}: ${response.raw}`);
      } else {
        assert.equal(response.status, 403, `${op.method} ${op.path}: ${response.raw}`);
      }
    }
    const created = await ctx.request({
      method: 'POST',
      url: '/v0/persons',
      key: personsWriter,
      body: { name: 'Written with persons:write' },
    });
    assert.equal(created.status, 201, created.raw);
  });

  it('a key created without scopes keeps full access', async () => {
    const full = await key(null);
    const restore = ops.find((op) => op.path === '/v0/pages/{page_id}/restore')!;
    const response = await call(restore, full);
    assert.notEqual(response.status, 403, response.raw);
    assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: full })).status, 200);
  });

  it('an unknown URL is still a 404 for a scoped key', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/v0/nothing-here',
      key: await key(['pages:read']),
    });
    assert.equal(response.status, 404, response.raw);
  });

  it("records a key's last use, off the request's path", async () => {
    const created = await createApiKey(ctx.database.db, tenant.tenantId, 'usage', ['persons:read']);
    const lastUsed = () =>
      ctx.database.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', created.keyId)
        .executeTakeFirstOrThrow();
    assert.equal((await lastUsed()).last_used_at, null);
    const before = Date.now();
    assert.equal((await ctx.request({ method: 'GET', url: '/v0/persons', key: created.apiKey })).status, 200);
    for (let i = 0; i < 50 && (await lastUsed()).last_used_at === null; i++) await sleep(20);
    const at = Number((await lastUsed()).last_used_at);
    assert.ok(at >= before - 1 && at <= Date.now(), `last_used_at ${at}`);
  });
});
