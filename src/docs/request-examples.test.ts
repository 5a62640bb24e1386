import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { makeAudience } from '../../test/pages-factories.js';
import { QUERY_EXAMPLES, REQUEST_BODIES } from './request-examples.js';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are walked structurally
type Doc = any;

// The reference's examples must work when pasted: every body and query string is sent to its
// operation and must get past validation (a 404 for the made-up ids is fine, a 400 is not).
describeEachDatabase('the example requests of the API reference', (ctx) => {
  it('covers every operation with a body, and each example is accepted', async () => {
    const tenant = await makeTenant(ctx);
    const { pageId, audienceId } = await makeAudience(ctx, tenant);
    const doc = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    for (const [path, item] of Object.entries(doc.paths) as [string, Record<string, Doc>][]) {
      for (const [method, op] of Object.entries(item)) {
        // A stream's answer never ends: its parameters are tested in src/features/event-stream.
        if (op.responses['200']?.content?.['text/event-stream'] !== undefined) continue;
        const body = REQUEST_BODIES[op.operationId];
        assert.equal(body !== undefined, op.requestBody !== undefined, `${op.operationId}: an example body`);
        const query = new URLSearchParams(QUERY_EXAMPLES[op.operationId] ?? {}).toString();
        const url = path
          .replace('{page_id}', pageId)
          .replace('{audience_id}', audienceId)
          .replace(
            /\{(\w+)\}/g,
            (_m, name: string) => `${name.replace(/_id$/, '').replace('_', '')}_01jdq8m3k4e8v9t6w5x2y1z0ab`,
          );
        const response = await ctx.request({
          method: method.toUpperCase() as 'GET',
          url: query ? `${url}?${query}` : url,
          key: tenant.key,
          ...(body === undefined ? {} : { body }),
        });
        assert.ok(
          [200, 201, 202, 404].includes(response.status),
          `${op.operationId}: ${response.status} ${response.raw}`,
        );
      }
    }
  });
});
