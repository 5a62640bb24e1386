import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { validatorCompiler } from './validation.js';

describe('validatorCompiler: compiled on first use', () => {
  it('does not compile when a route is registered, only when it validates', () => {
    // An invalid schema shows when Ajv compiles it: not at registration, at the first request.
    const validate = validatorCompiler({
      schema: { type: 'no-such-type' },
      method: 'GET',
      url: '/x',
      httpPart: 'querystring',
    });
    assert.throws(() => (validate as (data: unknown) => unknown)({}), /type/);
  });

  it('passes errors and the root coercion through to Fastify', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.post(
      '/things',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: { limit: { type: 'integer', minimum: 1 } },
            additionalProperties: false,
          },
          body: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
      async (request) => ({ query: request.query, body: request.body }),
    );
    const ok = await app.inject({ method: 'POST', url: '/things?limit=20', payload: { name: 'a' } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { query: { limit: 20 }, body: { name: 'a' } });

    const badBody = await app.inject({ method: 'POST', url: '/things', payload: { name: 42 } });
    assert.equal(badBody.statusCode, 400);
    assert.match(badBody.json().message, /body\/name must be string/);
    const badQuery = await app.inject({ method: 'POST', url: '/things?limit=0', payload: { name: 'a' } });
    assert.equal(badQuery.statusCode, 400);
    assert.match(badQuery.json().message, /querystring\/limit must be >= 1/);
    await app.close();
  });
});
