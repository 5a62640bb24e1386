import { type Static, Type } from 'typebox';
import type {
  AudiencesTable,
  AudienceVersionsTable,
  MessagesTable,
  VersionChangesTable,
} from '../../db/schema.js';
import { CONTENT_LIMITS, type AudienceContent as DomainContent } from '../../domain/audience-content.js';
import { literalUnion, Nullable, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { BlockPlanSchema } from '../pages/page-blocks.schemas.js';
import { Action, Metadata } from '../pages/pages.schemas.js';

const VERSION_STATUSES = [
  'archived',
  'cancelled',
  'draft',
  'pending',
  'processing',
  'published',
  'queued',
] as const;
const VersionStatus = literalUnion(VERSION_STATUSES);

const contentMembers = {
  metaTitle: Type.String(),
  metaDescription: Type.String(),
  metaKeywords: Type.Array(Type.String()),
  supplementaryContext: Type.String(),
  buttonTitles: Type.Record(Type.String(), Type.String(), {
    description: "Button titles by the page action's `actionId`.",
  }),
  actionUrl: Type.String({
    description: "Where the page's primary action (the header action, else the first) sends visitors.",
  }),
  headline: Type.String({
    maxLength: CONTENT_LIMITS.headline,
    description:
      "The hosted page's hero headline for this audience (the page's `body.headline`, else its title, until the agent personalises it).",
  }),
  subheadline: Type.String({
    maxLength: CONTENT_LIMITS.subheadline,
    description:
      "The line under the headline (the page's `body.subheadline` until the agent personalises it; may be empty).",
  }),
  blocks: Type.Optional(BlockPlanSchema),
};

/** Extension: everything the page agent can change, as a version holds it. */
export const AudienceContent = Type.Object(contentMembers, {
  title: 'AudienceContent',
  description:
    'Extension: everything the page agent can change (metadata, supplementary context, button titles, the primary action URL, the hero headline and subheadline).',
});

/** Extension: what a visitor of the audience sees. */
export const EffectiveContent = Type.Object(
  {
    ...contentMembers,
    actions: Type.Array(Action, {
      description: "The page's actions with their effective `buttonTitle`, the primary one with `actionUrl`.",
    }),
    versionId: Type.Union([Type.String(), Type.Null()], {
      description: 'The published version the content comes from; null when nothing is published.',
    }),
  },
  {
    title: 'EffectiveContent',
    description:
      "Extension: what a visitor sees. The published version's content merged over the page (the page's current actions, titled by the version), or, while nothing is published, the page overlaid with the audience's overrides.",
  },
);
export type EffectiveContent = Static<typeof EffectiveContent>;

export const AudienceVersion = Type.Object(
  {
    versionId: Type.String({ examples: ['version_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    audienceId: Type.String(),
    versionNumber: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    status: VersionStatus,
    isNewPageAgent: Type.Boolean(),
    supplementaryContext: Nullable(Type.String()),
    queueDurationMs: Nullable(Type.Number()),
    createdAt: Timestamp,
    archivedAt: NullableTimestamp,
    becameDraftAt: NullableTimestamp,
    cancelledAt: NullableTimestamp,
    obsoleteAt: NullableTimestamp,
    publishedAt: NullableTimestamp,
    queuedAt: NullableTimestamp,
    content: Type.Union([AudienceContent, Type.Null()], {
      description:
        "Extension: the version's full content; null until the agent has written it (pending, queued, processing, cancelled).",
    }),
    previewUrl: Type.Optional(
      Type.String({
        description:
          'Extension: a signed link that shows this version as a hosted page (noindex), valid 24 h by default; present on versions with content.',
      }),
    ),
  },
  { title: 'AudienceVersion' },
);
export type AudienceVersion = Static<typeof AudienceVersion>;

export const Audience = Type.Object(
  {
    audienceId: Type.String({ examples: ['audience_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    pageId: Type.String(),
    status: VersionStatus,
    computedName: Type.String(),
    customName: Nullable(Type.String()),
    effectiveName: Type.String(),
    isNewPageAgent: Type.Boolean(),
    personId: Nullable(Type.String()),
    personRouteKey: Nullable(Type.String()),
    publicUrl: Type.Optional(
      Type.String({
        description:
          "Extension: the audience's public hosted page, /p/{tenantHandle}/{pageSlug}/{routeKey} under PUBLIC_BASE_URL; it shows the published version (the page itself until one is published).",
      }),
    ),
    routeKey: Type.Optional(
      Type.String({
        description:
          "Extension: the audience's segment in its public URL (/p/{tenantHandle}/{pageSlug}/{routeKey}). A person audience's is the person's slug plus 13 random characters (65 bits), so it cannot be guessed from the name.",
      }),
    ),
    actionFormIdOverride: Nullable(Type.String()),
    actionFormInstructionsOverride: Nullable(Type.String()),
    actionUrlOverride: Nullable(Type.String()),
    supplementaryContext: Nullable(Type.String()),
    latestVersion: Type.Union([AudienceVersion, Type.Null()], {
      description:
        'The newest version; null only if the audience has none (creating an audience queues version 1).',
    }),
    publishedVersion: Type.Union([AudienceVersion, Type.Null()], {
      description: 'The published version; null until one is published.',
    }),
    effectiveMetadata: Type.Optional(Metadata),
    metadataOverride: Type.Optional(Metadata),
    effectiveContent: EffectiveContent,
    createdAt: Timestamp,
    archivedAt: NullableTimestamp,
  },
  { title: 'Audience' },
);
export type Audience = Static<typeof Audience>;

export const Change = Type.Object(
  {
    changeId: Type.String(),
    field: Type.String({
      description:
        'Extension: what the change changed (metaTitle, metaDescription, metaKeywords, supplementaryContext, actionUrl, headline, subheadline, buttonTitle:<actionId>, blocks (the blocks shown, ids joined with ", "), block:<blockId>/<path> (a text field of a block)).',
    }),
    previousValue: Type.String(),
    newValue: Type.String(),
  },
  { title: 'Change' },
);
export type Change = Static<typeof Change>;

export const Message = Type.Object(
  {
    messageId: Type.String(),
    role: Type.Union([Type.Literal('user'), Type.Literal('agent')], {
      description: 'Extension: who wrote the message.',
    }),
    content: Type.String(),
    timestamp: Type.Number({ description: 'Unix epoch milliseconds.' }),
    hasSnapshot: Type.Boolean(),
    changes: Type.Array(Change),
    reasoning: Type.String(),
    isInterrupted: Type.Boolean(),
    versionId: Type.Union([Type.String(), Type.Null()], {
      description: 'Extension: the version the message asked for (user) or answers (agent).',
    }),
    clientMessageId: Type.Union([Type.String(), Type.Null()], {
      description: 'Extension: the client id of a user message.',
    }),
    selectedElement: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
      description: 'Extension: the element the user selected, as sent.',
    }),
  },
  { title: 'Message' },
);

export const Conversation = Type.Object(
  {
    conversation: Type.Object({
      conversationId: Type.String(),
      audienceId: Type.String(),
      publishedMessageId: Type.String({
        description: 'The reply message of the published version; the empty string before one is published.',
      }),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
    messages: Type.Array(Message),
    context: Type.Object({
      audienceId: Type.String(),
      pageId: Type.String(),
      currentSupplementaryContext: Type.String(),
      currentMetaTitle: Type.String(),
      currentMetaDescription: Type.String(),
      currentMetaKeywords: Type.String(),
      pageContext: Type.String(),
    }),
    pendingChanges: Type.Array(Change),
    messagesWindow: Type.Optional(
      Type.Object(
        {
          hasMore: Type.Boolean({ description: 'Older messages exist before this window.' }),
          nextCursor: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
            description: 'Pass as `cursor` for the window of older messages; null when there are none.',
          }),
        },
        {
          description:
            'Extension, present only when `limit` or `cursor` was given: `messages` then holds a window of the conversation.',
        },
      ),
    ),
  },
  { title: 'AudienceConversation' },
);
export type Conversation = Static<typeof Conversation>;

export const SendMessageBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 50_000 }),
    clientMessageId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    selectedElement: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

export const MessageAccepted = Type.Object(
  {
    accepted: Type.Boolean(),
    audienceId: Type.String(),
    clientMessageId: Type.String(),
    versionId: Type.String(),
  },
  { title: 'MessageAccepted' },
);
export type MessageAccepted = Static<typeof MessageAccepted>;

export const CreateVersionBody = Type.Object(
  { operationKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) },
  { additionalProperties: false },
);

export const AudiencePath = Type.Object({
  page_id: Type.String({ minLength: 1, maxLength: 255 }),
  audience_id: Type.String({ minLength: 1, maxLength: 255 }),
});

/** A version of an audience of a page (/v0 version operations). */
export const VersionPath = Type.Object({
  page_id: Type.String({ minLength: 1, maxLength: 255 }),
  audience_id: Type.String({ minLength: 1, maxLength: 255 }),
  version_id: Type.String({ minLength: 1, maxLength: 255 }),
});

export const EmptyBody = Type.Object(
  {},
  { additionalProperties: false, description: 'An empty JSON object (or no body).' },
);

const Override = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);

/** What an operator sends to create or update an audience (admin API and CLI). */
export const AudienceInput = Type.Object(
  {
    personId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Null()])),
    customName: Type.Optional(Override(255)),
    actionFormIdOverride: Type.Optional(Override(255)),
    actionFormInstructionsOverride: Type.Optional(Override(10_000)),
    actionUrlOverride: Type.Optional(Override(2048)),
    supplementaryContext: Type.Optional(Override(50_000)),
    metadataOverride: Type.Optional(Type.Union([Metadata, Type.Null()])),
    routeKey: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 80,
        pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
        description: "A general audience's readable route key (person audiences get an unguessable one).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type AudienceInput = Static<typeof AudienceInput>;

/** Operator API paths: an audience or a version of a tenant. */
export const AdminAudiencePath = Type.Object({ tenant: PathId, audience_id: PathId });
export const AdminVersionPath = Type.Object({ tenant: PathId, version_id: PathId });

/** The audience's overrides an audience's content starts from (defaultContent in src/domain/audience-content.ts). */
export function contentAudienceOf(row: AudiencesTable) {
  return {
    supplementaryContext: row.supplementary_context,
    actionUrlOverride: row.action_url_override,
    metadataOverride: row.metadata_override === null ? null : JSON.parse(row.metadata_override),
  };
}

export function toVersion(row: AudienceVersionsTable): AudienceVersion {
  return {
    versionId: row.id,
    audienceId: row.audience_id,
    versionNumber: row.version_number,
    status: row.status,
    isNewPageAgent: row.is_new_page_agent === 1,
    supplementaryContext: row.supplementary_context,
    queueDurationMs: row.queue_duration_ms,
    createdAt: toIso(row.created_at),
    archivedAt: toIsoOrNull(row.archived_at),
    becameDraftAt: toIsoOrNull(row.became_draft_at),
    cancelledAt: toIsoOrNull(row.cancelled_at),
    obsoleteAt: toIsoOrNull(row.obsolete_at),
    publishedAt: toIsoOrNull(row.published_at),
    queuedAt: toIsoOrNull(row.queued_at),
    content: row.content === null ? null : (JSON.parse(row.content) as DomainContent),
  };
}

export function toChange(row: VersionChangesTable): Change {
  return { changeId: row.id, field: row.field, previousValue: row.previous_value, newValue: row.new_value };
}

export function toMessage(row: MessagesTable, changes: Change[]): Static<typeof Message> {
  return {
    messageId: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.timestamp,
    hasSnapshot: row.has_snapshot === 1,
    changes,
    reasoning: row.reasoning,
    isInterrupted: row.is_interrupted === 1,
    versionId: row.version_id,
    clientMessageId: row.client_message_id,
    selectedElement: row.selected_element === null ? null : JSON.parse(row.selected_element),
  };
}
