/**
 * The built-in page agent: deterministic, no network. Without a request it drafts a personalised
 * version (builtin-draft.ts); with one it applies the explicit edits the message asks for
 * (builtin-split.ts splits, builtin-parse.ts reads) and, when it cannot, says why and changes nothing.
 */
import {
  AGENT_LIMITS,
  type AudienceContent,
  BUTTON_FIELD_PREFIX,
  dedupeKeywords,
  diffContent,
  fieldProblem,
  isContentField,
  keywordsProblem,
  withField,
} from '../domain/audience-content.js';
import { mentionedButton, selectedActionOf } from './builtin-buttons.js';
import { describeChange, describeEdit, HELP } from './builtin-describe.js';
import { describeDraft, draftVersion } from './builtin-draft.js';
import { type Edit, type Parsed, parseRequest, selectedFieldOf } from './builtin-parse.js';
import { replaceText } from './builtin-replace.js';
import { splitRequests } from './builtin-split.js';
import { listing, q } from './builtin-text.js';
import type { AgentInput, AgentResult, PageAgent } from './page-agent.js';

export class BuiltinAgent implements PageAgent {
  readonly name = 'builtin';

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
  // Requests are read in order, so "the button" in one can mean the button an earlier one named.
  let mentionedActionId: string | null = null;
  const parsed = splitRequests(request.message).map((text) => {
    const read = parseRequest(text, { ...buttons, mentionedActionId }, selectedField);
    mentionedActionId = renamedButton(read) ?? mentionedButton(text, buttons) ?? mentionedActionId;
    return read;
  });
  const edits = parsed.filter((p): p is Extract<Parsed, { status: 'edit' }> => p.status === 'edit');
  const unknown = parsed.filter((p) => p.status === 'unknown').map((p) => p.text);
  const unchanged = (reply: string, reasoning: string): AgentResult => ({
    reply,
    reasoning,
    content: input.current,
    changes: [],
  });

  if (edits.length === 1 && edits[0]!.edit.kind === 'redraft' && unknown.length === 0) return draft(input);
  if (edits.length === 0) {
    const problems = parsed.flatMap((p) => (p.status === 'problem' ? [p.problem] : []));
    if (problems.length > 0) {
      return unchanged(
        `I couldn't make that change: ${problems.join('; ')}. Nothing was changed. ${HELP}`,
        'The message names a button I could not identify, so I made no change rather than guess.',
      );
    }
    if (unknown.length === 0) {
      return unchanged(
        `Glad to help! I left the version as it is. ${HELP}`,
        'The message contains no edit request, so there was nothing to change.',
      );
    }
    return unchanged(
      `I didn't find an edit I can make in your message. I read ${listing(unknown.map(q))}, but I only ` +
        `make explicit edits. ${HELP}`,
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
      `I understood that you want me to ${listing(understood)}, but I couldn't: ${problems.join('; ')}. ` +
        'I changed nothing, so the version stays consistent; send the request again with that fixed.',
      `Applying only part of a message could leave a version you did not ask for, so a request I cannot ` +
        `carry out (${problems.join('; ')}) cancels the whole message.`,
    );
  }

  const changes = diffContent(input.page, input.current, applied.content);
  const ignored =
    unknown.length > 0
      ? ` I left ${listing(unknown.map(q))} alone: that is not an edit I know how to make (I change the ` +
        'title, headline, subheadline, description, keywords, supplementary context, button titles and ' +
        'action URL).'
      : '';
  const reply =
    changes.length > 0
      ? `Done: I ${sentence(listing(changes.map((c) => describeChange(c, input.page))))}${ignored}`
      : `Nothing needed changing: the version already has what you asked for (${listing(understood)}).${ignored}`;
  const reasoning =
    `You asked me to ${sentence(listing(understood))} I applied ${edits.length === 1 ? 'it exactly as written' : 'those requests in order, exactly as written'}, after checking the bounds (title up to ${AGENT_LIMITS.metaTitle} characters, ` +
    `description up to ${AGENT_LIMITS.metaDescription}, absolute http(s) URLs). ` +
    (changes.length > 0
      ? `${changes.length === 1 ? 'One field differs' : `${changes.length} fields differ`} from the previous version.`
      : 'The result equals the previous version.');
  return { reply, reasoning, content: applied.content, changes };
}

function applyEdits(input: AgentInput, edits: { edit: Edit }[]) {
  let content: AudienceContent = input.current;
  const problems: string[] = [];
  for (const { edit } of edits) {
    switch (edit.kind) {
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
  return { content, problems };
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
