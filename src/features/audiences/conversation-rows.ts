/**
 * The rows a conversation gains as its versions move: a message (the user's request, the agent's
 * reply) and the change rows of a draft. Columns not given start at their defaults.
 */
import type { MessagesTable, VersionChangesTable } from '../../db/schema.js';
import type { ContentChange } from '../../domain/audience-content.js';
import { newId } from '../../ids.js';

type MessageFields = Pick<MessagesTable, 'tenant_id' | 'conversation_id' | 'role' | 'content' | 'timestamp'>;

export function newMessageRow(fields: MessageFields & Partial<MessagesTable>): MessagesTable {
  return {
    id: newId('message'),
    has_snapshot: 0,
    reasoning: '',
    is_interrupted: 0,
    client_message_id: null,
    fingerprint: null,
    selected_element: null,
    version_id: null,
    ...fields,
  };
}

/** One row per changed field of a version, in order, tied to the reply that announced them. */
export function changeRows(
  version: Pick<VersionChangesTable, 'tenant_id' | 'audience_id' | 'version_id'>,
  messageId: string,
  changes: readonly ContentChange[],
): VersionChangesTable[] {
  return changes.map((change, position) => ({
    ...version,
    id: newId('change'),
    message_id: messageId,
    position,
    field: change.field,
    previous_value: change.previousValue,
    new_value: change.newValue,
  }));
}
