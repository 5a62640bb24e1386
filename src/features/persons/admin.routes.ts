import type { App } from '../../http/app-types.js';
import { deletePersonAdmin } from './delete-person.admin.js';
import { editPersonAdminRoute } from './edit-person.admin.js';
import { getPersonAdmin } from './get-person.admin.js';
import { listPersonsAdmin } from './list-persons.admin.js';
import { setPersonTraitsAdminRoute } from './set-person-traits.admin.js';

/** Operator API for persons: list, show, edit, delete (their logs: features/activity). */
export function personsAdminRoutes(app: App): void {
  listPersonsAdmin(app);
  getPersonAdmin(app);
  editPersonAdminRoute(app);
  setPersonTraitsAdminRoute(app);
  deletePersonAdmin(app);
}
