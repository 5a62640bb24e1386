/**
 * What both agents share about audience content: the bounds a value must respect, how a field reads
 * as a string (the form a Change shows), how a field is written back, and the diff that becomes
 * `changes`. Keeping this in one place means the built-in and the OpenAI agent can never disagree on
 * what a valid version is.
 */
import type { AgentChange, AgentPage, AudienceContent, ContentField } from './page-agent.js';

export const LIMITS = {
  metaTitle: 70,
  metaDescription: 160,
  keywordCount: 20,
  keyword: 60,
  supplementaryContext: 4000,
  buttonTitle: 60,
  actionUrl: 2048,
} as const;

const SIMPLE_FIELDS = [
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'supplementaryContext',
  'actionUrl',
] as const satisfies readonly ContentField[];

export const BUTTON_FIELD_PREFIX = 'buttonTitle:';

/** Every field a change may name for this page, in a stable order. */
export function contentFields(page: AgentPage): ContentField[] {
  return [...SIMPLE_FIELDS, ...page.actions.map((a) => buttonField(a.actionId))];
}

export function buttonField(actionId: string): ContentField {
  return `${BUTTON_FIELD_PREFIX}${actionId}`;
}

export function isContentField(page: AgentPage, field: string): field is ContentField {
  return contentFields(page).includes(field as ContentField);
}

/** A button's current title: the audience's, else the page's default. */
export function buttonTitleOf(content: AudienceContent, page: AgentPage, actionId: string): string {
  return (
    content.buttonTitles[actionId] ?? page.actions.find((a) => a.actionId === actionId)?.buttonTitle ?? ''
  );
}

/** A field as a Change shows it: strings as they are, keywords joined with ", ". */
export function fieldValue(content: AudienceContent, page: AgentPage, field: ContentField): string {
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    return buttonTitleOf(content, page, field.slice(BUTTON_FIELD_PREFIX.length));
  }
  if (field === 'metaKeywords') return content.metaKeywords.join(', ');
  return content[field as Exclude<(typeof SIMPLE_FIELDS)[number], 'metaKeywords'>];
}

/** Splits a keyword list written as text ("a, b; c") into clean, de-duplicated keywords. */
export function parseKeywordList(text: string): string[] {
  return dedupeKeywords(text.split(/[,;\n]/));
}

/** Trims, drops empties and case-insensitive duplicates, keeping the first spelling and the order. */
export function dedupeKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of keywords) {
    const keyword = raw.trim().replace(/\s+/g, ' ');
    const key = keyword.toLowerCase();
    if (keyword === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(keyword);
  }
  return result;
}

/** Returns `content` with one field set; keywords are given as their ", "-joined text. */
export function withField(
  content: AudienceContent,
  page: AgentPage,
  field: ContentField,
  value: string,
): AudienceContent {
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    const actionId = field.slice(BUTTON_FIELD_PREFIX.length);
    if (!page.actions.some((a) => a.actionId === actionId)) throw new Error(`Unknown action ${actionId}`);
    return { ...content, buttonTitles: { ...content.buttonTitles, [actionId]: value } };
  }
  if (field === 'metaKeywords') return { ...content, metaKeywords: parseKeywordList(value) };
  return { ...content, [field]: value };
}

/** The fields whose values differ between two contents, as the Changes a version records. */
export function diffContent(page: AgentPage, before: AudienceContent, after: AudienceContent): AgentChange[] {
  const changes: AgentChange[] = [];
  for (const field of contentFields(page)) {
    const previousValue = fieldValue(before, page, field);
    const newValue = fieldValue(after, page, field);
    if (previousValue !== newValue) changes.push({ field, previousValue, newValue });
  }
  return changes;
}

export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/**
 * Why a value cannot go into a field, or null when it can. Explicit values are checked, never
 * silently cut: a request that breaks a bound is answered with the reason instead.
 */
export function fieldProblem(page: AgentPage, field: ContentField, value: string): string | null {
  const tooLong = (max: number, what: string) =>
    value.length > max ? `${what} can be at most ${max} characters (this one has ${value.length})` : null;
  if (field === 'metaTitle') {
    return value.trim() === '' ? 'the title cannot be empty' : tooLong(LIMITS.metaTitle, 'the title');
  }
  if (field === 'metaDescription') {
    return value.trim() === ''
      ? 'the description cannot be empty'
      : tooLong(LIMITS.metaDescription, 'the description');
  }
  if (field === 'supplementaryContext')
    return tooLong(LIMITS.supplementaryContext, 'the supplementary context');
  if (field === 'actionUrl') {
    if (!isHttpUrl(value)) return `"${value}" is not an absolute http(s) URL`;
    return tooLong(LIMITS.actionUrl, 'the action URL');
  }
  if (field === 'metaKeywords') return keywordsProblem(parseKeywordList(value));
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    const actionId = field.slice(BUTTON_FIELD_PREFIX.length);
    if (!page.actions.some((a) => a.actionId === actionId)) return `this page has no action "${actionId}"`;
    return value.trim() === ''
      ? 'a button title cannot be empty'
      : tooLong(LIMITS.buttonTitle, 'a button title');
  }
  return `"${field}" is not a field of this page`;
}

export function keywordsProblem(keywords: readonly string[]): string | null {
  if (keywords.length > LIMITS.keywordCount) {
    return `a version can have at most ${LIMITS.keywordCount} keywords (this would make ${keywords.length})`;
  }
  const long = keywords.find((k) => k.length > LIMITS.keyword);
  return long === undefined
    ? null
    : `a keyword can be at most ${LIMITS.keyword} characters ("${long}" is longer)`;
}

/** Cuts text to `max` characters at a word boundary, ending with an ellipsis when it had to cut. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const base = space > max / 2 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/**
 * What is wrong with an agent's result, for the worker to check before it writes a version: every
 * value within its bounds, and `changes` exactly the fields where `content` differs from `current`.
 * Empty when the result is sound.
 */
export function agentResultProblems(
  page: AgentPage,
  current: AudienceContent,
  result: { content: AudienceContent; changes: AgentChange[] },
): string[] {
  const problems: string[] = [];
  const expected = diffContent(page, current, result.content);
  if (JSON.stringify(expected) !== JSON.stringify(result.changes)) {
    problems.push('changes do not list exactly the fields where content differs from current');
  }
  for (const change of expected) {
    const problem = fieldProblem(page, change.field, change.newValue);
    if (problem) problems.push(`${change.field}: ${problem}`);
  }
  return problems;
}
