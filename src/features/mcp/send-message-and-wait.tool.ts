import { setTimeout as sleep } from 'node:timers/promises';
import { callOperation } from './api-caller.js';
import type { ApiOperation } from './api-operations.js';
import type { McpTool, ToolContext } from './mcp-server.js';
import { toolError, toolProblem, toolSuccess } from './tool-results.js';

export const SEND_AND_WAIT = 'send_message_and_wait';
const SEND = 'send_audience_message';
const READ = 'get_audience_messages';

const DEFAULT_WAIT_SECONDS = 60;
const MAX_WAIT_SECONDS = 300;
const POLL_MS = 500;

/**
 * Sends a message to an audience's page agent and waits (at most `waitSeconds`) for the version it
 * queued to be drafted, reporting progress meanwhile. It is made of the two /v0 calls a client
 * would make (send, then read the conversation until the agent's reply to that version is there),
 * and its schemas are theirs.
 */
export function sendMessageAndWaitTool(operations: ReadonlyMap<string, ApiOperation>): McpTool | null {
  const send = operations.get(SEND);
  const read = operations.get(READ);
  if (send === undefined || read === undefined) return null;
  const message = read.outputSchema?.properties as Record<string, { items?: unknown }> | undefined;
  const messageSchema = message?.messages?.items ?? { type: 'object' };
  const changeSchema = (messageSchema as { properties?: Record<string, unknown> }).properties?.changes ?? {
    type: 'array',
  };
  return {
    definition: {
      name: SEND_AND_WAIT,
      title: 'Send a message to the page agent and wait for its draft',
      description: [
        'Asks the page agent of an audience for a change (for example "make the headline about Contoso\'s migration") and waits until the agent has drafted the new version, then returns the agent\'s reply and the changes it made.',
        `Waits at most waitSeconds (default ${DEFAULT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS}), sending progress notifications while it waits. outcome is "drafted" when the version is ready, "answered" when the agent answered without changing anything (no new version), "interrupted" when the agent failed (the reply says so), or "waiting" when the time ran out: then read the conversation later with ${READ}; the version is still queued or being drafted.`,
        `Sending is idempotent per clientMessageId, like ${SEND}. A draft is not published: an operator publishes it.`,
      ].join('\n\n'),
      inputSchema: {
        ...send.inputSchema,
        properties: {
          ...(send.inputSchema.properties as Record<string, unknown>),
          waitSeconds: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_WAIT_SECONDS,
            default: DEFAULT_WAIT_SECONDS,
            description: 'How long to wait for the draft before answering "waiting".',
          },
        },
      },
      outputSchema: {
        type: 'object',
        properties: {
          outcome: { type: 'string', enum: ['drafted', 'answered', 'interrupted', 'waiting'] },
          accepted: send.outputSchema ?? { type: 'object' },
          reply: { anyOf: [messageSchema, { type: 'null' }] },
          changes: changeSchema,
          note: {
            type: 'string',
            description:
              'Why the wait ended early, when a read of the conversation failed after the message was sent.',
          },
        },
        required: ['outcome', 'accepted', 'reply', 'changes'],
        additionalProperties: false,
      },
      annotations: {
        title: 'Send a message to the page agent and wait for its draft',
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    // Sending needs the write scope, which includes reading the conversation.
    scope: send.scope,
    run: (args, context) => sendAndWait(send, read, args, context),
  };
}

async function sendAndWait(
  send: ApiOperation,
  read: ApiOperation,
  args: Record<string, unknown>,
  { caller, progress, signal }: ToolContext,
) {
  const { waitSeconds = DEFAULT_WAIT_SECONDS, ...messageArgs } = args;
  if (
    !Number.isInteger(waitSeconds) ||
    (waitSeconds as number) < 1 ||
    (waitSeconds as number) > MAX_WAIT_SECONDS
  ) {
    return toolError(`waitSeconds must be an integer from 1 to ${MAX_WAIT_SECONDS}`);
  }
  const sent = await callOperation(caller, send, messageArgs);
  if (sent.status !== 202) return toolProblem(sent);
  const accepted = sent.body as { versionId: string };
  const started = Date.now();
  const deadline = started + (waitSeconds as number) * 1000;
  const where = { page_id: messageArgs.page_id, audience_id: messageArgs.audience_id };
  for (;;) {
    const conversation = await callOperation(caller, read, where);
    if (conversation.status !== 200) {
      // The message is sent (a retry would send it again): say so, and why the wait stopped.
      const problem = conversation.body ?? {};
      const note = `The message was sent, but reading the conversation failed (${conversation.status} ${problem.code ?? ''}: ${problem.detail ?? ''}); read it later with ${READ}.`;
      return toolSuccess({ outcome: 'waiting', accepted, reply: null, changes: [], note });
    }
    const reply = (
      conversation.body.messages as {
        role: string;
        versionId: string | null;
        isInterrupted: boolean;
        changes: unknown[];
      }[]
    ).find((m) => m.role === 'agent' && m.versionId === accepted.versionId);
    if (reply !== undefined) {
      return toolSuccess({
        outcome: reply.isInterrupted ? 'interrupted' : reply.changes.length === 0 ? 'answered' : 'drafted',
        accepted,
        reply,
        changes: reply.changes,
      });
    }
    const left = deadline - Date.now();
    if (left <= 0 || signal.aborted)
      return toolSuccess({ outcome: 'waiting', accepted, reply: null, changes: [] });
    const elapsed = Math.round((Date.now() - started) / 1000);
    await progress(
      elapsed,
      waitSeconds as number,
      `The page agent is drafting version ${accepted.versionId} (${elapsed} s)`,
    );
    await sleep(Math.min(POLL_MS, left), undefined, { signal }).catch(() => undefined);
  }
}
