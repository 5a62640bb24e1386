import {
  type RouteDefinition,
  type Serializer,
  type SerializerFactory,
  SerializerSelector,
} from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's response serializers (fast-json-stringify), each compiled on its first use instead of
 * when its route is registered. Fastify compiles one per route, status code and method, HEAD
 * copies of GET routes included: about 400 of them, 7.8 MB of generated code and per-serializer
 * Ajv instances kept alive by an idle server, though a process serves only some of its routes
 * (docs/performance.md, "Memory"). Each compiles with the same options and shared schemas Fastify
 * would have used, so the bytes sent do not change; the first response of a route pays its compile,
 * and every route's own test still compiles its schemas.
 */
export function lazySerializerFactory(eager: SerializerFactory = SerializerSelector()): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route: RouteDefinition): Serializer => {
      let serialize: Serializer | undefined;
      return (doc) => {
        serialize ??= compile(route);
        return serialize(doc);
      };
    };
  };
}
