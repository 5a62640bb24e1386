import type { App } from '../../http/app-types.js';
import { editLogRoute } from '../accounts/edit-log.route.js';
import { createPersonRoute } from './create-person.route.js';
import { getPersonRoute } from './get-person.route.js';
import { listPersonsRoute } from './list-persons.route.js';

/** POST /v0/persons, GET /v0/persons, GET /v0/persons/{person_id} */
export function personsRoutes(app: App): void {
  createPersonRoute(app);
  listPersonsRoute(app);
  getPersonRoute(app);
}

/** PATCH /v0/persons/{person_id}/logs/{person_log_id} (listed after the account routes in the API document) */
export function personLogsRoutes(app: App): void {
  editLogRoute(app, 'person');
}
