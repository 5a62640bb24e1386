/**
 * Reading a chat-completions answer. Nothing the model says is trusted: the body must be a
 * completion, its content JSON of the requested shape, each change must name a field of this page
 * with a value that field accepts. Only then does it become an AgentResult, with previousValue taken
 * from `current` (never from the model).
 */
import { Ajv } from 'ajv';
import {
  AGENT_LIMITS,
  type AudienceContent,
  type ContentField,
  diffContent,
  fieldProblem,
  isContentField,
  withField,
} from '../domain/audience-content.js';
import { keepOperatorNotes, operatorNotesOf } from '../domain/operator-notes.js';
import { RESPONSE_SCHEMA_NAME } from './openai-prompt.js';
import type { AgentInput, AgentResult } from './page-agent.js';

/** The model answered, but not with something usable: worth another attempt. */
export class MalformedOutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedOutputError';
  }
}

const ajv = new Ajv({ allErrors: true, strict: true });

const validateCompletion = ajv.compile<Completion>({
  type: 'object',
  required: ['choices'],
  properties: {
    usage: {
      type: 'object',
      properties: { prompt_tokens: { type: 'number' }, completion_tokens: { type: 'number' } },
    },
    choices: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['message'],
        properties: {
          finish_reason: { type: ['string', 'null'] },
          message: {
            type: 'object',
            properties: {
              content: { type: ['string', 'null'] },
              refusal: { type: ['string', 'null'] },
              tool_calls: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['function'],
                  properties: {
                    function: {
                      type: 'object',
                      required: ['name', 'arguments'],
                      properties: { name: { type: 'string' }, arguments: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

interface Completion {
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  choices: {
    finish_reason?: string | null;
    message: {
      content?: string | null;
      refusal?: string | null;
      tool_calls?: { function: { name: string; arguments: string } }[];
    };
  }[];
}

interface ModelAnswer {
  reply: string;
  reasoning: string;
  changes: { field: string; newValue: string }[];
}

const validateAnswer = ajv.compile<ModelAnswer>({
  type: 'object',
  additionalProperties: false,
  required: ['reply', 'reasoning', 'changes'],
  properties: {
    reply: { type: 'string', minLength: 1, maxLength: 20_000 },
    reasoning: { type: 'string', maxLength: 20_000 },
    changes: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'newValue'],
        properties: { field: { type: 'string' }, newValue: { type: 'string' } },
      },
    },
  },
});

/** Turns a completion body (already parsed from JSON) into the agent's result, or throws MalformedOutputError. */
export function readCompletion(body: unknown, input: AgentInput, model: string): AgentResult {
  if (!validateCompletion(body)) {
    throw new MalformedOutputError(
      `the response is not a chat completion (${ajv.errorsText(validateCompletion.errors)})`,
    );
  }
  const choice = body.choices[0]!;
  const refusal = choice.message.refusal?.trim();
  if (refusal || choice.finish_reason === 'content_filter') {
    return declined(
      input,
      model,
      refusal || 'the provider filtered the answer (finish_reason "content_filter")',
    );
  }
  if (choice.finish_reason === 'length')
    throw new MalformedOutputError('the answer was cut off (finish_reason "length")');
  const content = answerText(choice.message);

  let answer: unknown;
  try {
    answer = JSON.parse(stripCodeFence(content));
  } catch {
    throw new MalformedOutputError(`the answer is not valid JSON: ${content.slice(0, 120)}`);
  }
  if (!validateAnswer(answer)) {
    throw new MalformedOutputError(
      `the answer does not match the schema (${ajv.errorsText(validateAnswer.errors)})`,
    );
  }
  return toResult(answer, input);
}

/**
 * The answer's JSON text: the arguments of the call of our one function (AGENT_OUTPUT=tools, or a
 * server that answers a schema request with a tool call), else the message's content.
 */
function answerText(message: Completion['choices'][number]['message']): string {
  const calls = message.tool_calls ?? [];
  if (calls.length > 0) {
    const ours = calls.find((call) => call.function.name === RESPONSE_SCHEMA_NAME);
    if (ours === undefined) {
      throw new MalformedOutputError(
        `the answer called ${calls.map((c) => `"${c.function.name}"`).join(', ')}, not "${RESPONSE_SCHEMA_NAME}"`,
      );
    }
    return ours.function.arguments;
  }
  const content = message.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new MalformedOutputError('the answer has no content');
  return content;
}

/** The tokens a completion reports (0 when a server reports none). */
export function usageOf(body: unknown): { inputTokens: number; outputTokens: number } {
  const usage = (body as Completion | null)?.usage;
  return { inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 };
}

function toResult(answer: ModelAnswer, input: AgentInput): AgentResult {
  const problems: string[] = [];
  // A blank reply is the model's slip, worth another attempt; the worker's checks would refuse it for good.
  if (answer.reply.trim() === '') problems.push('the reply is blank');
  const seen = new Set<string>();
  let content = input.current;
  for (const { field, newValue } of answer.changes) {
    if (!isContentField(input.page, field)) {
      problems.push(`"${field}" is not a field of this page`);
      continue;
    }
    if (seen.has(field)) problems.push(`"${field}" is changed twice`);
    seen.add(field);
    const problem = fieldProblem(input.page, field, newValue);
    if (problem) problems.push(`${field}: ${problem}`);
    else content = withField(content, input.page, field as ContentField, newValue);
  }
  if (problems.length > 0)
    throw new MalformedOutputError(`the answer's changes are invalid: ${problems.join('; ')}`);
  if (input.request === null) content = withNotesKept(input, content);
  // The diff, not the model's list, is the truth: a "change" to the value a field already has is none.
  const changes = diffContent(input.page, input.current, content);
  return { reply: answer.reply.trim(), reasoning: answer.reasoning.trim(), content, changes };
}

/** A draft adds to the operator's notes; a model that rewrote the context without them gets them back in front. */
function withNotesKept(input: AgentInput, content: AudienceContent): AudienceContent {
  if (content.supplementaryContext === input.current.supplementaryContext) return content;
  const notes = operatorNotesOf(input.current.supplementaryContext);
  const context = keepOperatorNotes(notes, content.supplementaryContext, AGENT_LIMITS.supplementaryContext);
  return { ...content, supplementaryContext: context };
}

function declined(input: AgentInput, model: string, why: string): AgentResult {
  return {
    reply: `The model (${model}) declined to answer this request, so I changed nothing. Its explanation: ${why}`,
    reasoning:
      'The model refused the request; a refusal is not retried, and the version keeps its current content.',
    content: input.current,
    changes: [],
  };
}

/** Some local models wrap JSON in ```json fences even when asked not to. */
function stripCodeFence(text: string): string {
  const fenced = text.trim().match(/^```(?:json)?\s*([\s\S]*?)\s*```$/);
  return fenced ? fenced[1]! : text;
}
