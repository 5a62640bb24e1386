import { type Static, Type } from 'typebox';
import type { AudienceVersionsTable } from '../../db/schema.js';
import type { AudienceContent as Content } from '../../domain/audience-content.js';
import { Count, Nullable } from '../../http/common.schemas.js';
import { BlockPlanSchema } from '../pages/page-blocks.schemas.js';
import { AudienceVersion, toVersion } from './audiences.schemas.js';

/** Everything the agent can change on an audience (src/domain/audience-content.ts), as the operator API shows it. */
export const AudienceContent = Type.Object(
  {
    metaTitle: Type.String(),
    metaDescription: Type.String(),
    metaKeywords: Type.Array(Type.String()),
    supplementaryContext: Type.String(),
    buttonTitles: Type.Record(Type.String(), Type.String(), {
      description: 'Button titles by actionId.',
    }),
    actionUrl: Type.String({ description: "The URL of the page's primary action for this audience." }),
    headline: Type.String({ description: "The hosted page's hero headline for this audience." }),
    subheadline: Type.String({ description: 'The line under the headline (may be empty).' }),
    blocks: Type.Optional(BlockPlanSchema),
  },
  { title: 'AudienceContent' },
);

/** What the agent run that wrote a version used (issue 33). */
export const VersionAgentUsage = Type.Object(
  {
    agent: Type.String({ description: 'The agent that wrote the version: builtin or openai.' }),
    model: Nullable(Type.String({ description: 'The model it called (null for the built-in agent).' })),
    calls: Count,
    inputTokens: Count,
    outputTokens: Count,
    costUsd: Nullable(
      Type.Number({
        minimum: 0,
        description:
          'What the calls cost in US dollars, from AGENT_PRICE_INPUT / AGENT_PRICE_OUTPUT; 0 for the built-in agent, null for a model with no price configured.',
      }),
    ),
  },
  { title: 'VersionAgentUsage' },
);

/** A version with its full content and its place in the conversation (operator API only). */
export const VersionDetail = Type.Object(
  {
    ...AudienceVersion.properties,
    content: Type.Union([AudienceContent, Type.Null()], {
      description:
        'The content the version holds; null until the agent wrote it (pending, queued, processing, cancelled).',
    }),
    requestMessageId: Nullable(Type.String()),
    replyMessageId: Nullable(Type.String()),
    attempts: Count,
    lastError: Nullable(Type.String()),
    agentUsage: Type.Union([VersionAgentUsage, Type.Null()], {
      description:
        'What the agent used to write this version (tokens, cost); null until an agent wrote it, and for versions written before Quire recorded it.',
    }),
  },
  { title: 'VersionDetail' },
);
export type VersionDetail = Static<typeof VersionDetail>;

export function toVersionDetail(row: AudienceVersionsTable): VersionDetail {
  return {
    ...toVersion(row),
    content: row.content === null ? null : (JSON.parse(row.content) as Content),
    requestMessageId: row.request_message_id,
    replyMessageId: row.reply_message_id,
    attempts: row.attempts,
    lastError: row.last_error,
    agentUsage:
      row.agent_name === null
        ? null
        : {
            agent: row.agent_name,
            model: row.agent_model,
            calls: row.agent_calls ?? 0,
            inputTokens: row.agent_input_tokens ?? 0,
            outputTokens: row.agent_output_tokens ?? 0,
            costUsd: row.agent_cost_micros === null ? null : row.agent_cost_micros / 1_000_000,
          },
  };
}
