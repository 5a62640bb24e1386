import type { App } from '../../http/app-types.js';
import { streamEventsRoute } from './stream-events.route.js';
import { EventStreamHub } from './stream-hub.js';

/** GET /v0/events: the live event stream (docs/events.md). One poller per app. */
export function eventsRoutes(app: App): void {
  const hub = new EventStreamHub(app.db, app.config.events.pollMs);
  // Open streams would hold a graceful shutdown until its timeout: they end first.
  app.addHook('preClose', async () => hub.close());
  streamEventsRoute(app, hub);
}
