import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { InstanceConfig } from '../config.js';
import type { Dialect } from '../db/database.js';
import type { Db } from '../db/schema.js';
import type { HostProver } from '../features/tenants/host-proof.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    /** The configuration, with the instance's shared secrets read from the database. */
    config: InstanceConfig;
    /** How custom hosts are proven (src/features/tenants/host-proof.ts). */
    hostProver: HostProver;
  }
}

/** The Fastify instance routes are registered on: TypeBox schemas give the handlers their types. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * A plugin whose scope is typed like the app (the TypeBox provider), so a feature's routes take
 * `App` without a cast: `app.register(typedScope(async (scope) => personsRoutes(scope)))`.
 */
export function typedScope(register: (scope: App) => Promise<void>): FastifyPluginAsyncTypebox {
  return async (scope) => register(scope);
}
