import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describeEachDatabase } from '../harness.js';

describeEachDatabase('GET /v0/openapi.json', (ctx) => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await ctx.request({ method: 'GET', url: '/v0/openapi.json' });
    assert.equal(response.status, 200);
    assert.equal(response.body.openapi, '3.1.0');
    const validator = new Validator();
    const result = await validator.validate(response.body);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  });

  it('describes the persons operations completely, with the API key scheme and problem responses', async () => {
    const doc = (await ctx.request({ method: 'GET', url: '/v0/openapi.json' })).body;
    assert.deepEqual(doc.components.securitySchemes.apiKey, {
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
      description: doc.components.securitySchemes.apiKey.description,
    });
    assert.deepEqual(doc.security, [{ apiKey: [] }]);
    assert.ok(doc.components.schemas.Problem, 'the Problem schema is a component');

    const create = doc.paths['/v0/persons'].post;
    assert.equal(create.operationId, 'createPerson');
    const ref = (node: { $ref?: string }) => {
      assert.match(String(node.$ref), /^#\/components\/schemas\/\w+$/, 'a named component schema');
      return doc.components.schemas[String(node.$ref).split('/').pop()!];
    };
    assert.equal(
      create.requestBody.content['application/json'].schema.$ref,
      '#/components/schemas/CreatePersonBody',
    );
    const body = ref(create.requestBody.content['application/json'].schema);
    assert.deepEqual(body.required, ['name']);
    assert.deepEqual(Object.keys(body.properties).sort(), [
      'domain',
      'email',
      'linkedinProfileUrl',
      'name',
      'phoneNumber',
    ]);
    assert.equal(body.properties.name.minLength, 1);
    assert.equal(body.properties.name.maxLength, 255);
    assert.equal(body.properties.phoneNumber.pattern, '^\\+[1-9]\\d{1,14}$');
    assert.equal(body.additionalProperties, false);
    assert.equal(
      create.responses['201'].content['application/json'].schema.$ref,
      '#/components/schemas/Person',
    );
    const person = ref(create.responses['201'].content['application/json'].schema);
    assert.deepEqual([...person.required].sort(), [
      'createdAt',
      'domain',
      'email',
      'linkedinProfileUrl',
      'name',
      'personId',
      'phoneNumber',
      'slug',
      'updatedAt',
    ]);
    const errorStatuses = (op: { responses: Record<string, unknown> }) =>
      Object.keys(op.responses).filter((s) => /^[45]/.test(s));
    // Only what each operation can return: a body brings 413 and 415, a slug race a 409, a key
    // without the operation's scope a 403.
    assert.deepEqual(errorStatuses(create), ['400', '401', '403', '409', '413', '415', '429', '500', '503']);
    assert.equal(create['x-required-scope'], 'persons:write');
    assert.deepEqual(create.security, [{ apiKey: ['persons:write'] }]);
    assert.match(create.responses['403'].description, /`forbidden`/);
    assert.match(create.responses['400'].description, /`validation_failed`.*`malformed_json`/);
    assert.ok(create.responses['400'].content['application/problem+json'].examples.malformed_json);

    const list = doc.paths['/v0/persons'].get;
    assert.deepEqual(list.parameters.map((p: { name: string }) => p.name).sort(), ['cursor', 'limit']);
    assert.deepEqual(errorStatuses(list), ['400', '401', '403', '429', '500', '503']);
    assert.equal(list['x-required-scope'], 'persons:read');
    assert.match(list.responses['400'].description, /`invalid_cursor`/);
    assert.doesNotMatch(list.responses['400'].description, /malformed_json/);
    const envelope = ref(list.responses['200'].content['application/json'].schema);
    assert.deepEqual([...envelope.required].sort(), ['hasMore', 'items', 'nextCursor', 'totalCount']);

    const get = doc.paths['/v0/persons/{person_id}'].get;
    assert.equal(get.parameters[0].name, 'person_id');
    assert.equal(get.parameters[0].in, 'path');
    assert.match(get.responses['404'].description, /^Problem: `not_found`/);
    assert.doesNotMatch(get.responses['404'].description, /asset_not_found|account_not_found/);
  });
});
