/**
 * The built-in page agent: deterministic, no network. Without a request it drafts a personalised
 * version (builtin-draft.ts); with one it applies the explicit edits the message asks for
 * (builtin-split.ts splits, builtin-parse.ts reads) and, when it cannot, says why and changes nothing.
 */
import {
  AGENT_LIMITS,
  type AudienceContent,
  BUTTON_FIELD_PREFIX,
  type ContentField,
  dedupeKeywords,
  diffContent,
  fieldProblem,
  isContentField,
  keywordsProblem,
  withField,
} from '../domain/audience-content.js';
import { blockNamed } from './builtin-blocks.js';
import { mentionedButton, selectedActionOf } from './builtin-buttons.js';
import { describeChange, describeEdit, HELP } from './builtin-describe.js';
import { describeDraft, draftVersion } from './builtin-draft.js';
import { fieldIn } from './builtin-fields.js';
import { type Edit, type Parsed, parseRequest, selectedFieldOf } from './builtin-parse.js';
import { replaceText } from './builtin-replace.js';
import { mendTypos, splitRequests, tidySegment } from './builtin-split.js';
import { listing, q } from './builtin-text.js';
import { NEEDS_MODEL, understand } from './builtin-understand.js';
import type { AgentInput, AgentResult, PageAgent } from './page-agent.js';

export class BuiltinAgent implements PageAgent {
  readonly name = 'builtin';
  readonly inProcess = true;

  async run(input: AgentInput, signal: AbortSignal): Promise<AgentResult> {
    signal.throwIfAborted();
    return input.request === null ? draft(input) : answer(input, input.request);
  }
}

function draft(input: AgentInput): AgentResult {
  const drafted = draftVersion(input);
  const changes = diffContent(input.page, input.current, drafted.content);
  return { ...describeDraft(input, drafted, changes.length > 0), content: drafted.content, changes };
}

function answer(input: AgentInput, request: NonNullable<AgentInput['request']>): AgentResult {
  const selectedActionId = selectedActionOf(request.selectedElement, input.page, input.current);
  const selectedField = selectedFieldOf(request.selectedElement, (f) => isContentField(input.page, f));
  const buttons = { page: input.page, content: input.current, selectedActionId };
  // Requests are read in order, so "the button" or "it" in one can mean what an earlier one named.
  let mentionedActionId: string | null = null;
  let itField: ContentField | null = selectedField;
  let itBlock: string | null = null;
  const parsed = splitRequests(request.message).map((segment) => {
    const text = tidySegment(mendTypos(segment));
    const context = { ...buttons, mentionedActionId };
    const read =
      understand(text, text, { input, buttons: context, itField, itBlock }) ??
      parseRequest(text, context, itField);
    mentionedActionId = renamedButton(read) ?? mentionedButton(text, buttons) ?? mentionedActionId;
    itField = fieldIn(text) ?? itField;
    itBlock = blockNamed(text, input) ?? itBlock;
    return read;
  });
  const edits = parsed.filter((p): p is Extract<Parsed, { status: 'edit' }> => p.status === 'edit');
  const unknown = parsed.filter((p) => p.status === 'unknown').map((p) => p.text);
  const answers = parsed.flatMap((p) => (p.status === 'answer' ? [p.answer] : []));
  const declines = parsed.flatMap((p) => (p.status === 'decline' ? [p.reason] : []));
  const said = [...answers, ...declines].join(' ');
  const unchanged = (reply: string, reasoning: string): AgentResult => ({
    reply,
    reasoning,
    content: input.current,
    changes: [],
  });

  if (edits.length === 1 && edits[0]!.edit.kind === 'redraft' && unknown.length === 0 && said === '')
    return draft(input);
  if (edits.length === 0) {
    const problems = parsed.flatMap((p) => (p.status === 'problem' ? [p.problem] : []));
    if (problems.length > 0) {
      return unchanged(
        `${said ? `${said} ` : ''}I couldn't make that change: ${problems.join('; ')}. Nothing was changed.`,
        'The message asks for an edit I could not carry out as asked, so I made no change rather than guess.',
      );
    }
    if (said !== '') {
      const ignored = unknown.length > 0 ? ` ${notUnderstood(unknown)}` : '';
      return unchanged(
        `${said}${ignored}`,
        answers.length > 0 && declines.length === 0
          ? 'A question changes nothing: I answered it from the current content and what Quire knows about the audience.'
          : 'The message asks for something I cannot do without a language model or at all, so I changed nothing and said why.',
      );
    }
    if (unknown.length === 0) {
      return unchanged(
        'Glad to help! I left the version as it is; tell me what to change (for example “shorten the subheadline” or “the main button should say …”).',
        'The message contains no edit request, so there was nothing to change.',
      );
    }
    return unchanged(
      `${notUnderstood(unknown)} ${HELP}`,
      'The message contains no request I recognise as an edit, so I left the version as it was ' +
        'instead of guessing what you meant.',
    );
  }

  const applied = applyEdits(input, edits);
  const problems = [
    ...parsed.flatMap((p) => (p.status === 'problem' ? [p.problem] : [])),
    ...applied.problems,
  ];
  const understood = edits.map((e) => describeEdit(e.edit));
  if (problems.length > 0) {
    return unchanged(
      `${said ? `${said} ` : ''}I understood that you want me to ${listing(understood)}, but I couldn't: ${problems.join('; ')}. ` +
        'I changed nothing, so the version stays consistent; send the request again with that fixed.',
      `Applying only part of a message could leave a version you did not ask for, so a request I cannot ` +
        `carry out (${problems.join('; ')}) cancels the whole message.`,
    );
  }

  const changes = diffContent(input.page, input.current, applied.content);
  const ignored = unknown.length > 0 ? ` ${notUnderstood(unknown)}` : '';
  const already = applied.already.length > 0 ? ` (${applied.already.join('; ')})` : '';
  const done =
    changes.length > 0
      ? `Done: I ${sentence(listing(changes.map((c) => describeChange(c, input.page))))}${applied.already.length > 0 ? ` Note: ${sentence(applied.already.join('; '))}` : ''}`
      : `Nothing needed changing: ${applied.already.length > 0 ? sentence(applied.already.join('; ')) : `the version already has what you asked for (${listing(understood)}).`}`;
  const reply = [answers.join(' '), done, declines.join(' ')].filter(Boolean).join(' ') + ignored;
  void already;
  const reasoning =
    `You asked me to ${sentence(listing(understood))} I applied ${edits.length === 1 ? 'it' : 'those requests in order'}, cutting at sentence or clause boundaries where a text had to be shorter and using only the page's own text and what Quire knows about the audience, after checking the bounds (title up to ${AGENT_LIMITS.metaTitle} characters, ` +
    `description up to ${AGENT_LIMITS.metaDescription}, absolute http(s) URLs). ` +
    (changes.length > 0
      ? `${changes.length === 1 ? 'One field differs' : `${changes.length} fields differ`} from the previous version.`
      : 'The result equals the previous version.');
  return { reply, reasoning, content: applied.content, changes };
}

/** One plain sentence about requests it could not read, with the closest things it can do. */
function notUnderstood(unknown: string[]): string {
  return (
    `I couldn't tell what to change in ${listing(unknown.map(q))}: rewording copy freely ${NEEDS_MODEL}; ` +
    'without one I can set a field to the text you give, add to or remove from it, shorten it, mention the person or company, rename buttons, or go back to the original.'
  );
}

function applyEdits(input: AgentInput, edits: { edit: Edit }[]) {
  let content: AudienceContent = input.current;
  const problems: string[] = [];
  const already: string[] = [];
  for (const { edit } of edits) {
    switch (edit.kind) {
      case 'compute': {
        const outcome = edit.apply(content);
        if ('problem' in outcome) problems.push(outcome.problem);
        else if ('already' in outcome) already.push(outcome.already);
        else content = outcome.content;
        break;
      }
      case 'redraft':
        content = { ...draftVersion({ ...input, current: content }).content };
        break;
      case 'set': {
        const problem = fieldProblem(input.page, edit.field, edit.value);
        if (problem) problems.push(problem);
        else content = withField(content, input.page, edit.field, edit.value);
        break;
      }
      case 'addKeywords': {
        const keywords = dedupeKeywords([...content.metaKeywords, ...edit.keywords]);
        const problem = edit.keywords.length === 0 ? 'no keyword was named' : keywordsProblem(keywords);
        if (problem) problems.push(problem);
        else content = { ...content, metaKeywords: keywords };
        break;
      }
      case 'removeKeywords': {
        const lower = edit.keywords.map((k) => k.toLowerCase());
        const missing = edit.keywords.filter(
          (k) => !content.metaKeywords.some((m) => m.toLowerCase() === k.toLowerCase()),
        );
        if (missing.length > 0) {
          problems.push(
            `${listing(missing.map(q))} ${missing.length === 1 ? 'is' : 'are'} not among the keywords ` +
              `(${content.metaKeywords.length > 0 ? listing(content.metaKeywords.map(q)) : 'there are none'})`,
          );
        } else {
          content = {
            ...content,
            metaKeywords: content.metaKeywords.filter((k) => !lower.includes(k.toLowerCase())),
          };
        }
        break;
      }
      case 'replace': {
        const replaced = replaceText(input.page, content, edit);
        if ('problem' in replaced) problems.push(replaced.problem);
        else content = replaced.content;
        break;
      }
      case 'appendContext': {
        const text = content.supplementaryContext
          ? `${content.supplementaryContext}\n${edit.text}`
          : edit.text;
        const problem = fieldProblem(input.page, 'supplementaryContext', text);
        if (problem) problems.push(problem);
        else content = { ...content, supplementaryContext: text };
        break;
      }
    }
  }
  return { content, problems, already };
}

/** The button a parsed request renames, if it renames one. */
function renamedButton(parsed: Parsed): string | null {
  if (parsed.status !== 'edit' || parsed.edit.kind !== 'set') return null;
  const { field } = parsed.edit;
  return field.startsWith(BUTTON_FIELD_PREFIX) ? field.slice(BUTTON_FIELD_PREFIX.length) : null;
}

/** Ends a sentence with a period unless it already ends with one (inside a closing quote too). */
function sentence(text: string): string {
  return /[.!?]”?$/.test(text) ? text : `${text}.`;
}
