/**
 * What the OpenAI-compatible agent sends: the chat messages built from an AgentInput and the JSON
 * schema of the answer it asks for (structured output). The schema names this page's own fields, so
 * a model that honours strict mode cannot even name a button the page does not have.
 */
import { AGENT_LIMITS, contentFields } from '../domain/audience-content.js';
import type { AgentOutput } from './agent-options.js';
import { clip } from './builtin-text.js';
import type { AgentInput } from './page-agent.js';

export const RESPONSE_SCHEMA_NAME = 'page_agent_result';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export function responseSchema(input: AgentInput) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['reply', 'reasoning', 'changes'],
    properties: {
      reply: { type: 'string', description: 'Your answer to the user, shown in the conversation.' },
      reasoning: { type: 'string', description: 'Why you changed what you changed (or nothing).' },
      changes: {
        type: 'array',
        description: 'Only the fields whose value changes; empty when nothing should change.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['field', 'newValue'],
          properties: {
            field: { type: 'string', enum: contentFields(input.page) },
            newValue: { type: 'string' },
          },
        },
      },
    },
  } as const;
}

const SYSTEM_PROMPT = `You are the page agent of Quire, a service of personalised landing pages.
A page is personalised for one audience (a person and/or their company). You edit the audience's
version of the page. The editable fields are:
- metaTitle: the page title, at most ${AGENT_LIMITS.metaTitle} characters, not empty.
- metaDescription: the meta description, at most ${AGENT_LIMITS.metaDescription} characters, not empty.
- metaKeywords: keywords as ONE string separated by ", ", at most ${AGENT_LIMITS.keywordCount} keywords of at most ${AGENT_LIMITS.keyword} characters each.
- supplementaryContext: notes for the page about the audience (what is known about them), at most ${AGENT_LIMITS.supplementaryContext} characters.
- actionUrl: where the page's primary action sends visitors (page.headerActionId, else the first
  action), an absolute http(s) URL. The other buttons have no URL you can change: when asked to
  change one of them, change nothing for it and say so in "reply". Apply every edit to the element
  the user names, never to another one.
- buttonTitle:<actionId>: the title of that action's button, at most ${AGENT_LIMITS.buttonTitle} characters.
- headline: the hero headline visitors read first on the hosted page, at most ${AGENT_LIMITS.headline} characters, not empty.
- subheadline: the line under the headline, at most ${AGENT_LIMITS.subheadline} characters (may be empty).
page.headline and page.subheadline are the page's own, as the operator wrote them.
originalContent is the audience's content before any version ("go back to the original");
lastVersionChanges are the changes of the latest version ("undo that", "go back to the previous
version": set each field back to its previousValue).
When nothing needs to change (a question, or the field already says so), answer in "reply" and
return no changes. "reply" may use Markdown (bold, lists, links).
Answer with JSON only, matching the given schema: "reply" (friendly and specific, addressed to the
user), "reasoning" (why), and "changes" listing ONLY fields whose value changes, each with its full new
value. When the user asks for something you cannot do with these fields, explain it in "reply" and
return no changes. Never invent facts about the audience that the context does not contain.`;

/**
 * Activity payloads and topic entries are free-form: bound them so one huge log cannot blow the context
 * (each string at most this many characters, its ellipsis included).
 */
const MAX_FACT_STRING = 2000;
/** The latest messages of a long conversation are the ones that matter for the next edit. */
const MAX_HISTORY = 20;

function boundStrings<T>(value: T, max: number, depth = 0): T {
  if (typeof value === 'string') return clip(value, max) as T;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => boundStrings(v, max, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, boundStrings(v, max, depth + 1)])) as T;
}

/** The conversation sent to the model: instructions, the facts as JSON, the history, the request. */
export function buildMessages(input: AgentInput): ChatMessage[] {
  const facts = {
    page: input.page,
    audience: input.audience,
    person: input.person,
    account: input.account,
    recentActivity: boundStrings(input.recentActivity, MAX_FACT_STRING),
    topicEntries: boundStrings(input.topicEntries, MAX_FACT_STRING),
    currentContent: input.current,
    // What "go back to the original" and "undo that" restore: the content before any version, and
    // the latest version's changes (each previousValue is what undoing it brings back).
    ...(input.original === undefined ? {} : { originalContent: input.original }),
    ...(input.lastChanges === undefined || input.lastChanges.length === 0
      ? {}
      : { lastVersionChanges: input.lastChanges }),
  };
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `What Quire knows (JSON):\n${JSON.stringify(facts, null, 2)}` },
    ...input.conversation
      .slice(-MAX_HISTORY)
      .map((m): ChatMessage => ({ role: m.role === 'agent' ? 'assistant' : 'user', content: m.content })),
  ];
  if (input.request === null) {
    messages.push({
      role: 'user',
      content:
        'Draft a personalised version for this audience: a metaTitle and metaDescription that name the ' +
        'person and/or company and what the page offers, a headline and subheadline that rework ' +
        'page.headline and page.subheadline for them (mention the company), metaKeywords drawn from the page, the account, ' +
        'the activity and the topics, and a supplementaryContext summarising what is known (recent ' +
        'activity, relevant topic entries). When currentContent.supplementaryContext is not empty, an ' +
        'operator wrote it: keep it word for word at the start and add your summary after a blank line. ' +
        'Keep button titles and the action URL unless there is a reason.',
    });
  } else {
    const selected =
      input.request.selectedElement === null
        ? ''
        : `\n\n(The user selected this element in the editor: ${JSON.stringify(input.request.selectedElement)})`;
    messages.push({ role: 'user', content: `${input.request.message}${selected}` });
  }
  if (input.rejected !== undefined) {
    messages.push({
      role: 'user',
      content:
        'Quire refused your previous answer to this request because it failed validation:\n' +
        input.rejected.problems.map((p) => `- ${p}`).join('\n') +
        '\nAnswer the same request again with JSON of the required shape that fixes these problems.',
    });
  }
  return messages;
}

export function requestBody(input: AgentInput, model: string, output: AgentOutput = 'json_schema') {
  const schema = responseSchema(input);
  if (output === 'tools') {
    return {
      model,
      messages: buildMessages(input),
      tools: [
        {
          type: 'function',
          function: {
            name: RESPONSE_SCHEMA_NAME,
            description:
              'Give your answer: the reply to the user, your reasoning and the changes to the page.',
            parameters: schema,
            strict: true,
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: RESPONSE_SCHEMA_NAME } },
    };
  }
  return {
    model,
    messages: buildMessages(input),
    response_format: {
      type: 'json_schema',
      json_schema: { name: RESPONSE_SCHEMA_NAME, strict: true, schema },
    },
  };
}
