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
    const body = create.requestBody.content['application/json'].schema;
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
    const person = create.responses['201'].content['application/json'].schema;
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
    for (const status of ['400', '401', '413', '415', '500']) {
      assert.ok(
        create.responses[status].content['application/problem+json'],
        `POST /v0/persons documents ${status}`,
      );
    }

    const list = doc.paths['/v0/persons'].get;
    assert.deepEqual(list.parameters.map((p: { name: string }) => p.name).sort(), ['cursor', 'limit']);
    const envelope = list.responses['200'].content['application/json'].schema;
    assert.deepEqual([...envelope.required].sort(), ['hasMore', 'items', 'nextCursor', 'totalCount']);

    const get = doc.paths['/v0/persons/{person_id}'].get;
    assert.equal(get.parameters[0].name, 'person_id');
    assert.equal(get.parameters[0].in, 'path');
    assert.ok(get.responses['404']);
  });
});
