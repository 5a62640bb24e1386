import type { Actor } from '../audit/actor.js';

/** The audit actor of an operator, from a row or a session. */
export function operatorActor(operator: { id?: string; operatorId?: string; email: string }): Actor {
  return { kind: 'operator', id: operator.operatorId ?? operator.id ?? null, label: operator.email };
}
