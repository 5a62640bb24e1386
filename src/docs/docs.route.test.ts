import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN_TOKEN, describeEachDatabase } from '../../test/harness.js';
import { REDOCLY_LOGO } from './docs.route.js';
import { BASE_PLACEHOLDER } from './reference-document.js';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are walked structurally
type Doc = any;

describeEachDatabase('GET /docs', (ctx) => {
  it('serves the Redoc page and its scripts from this server only', async () => {
    const page = await ctx.request({ method: 'GET', url: '/docs' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /connect-src 'self'(;|$)/);
    const sources = [...page.raw.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.deepEqual(sources.sort(), [
      'data:,',
      'docs/redoc.standalone.js',
      'docs/reference.js',
      'v0/openapi.json',
    ]);

    const redoc = await ctx.request({ method: 'GET', url: '/docs/redoc.standalone.js' });
    assert.equal(redoc.status, 200);
    assert.match(String(redoc.headers['content-type']), /^text\/javascript/);
    assert.ok(redoc.raw.includes('Redoc'), 'the Redoc bundle');
    assert.ok(!redoc.raw.includes(REDOCLY_LOGO), 'the bundle asks no other host for its logo');

    const starter = await ctx.request({ method: 'GET', url: '/docs/reference.js' });
    assert.equal(starter.status, 200);
    assert.ok(starter.raw.includes(BASE_PLACEHOLDER), 'the starter points the examples at the page address');
  });

  it('renders the served OpenAPI document plus a curl example and a body example per operation', async () => {
    const served = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    const reference = (await ctx.request({ method: 'GET', url: '/docs/openapi.json' })).body;
    assert.deepEqual(Object.keys(reference.paths), Object.keys(served.paths));
    assert.deepEqual(Object.keys(reference.components.schemas), Object.keys(served.components.schemas));
    // Realistic samples: the Person of the reference shows a LinkedIn URL and ids of their kind.
    const person = reference.components.schemas.Person.properties;
    assert.deepEqual(person.personId.examples, ['person_01jdq8m3k4e8v9t6w5x2y1z0ab']);
    assert.match(
      reference.components.schemas.AudienceVersion.properties.audienceId.examples[0],
      /^audience_/,
    );
    for (const [path, item] of Object.entries(reference.paths) as [string, Record<string, Doc>][]) {
      for (const [method, op] of Object.entries(item)) {
        const [curl] = op['x-codeSamples'];
        assert.equal(curl.lang, 'Shell');
        assert.ok(
          curl.source.startsWith(`curl -s -X ${method.toUpperCase()} "${BASE_PLACEHOLDER}/v0/`),
          curl.source,
        );
        assert.ok(curl.source.includes('-H "x-api-key: $APIKEY"'), op.operationId);
        assert.ok(op.description.endsWith(`API key scope: \`${op['x-required-scope']}\`.`), op.operationId);
        if (op.requestBody) {
          assert.ok(
            op.requestBody.content['application/json'].examples.example,
            `${op.operationId} body example`,
          );
          assert.ok(curl.source.includes(" -d '"), `${op.operationId} curl sends the body`);
        }
        for (const [status, response] of Object.entries(op.responses) as [string, Doc][]) {
          if (!/^[45]/.test(status)) continue;
          const examples = response.content['application/problem+json'].examples;
          for (const [code, example] of Object.entries(examples) as [string, Doc][]) {
            assert.equal(example.value.code, code, `${path} ${status}`);
            assert.equal(example.value.status, Number(status), `${path} ${code}`);
          }
        }
      }
    }
    assert.match(reference.info.description, /# Errors/);
  });

  it('serves the operator API reference at /docs/admin, linked from /docs, with the same renderer', async () => {
    const page = await ctx.request({ method: 'GET', url: '/docs/admin' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'(;|$)/);
    assert.match(page.raw, /<title>Quire operator API reference<\/title>/);
    const sources = [...page.raw.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    // Relative to /docs/: the same Redoc bundle and starter as /docs.
    assert.deepEqual(sources.sort(), [
      '../admin/v0/openapi.json',
      'data:,',
      'redoc.standalone.js',
      'reference.js',
    ]);
    assert.match(page.raw, /data-document="admin\/openapi.json"/);
    assert.match(page.raw, /data-root="..\/"/);

    const served = (
      await ctx.request({
        method: 'GET',
        url: '/admin/v0/openapi.json',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body;
    const reference = await ctx.request({ method: 'GET', url: '/docs/admin/openapi.json' });
    assert.equal(reference.status, 200, 'readable without credentials, like the file in the repository');
    assert.deepEqual(Object.keys(reference.body.paths), Object.keys(served.paths));
    assert.match(reference.body.info.description, /# Roles/);
    const createPage = reference.body.paths['/admin/v0/tenants/{tenant}/pages'].post;
    assert.match(createPage.description, /Role: `editor` or higher/);

    const publicReference = (await ctx.request({ method: 'GET', url: '/docs/openapi.json' })).body;
    assert.match(publicReference.info.description, /\[Quire operator API\]\(docs\/admin\)/);
  });
});
