import type { Db } from '../../db/schema.js';
import type { App } from '../../http/app-types.js';
import { streamEventsAdminRoute } from './stream-events.admin.js';
import { streamEventsRoute } from './stream-events.route.js';
import { EventStreamHub } from './stream-hub.js';

const hubs = new WeakMap<Db, EventStreamHub>();

/**
 * One poller per app, shared by /v0/events and the console's stream (they are registered in two
 * Fastify scopes of the same app, which share its database).
 */
function hubOf(app: App): EventStreamHub {
  let hub = hubs.get(app.db);
  if (hub === undefined) {
    hub = new EventStreamHub(app.db, app.config.events.pollMs, app.config.events.listen);
    hubs.set(app.db, hub);
  }
  const shared = hub;
  // Open streams would hold a graceful shutdown until its timeout: they end first.
  app.addHook('preClose', async () => shared.close());
  return shared;
}

/** GET /v0/events: the live event stream (docs/events.md). */
export function eventsRoutes(app: App): void {
  streamEventsRoute(app, hubOf(app));
}

/** GET /admin/v0/tenants/{tenant}/events: the same stream for the console's sessions. */
export function eventsAdminRoutes(app: App): void {
  streamEventsAdminRoute(app, hubOf(app));
}
