import { Type } from 'typebox';
import { EVENT_TYPES } from '../../outbox/event-types.js';

export const StreamEventsQuery = Type.Object({
  types: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: `Comma-separated event types or wildcards (\`version.*,message.created\`; \`*\` is every type, the default). The types: ${EVENT_TYPES.join(', ')}.`,
      examples: ['version.*,message.created'],
    }),
  ),
  audienceId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 4000,
      description: 'Comma-separated audience ids: only the events of these audiences.',
    }),
  ),
  after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'Resume after this event id, like the `Last-Event-ID` header (which wins when both are sent).',
    }),
  ),
});

export const StreamEventsHeaders = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        'The `id` of the last event received: the stream resumes after it, from the outbox (events are kept EVENTS_RETENTION_HOURS, 7 days by default).',
    }),
  ),
});

export const EventStream = Type.String({
  title: 'EventStream',
  description:
    'Server-Sent Events. Each event: `id:` its id (for Last-Event-ID), `event:` its type, `data:` one line of JSON `{"type", "timestamp", "data"}`, the body a webhook would carry. A comment line (`: heartbeat`) comes every EVENTS_HEARTBEAT_MS (15 s by default).',
  examples: [
    'id: event_01jdq8m3k4e8v9t6w5x2y1z0ab\nevent: version.drafted\ndata: {"type":"version.drafted","timestamp":"2026-11-21T10:00:00.000Z","data":{...}}\n\n',
  ],
});
