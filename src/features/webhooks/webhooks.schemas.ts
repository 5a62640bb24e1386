import { type Static, Type } from 'typebox';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema.js';
import { Nullable, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';
import { EVENT_TYPES } from '../../outbox/event-types.js';
import { openSecret, secretContext } from '../../secrets/secret-box.js';
import { toIso, toIsoOrNull } from '../../time.js';

/** Admin API schemas of webhook endpoints, their deliveries and attempts (docs/events.md). */

export const EventPatterns = Type.Array(
  Type.String({
    minLength: 1,
    maxLength: 100,
    description: `An event type (${EVENT_TYPES.join(', ')}), a resource wildcard such as \`version.*\`, or \`*\`.`,
    examples: ['version.*'],
  }),
  { minItems: 1, maxItems: 50, uniqueItems: true },
);

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'https URL the events are POSTed to (http://localhost only with WEBHOOK_ALLOW_HTTP_LOCALHOST=true).',
  examples: ['https://example.com/webhooks/quire'],
});
const Description = Type.String({ maxLength: 1000 });

export const CreateWebhookBody = Type.Object(
  {
    url: Url,
    events: EventPatterns,
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EventPatterns),
    description: Type.Optional(Nullable(Description)),
    enabled: Type.Optional(
      Type.Boolean({ description: 'true enables the endpoint again (clearing `disabledReason`).' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const RotateSecretBody = Type.Object(
  {
    overlapMinutes: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 10_080,
        description: 'How long the previous secret keeps signing too (default 1440: a day; 0: not at all).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ReplayFailedBody = Type.Object(
  {
    since: Type.String({
      format: 'date-time',
      maxLength: 64,
      description: 'Replays the failed deliveries created at or after this time.',
    }),
  },
  { additionalProperties: false },
);

export const WebhookParams = Type.Object({ tenant: PathId, webhookId: PathId });
export const DeliveryParams = Type.Object({ tenant: PathId, webhookId: PathId, deliveryId: PathId });

export const DeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);

export const Webhook = Type.Object(
  {
    webhookId: Type.String({ examples: ['webhook_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    tenantId: Type.String(),
    url: Type.String(),
    description: Nullable(Type.String()),
    events: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    disabledReason: Nullable(
      Type.String({ description: 'Why Quire disabled the endpoint (null: it did not).' }),
    ),
    disabledAt: NullableTimestamp,
    secretPrefix: Type.String({
      description: 'The first characters of the signing secret, to tell secrets apart.',
    }),
    previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description: 'Until then the previous secret signs too (after a rotation).',
    }),
    failingSince: Type.Union([Timestamp, Type.Null()], {
      description: 'Start of the current run of failed attempts; null after a success.',
    }),
    lastSuccessAt: NullableTimestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Webhook' },
);
export type Webhook = Static<typeof Webhook>;

export const WebhookWithSecret = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.Optional(
      Type.String({
        description:
          'The signing secret (`whsec_...`): shown in this answer only, and absent from an idempotent replay.',
      }),
    ),
  },
  { title: 'WebhookWithSecret' },
);
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const WebhookAttempt = Type.Object(
  {
    attemptId: Type.String(),
    attemptedAt: Timestamp,
    durationMs: Type.Integer({ minimum: 0, maximum: 120_000, description: 'At most WEBHOOK_TIMEOUT_MS.' }),
    outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
    responseStatus: Nullable(Type.Integer({ minimum: 100, maximum: 599 })),
    responseBody: Nullable(Type.String({ description: 'The first 1024 bytes of the answer.' })),
    error: Nullable(
      Type.String({ description: 'Why the attempt failed (timeout, refused address, HTTP 500...).' }),
    ),
  },
  { title: 'WebhookAttempt' },
);

export const WebhookDelivery = Type.Object(
  {
    deliveryId: Type.String(),
    webhookId: Type.String(),
    eventId: Type.String({ description: 'Also the `webhook-id` header of every attempt.' }),
    eventType: Type.String(),
    status: DeliveryStatus,
    attemptCount: Type.Integer({ minimum: 0, maximum: 50 }),
    maxAttempts: Type.Integer({
      minimum: 1,
      maximum: 50,
      description: 'WEBHOOK_MAX_ATTEMPTS when it was queued.',
    }),
    nextAttemptAt: Type.Union([Timestamp, Type.Null()], {
      description: 'When a pending delivery is tried next.',
    }),
    lastError: Nullable(Type.String()),
    replayOf: Nullable(Type.String({ description: 'The delivery this one replays.' })),
    replayedBy: Nullable(Type.String({ description: 'The delivery that replayed this one.' })),
    createdAt: Timestamp,
    completedAt: NullableTimestamp,
    attempts: Type.Array(WebhookAttempt, { description: 'Every attempt, oldest first.' }),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const ReplayResult = Type.Object(
  {
    replayed: Type.Integer({
      minimum: 0,
      maximum: 500,
      description: 'Deliveries queued again (at most 500 a call).',
    }),
    hasMore: Type.Boolean({ description: 'More failed deliveries are left: call again.' }),
  },
  { title: 'WebhookReplayResult' },
);

/** How many characters of a secret are shown: `whsec_` and four of the key. */
const SECRET_PREFIX = 10;

export function toWebhook(row: WebhookEndpointsTable, now = Date.now()): Webhook {
  const overlap = row.previous_secret_expires_at;
  return {
    webhookId: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.event_types) as string[],
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    disabledAt: toIsoOrNull(row.disabled_at),
    // Stored encrypted (src/secrets/secret-box.ts): the prefix is of the secret itself.
    secretPrefix: openSecret(row.secret, secretContext.webhook(row.tenant_id, row.id)).slice(
      0,
      SECRET_PREFIX,
    ),
    previousSecretExpiresAt: overlap !== null && overlap > now ? toIso(overlap) : null,
    failingSince: toIsoOrNull(row.failing_since),
    lastSuccessAt: toIsoOrNull(row.last_success_at),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function toAttempt(row: WebhookAttemptsTable): Static<typeof WebhookAttempt> {
  return {
    attemptId: row.id,
    attemptedAt: toIso(row.attempted_at),
    durationMs: row.duration_ms,
    outcome: row.outcome,
    responseStatus: row.response_status,
    responseBody: row.response_body,
    error: row.error,
  };
}

export function toDelivery(row: WebhookDeliveriesTable, attempts: WebhookAttemptsTable[]): WebhookDelivery {
  return {
    deliveryId: row.id,
    webhookId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attemptCount: row.attempt_count,
    maxAttempts: row.max_attempts,
    nextAttemptAt: row.status === 'pending' ? toIsoOrNull(row.next_attempt_at) : null,
    lastError: row.last_error,
    replayOf: row.replay_of,
    replayedBy: row.replayed_by,
    createdAt: toIso(row.created_at),
    completedAt: toIsoOrNull(row.completed_at),
    attempts: attempts.map(toAttempt),
  };
}
