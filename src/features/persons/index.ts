import type { App } from '../../http/app-types.js';
import { createPersonRoute } from './create-person.route.js';
import { getPersonRoute } from './get-person.route.js';
import { listPersonsRoute } from './list-persons.route.js';

/** POST /v0/persons, GET /v0/persons, GET /v0/persons/{person_id} (their logs: features/activity) */
export function personsRoutes(app: App): void {
  createPersonRoute(app);
  listPersonsRoute(app);
  getPersonRoute(app);
}
