import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiOperations, inline, snakeCase } from './api-operations.js';

const document = {
  paths: {
    '/v0/things/{thing_id}': {
      patch: {
        operationId: 'updateThing',
        summary: 'Update a thing',
        parameters: [{ in: 'path', name: 'thing_id', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
        'x-required-scope': 'things:write',
      },
    },
    '/admin/v0/things': { get: { operationId: 'adminThings', responses: {} } },
  },
  components: {
    schemas: {
      Body: { $id: 'Body', type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      Thing: { type: 'object', properties: { tag: { $ref: '#/components/schemas/Tag' } } },
      Tag: { $id: 'Tag', type: 'string' },
      Loop: { type: 'object', properties: { next: { $ref: '#/components/schemas/Loop' } } },
    },
  },
};

describe('tools from the OpenAPI document', () => {
  it('make one flat input schema of path, query and body, and inline every reference', () => {
    const [operation, ...rest] = apiOperations(document);
    assert.equal(rest.length, 0, 'only /v0 operations');
    assert.equal(operation!.name, 'update_thing');
    assert.deepEqual(operation!.inputSchema, {
      type: 'object',
      properties: {
        thing_id: {
          type: 'string',
          description: "The thing's id, like thing_01jd... (the `thingId` other tools return).",
        },
        text: { type: 'string' },
      },
      required: ['thing_id', 'text'],
      additionalProperties: false,
    });
    assert.deepEqual(operation!.outputSchema, { type: 'object', properties: { tag: { type: 'string' } } });
    assert.deepEqual(operation!.bodyMembers, ['text']);
    assert.match(operation!.description, /things:write scope/);
    assert.equal(operation!.annotations.destructiveHint, true);
    assert.equal(operation!.annotations.readOnlyHint, false);
  });

  it('refuse a recursive schema and a body member named like a parameter', () => {
    assert.throws(() => inline(document, { $ref: '#/components/schemas/Loop' }), /recursive/);
    const clash = structuredClone(document);
    clash.components.schemas.Body.properties = { thing_id: { type: 'string' } } as never;
    assert.throws(() => apiOperations(clash), /clashes/);
  });

  it('name tools in snake_case', () => {
    assert.equal(snakeCase('getAudienceMessages'), 'get_audience_messages');
    assert.equal(snakeCase('listAccounts'), 'list_accounts');
  });
});
