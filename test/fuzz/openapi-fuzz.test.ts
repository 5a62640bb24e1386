import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { type DemoSeed, seedDemo } from '../../src/seed/demo.js';
import { describeEachDatabase, type TestContext, type TestResponse } from '../harness.js';
import { invalidBody, type Mutation, valid } from './arbitraries.js';
import { checkResponse, isStream, type Operation, operations } from './openapi.js';
import { databaseFingerprint } from './snapshot.js';

/**
 * Property-based tests of every /v0 operation, with inputs generated from the OpenAPI document the
 * server publishes. A fixed seed and a moderate count here (FUZZ_RUNS, FUZZ_SEED to change them);
 * `npm run fuzz` runs many more. Invariants: no 5xx; every response matches the schema declared
 * for its status; invalid input never gets a 2xx; a 4xx never writes anything.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

/** Path parameter name -> the seed member naming a real record of that kind. */
const SEEDED: Record<string, string> = {
  person_id: 'personId',
  person_log_id: 'personLogId',
  account_id: 'accountId',
  account_log_id: 'accountLogId',
  page_id: 'pageId',
  audience_id: 'audienceId',
  topic_id: 'topicId',
};

interface Stats {
  cases: number;
  byStatus: Record<string, number>;
}

describeEachDatabase('generated inputs for every /v0 operation', (ctx) => {
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document
  let doc: any;
  let seed: DemoSeed;
  const stats = new Map<string, Stats>();

  before(async () => {
    doc = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    seed = await seedDemo(ctx.database.db);
  });
  after(() => {
    const summary = Object.fromEntries([...stats].sort());
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync(
      `.tmp/fuzz-summary-${ctx.dialect}.json`,
      JSON.stringify({ runs: RUNS, seed: SEED, operations: summary }, null, 2),
    );
  });

  function record(op: Operation, status: number) {
    const s = stats.get(op.operationId) ?? { cases: 0, byStatus: {} };
    s.cases++;
    s.byStatus[status] = (s.byStatus[status] ?? 0) + 1;
    stats.set(op.operationId, s);
  }

  const pathValue = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(name).map((n) => seed[SEEDED[n] ?? ''] ?? 'unknown') },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
    );

  function urlOf(op: Operation, pathValues: Record<string, string>, query: Record<string, unknown>): string {
    let url = op.path;
    for (const [name, value] of Object.entries(pathValues))
      url = url.replace(`{${name}}`, encodeURIComponent(value));
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    return qs ? `${url}?${qs}` : url;
  }

  function validRequest(op: Operation) {
    const pathValues = fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue(p)])));
    const query = fc.record(
      Object.fromEntries(op.query.filter((q) => q.name !== 'cursor').map((q) => [q.name, valid(q.schema)])),
      { requiredKeys: op.query.filter((q) => q.required).map((q) => q.name) },
    );
    const body = op.body ? valid(op.body) : fc.constant(undefined);
    return fc.record({ pathValues, query, body });
  }

  async function send(op: Operation, url: string, body: unknown, key = seed.apiKey): Promise<TestResponse> {
    const response = await ctx.request({
      method: op.method,
      url,
      key,
      ...(body !== undefined || op.body ? { body: body === undefined ? {} : JSON.stringify(body) } : {}),
    });
    record(op, response.status);
    return response;
  }

  function assertDeclared(op: Operation, response: TestResponse, what: string) {
    assert.ok(
      response.status < 500,
      `${op.operationId} answered ${response.status} to ${what}: ${response.raw}`,
    );
    const problem = checkResponse(
      op,
      response.status,
      String(response.headers['content-type'] ?? ''),
      response.body,
    );
    assert.equal(problem, null, `${what}: ${problem}`);
  }

  it('knows the operations it fuzzes', () => {
    const ops = operations(doc);
    assert.ok(ops.length >= 3, 'the document has /v0 operations');
  });

  it('valid inputs: no 5xx, and every response matches its declared schema', async () => {
    for (const op of operations(doc).filter((o) => !isStream(o))) {
      await fc.assert(
        fc.asyncProperty(validRequest(op), async ({ pathValues, query, body }) => {
          const url = urlOf(op, pathValues as Record<string, string>, query);
          const response = await send(op, url, body);
          assertDeclared(op, response, `${op.method} ${url} ${JSON.stringify(body)?.slice(0, 300)}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
  });

  it('invalid bodies: a 4xx naming the problem, and nothing written', async () => {
    for (const op of operations(doc).filter((o) => o.body)) {
      await fc.assert(
        fc.asyncProperty(invalidBody(op.body!), async (mutation: Mutation) => {
          const pathValues = Object.fromEntries(
            op.pathParams.map((p) => [p, seed[SEEDED[p] ?? ''] ?? 'unknown']),
          );
          const url = urlOf(op, pathValues, {});
          const before = await databaseFingerprint(ctx.database.db, seed.tenantId);
          const response = await send(op, url, mutation.body);
          const what = `${op.method} ${url} with ${mutation.what}`;
          assert.ok(
            response.status >= 400 && response.status < 500,
            `${what} answered ${response.status}: ${response.raw}`,
          );
          assertDeclared(op, response, what);
          assert.equal(
            await databaseFingerprint(ctx.database.db, seed.tenantId),
            before,
            `${what} wrote to the database`,
          );
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }
  });

  it('invalid query parameters: 400 naming the parameter', async () => {
    const bad: Record<string, string[]> = {
      limit: ['0', '-1', '1.5', 'abc', ''],
      cursor: ['garbage', '!!!', 'eyJrIjpbXX0'],
      includePersonActivity: ['yes', '', '2'],
      includeDeleted: ['no', ''],
      includeEmptyOnly: ['maybe', ''],
      assetType: ['pdf', ''],
    };
    for (const op of operations(doc).filter((o) => o.method === 'GET')) {
      for (const param of op.query.filter((q) => bad[q.name])) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...bad[param.name]!), async (value) => {
            const pathValues = Object.fromEntries(
              op.pathParams.map((p) => [p, seed[SEEDED[p] ?? ''] ?? 'unknown']),
            );
            const url = urlOf(op, pathValues, { [param.name]: value });
            const response = await send(op, url, undefined);
            assert.equal(response.status, 400, `${url}: ${response.raw}`);
            assertDeclared(op, response, url);
            assert.ok(
              response.body.errors?.some((e: { parameter?: string }) => e.parameter === param.name),
              `${url} should name ${param.name}: ${response.raw}`,
            );
          }),
          { numRuns: Math.min(RUNS, bad[param.name]!.length * 2), seed: SEED },
        );
      }
    }
  });

  it('random API keys and headers: 401, never anything else', async () => {
    for (const op of operations(doc)) {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 300 }), async (key) => {
          const pathValues = Object.fromEntries(
            op.pathParams.map((p) => [p, seed[SEEDED[p] ?? ''] ?? 'unknown']),
          );
          const response = await send(op, urlOf(op, pathValues, {}), op.body ? {} : undefined, key);
          assert.equal(response.status, 401, response.raw);
          assertDeclared(op, response, `key ${JSON.stringify(key)}`);
        }),
        { numRuns: Math.max(5, Math.floor(RUNS / 3)), seed: SEED },
      );
    }
  });
});

export type { TestContext };
