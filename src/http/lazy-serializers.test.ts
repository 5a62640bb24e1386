import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify from 'fastify';
import { lazySerializerFactory } from './lazy-serializers.js';

const Shared = {
  $id: 'Shared',
  type: 'object',
  properties: { at: { type: 'string', format: 'date-time' }, n: { type: 'integer' } },
};

/** One app with a shared schema and two routes with response schemas, built with the given factory. */
async function appWith(buildSerializer?: SerializerFactory) {
  const app = Fastify(buildSerializer ? { schemaController: { compilersFactory: { buildSerializer } } } : {});
  app.addSchema(Shared);
  const payload = { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), n: '42', secret: 'dropped' };
  const response = {
    200: {
      type: 'object',
      properties: { one: { $ref: 'Shared#' }, list: { type: 'array', items: { $ref: 'Shared#' } } },
    },
  };
  app.get('/a', { schema: { response } }, async () => ({ one: payload, list: [payload, payload] }));
  app.get('/b', { schema: { response } }, async () => ({ one: payload, list: [] }));
  await app.ready();
  return app;
}

describe('lazySerializerFactory', () => {
  it('compiles a route serializer on its first use, once, and never for a route not called', async () => {
    const compiled: string[] = [];
    const eager = SerializerSelector();
    const counting: SerializerFactory = (schemas, options) => {
      const compile = eager(schemas, options);
      return (route) => {
        compiled.push(`${route.method} ${route.url} ${route.httpStatus}`);
        return compile(route);
      };
    };
    const app = await appWith(lazySerializerFactory(counting));
    assert.deepEqual(compiled, [], 'nothing compiled when the routes are registered');
    for (let i = 0; i < 3; i++) assert.equal((await app.inject('/a')).statusCode, 200);
    assert.deepEqual(compiled, ['GET /a 200'], 'compiled once, on the first response; /b and HEAD never');
    await app.close();
  });

  it('sends the same bytes as the eager compiler, shared schemas included', async () => {
    const [lazy, eager] = await Promise.all([appWith(lazySerializerFactory()), appWith()]);
    for (const url of ['/a', '/b']) {
      const [mine, theirs] = await Promise.all([lazy.inject(url), eager.inject(url)]);
      assert.equal(mine.body, theirs.body, url);
      assert.equal(mine.headers['content-length'], theirs.headers['content-length']);
    }
    assert.match((await lazy.inject('/a')).body, /"at":"2026-01-02T03:04:05.000Z","n":42\}/);
    assert.doesNotMatch((await lazy.inject('/a')).body, /secret/);
    await Promise.all([lazy.close(), eager.close()]);
  });
});
