import type { App } from '../../http/app-types.js';
import { listTopicEntriesRoute } from './list-topic-entries.route.js';

/** GET /v0/topics/{topic_id}/entries */
export function topicsRoutes(app: App): void {
  listTopicEntriesRoute(app);
}
