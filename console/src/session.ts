import { useQuery } from '@tanstack/react-query';
import { api, type Me, ROLES, type Role } from './api';
import { queryKeys } from './query-keys';

/** The signed-in operator (loaded once by App, then read from the query cache). */
export function useMe(): Me | undefined {
  return useQuery({ queryKey: queryKeys.me, queryFn: api.me }).data;
}

/**
 * Whether the operator's role includes `role`. The server enforces every role; the console only
 * hides what a role cannot do.
 */
export function can(me: Me | undefined, role: Role): boolean {
  if (me === undefined) return false;
  return me.operator.instanceAdmin || ROLES.indexOf(me.operator.role) >= ROLES.indexOf(role);
}
