import type { App } from '../../http/app-types.js';
import { editPersonLogRoute } from './edit-person-log.route.js';

/** PATCH /v0/persons/{person_id}/logs/{person_log_id} */
export function personLogsRoutes(app: App): void {
  editPersonLogRoute(app);
}
