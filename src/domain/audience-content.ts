/**
 * Audience content, in one place: what a version holds (AudienceContent), the fields a change can
 * name, how a field reads as a string (the form a Change shows) and is written back, the diff that
 * becomes a version's changes, the bounds a value must respect, and the checks an agent's proposed
 * version must pass before the worker writes it. The agents, the worker and the audiences feature
 * all use this module, so they can never disagree on what a valid version is.
 */

import {
  type BlockPlan,
  blockTextFields,
  blockTextProblem,
  defaultPlan,
  type PageBlock,
  planOrderText,
  planProblems,
} from './page-blocks.js';

/** The editable content of an audience: what a version holds and what changes change. */
export interface AudienceContent {
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string[];
  supplementaryContext: string;
  /** Button titles by actionId (only the page's actions). */
  buttonTitles: Record<string, string>;
  /** The URL the page's primary action sends visitors to (audience override of the action URL). */
  actionUrl: string;
  /** The hosted page's hero headline, shown over the page's own (its body headline, else its title). */
  headline: string;
  /** The line under the headline (may be empty), shown over the page's own. */
  subheadline: string;
  /**
   * Which of the page's blocks the version shows, in what order and why, and its text overrides
   * (src/domain/page-blocks.ts). Absent: the page's blocks as the page shows them.
   */
  blocks?: BlockPlan;
}

/** The fields of AudienceContent that a change names directly (buttons are named one by one). */
export const SIMPLE_FIELDS = [
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'supplementaryContext',
  'actionUrl',
  'headline',
  'subheadline',
] as const;
export type SimpleField = (typeof SIMPLE_FIELDS)[number];

/**
 * The fields a change can name. `buttonTitle:<actionId>` names one action's button.
 * A Change as the API shows it: { changeId, field, previousValue, newValue } (values as strings;
 * keywords joined with ", ").
 */
export type ContentField = SimpleField | `buttonTitle:${string}` | 'blocks' | `block:${string}`;

export interface ContentChange {
  field: ContentField;
  previousValue: string;
  newValue: string;
}

/** What the content of a page's audience depends on: the page's actions and their default titles. */
export interface ContentPage {
  actions: readonly { actionId: string; buttonTitle: string }[];
  /** The page's blocks (none for a page without a body). */
  blocks?: readonly PageBlock[];
}

/**
 * Two tiers of bounds. AGENT_LIMITS bound what an agent may write into a field it changes (a title
 * that fits a search result, a description that fits a snippet). CONTENT_LIMITS bound every value a
 * version's content may hold at all, including values it keeps unchanged from the page or the
 * audience, which operators may have written longer than an agent would.
 */
export const AGENT_LIMITS = {
  metaTitle: 70,
  metaDescription: 160,
  keywordCount: 20,
  keyword: 60,
  supplementaryContext: 4000,
  buttonTitle: 60,
  actionUrl: 2048,
  // The bounds of the page's own body headline and subheadline (pages.schemas.ts PageBody).
  headline: 300,
  subheadline: 1000,
} as const;

export const CONTENT_LIMITS = {
  metaTitle: 300,
  metaDescription: 1000,
  keywordCount: 50,
  keyword: 100,
  supplementaryContext: 50_000,
  buttonTitle: 200,
  actionUrl: 2048,
  // A page without a body headline shows its title (at most 500 characters) as the headline.
  headline: 500,
  subheadline: 1000,
} as const;

/** An agent's reply and reasoning: at most this many characters each. */
export const AGENT_TEXT_LIMIT = 50_000;

/** How a field is named in a sentence ("the title cannot be empty", "set the description to ..."). */
export const FIELD_LABELS: Record<SimpleField, string> = {
  metaTitle: 'the title',
  metaDescription: 'the description',
  metaKeywords: 'the keywords',
  supplementaryContext: 'the supplementary context',
  actionUrl: 'the action URL',
  headline: 'the headline',
  subheadline: 'the subheadline',
};

export const BUTTON_FIELD_PREFIX = 'buttonTitle:';

/**
 * Every field a change may name for this page, in a stable order: `blocks` (the blocks shown, in
 * order, as their ids joined with ", ") and `block:<blockId>/<path>` (one text field of a block).
 */
export function contentFields(page: ContentPage): ContentField[] {
  const blocks = page.blocks ?? [];
  return [
    ...SIMPLE_FIELDS,
    ...page.actions.map((a) => buttonField(a.actionId)),
    ...(blocks.length === 0 ? [] : (['blocks'] as const)),
    ...blocks.flatMap((b) => blockTextFields(b).map((f): ContentField => `block:${b.blockId}/${f.path}`)),
  ];
}

/** The block plan a content holds, else the page's own. */
export function planOf(content: AudienceContent, page: ContentPage): BlockPlan {
  return content.blocks ?? defaultPlan(page.blocks ?? []);
}

export function buttonField(actionId: string): ContentField {
  return `${BUTTON_FIELD_PREFIX}${actionId}`;
}

export function isContentField(page: ContentPage, field: string): field is ContentField {
  return contentFields(page).includes(field as ContentField);
}

/** A field as a sentence names it: "the title", "the title of button act_demo". */
export function fieldLabel(field: ContentField): string {
  if (field === 'blocks') return 'the blocks shown';
  if (field.startsWith('block:')) {
    // block:faq/items/1/answer → "answer 2 of block “faq”"; block:faq/heading → "the heading of block “faq”".
    // A field's name in words: buttonText → "button text", thankYouMessage → "thank you message".
    const [blockId, ...path] = field.slice(6).split('/');
    const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return path.length === 3
      ? `${words(path[2]!)} ${Number(path[1]) + 1} of block “${blockId}”`
      : `the ${path.map(words).join(' ')} of block “${blockId}”`;
  }
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    return `the title of button ${field.slice(BUTTON_FIELD_PREFIX.length)}`;
  }
  return FIELD_LABELS[field as SimpleField];
}

/** The primary action: the header action, else the first one. Its URL is the audience's action URL. */
export function primaryAction<T extends { actionId: string }>(actions: T[], headerActionId: string | null) {
  return actions.find((a) => a.actionId === headerActionId) ?? actions[0] ?? null;
}

interface DefaultsPage {
  title: string;
  actions: { actionId: string; buttonTitle: string; url: string }[];
  headerActionId: string | null;
  metadata: { title?: string; description?: string; keywords?: string[] } | null;
  /** The operator-written visible body (only its hero is content an audience can change). */
  body: { headline: string; subheadline: string } | null;
}

/** The page's own hero: its body headline (else its title) and subheadline. */
export function pageHero(page: Pick<DefaultsPage, 'title' | 'body'>): {
  headline: string;
  subheadline: string;
} {
  return { headline: page.body?.headline || page.title, subheadline: page.body?.subheadline ?? '' };
}

interface DefaultsAudience {
  supplementaryContext: string | null;
  actionUrlOverride: string | null;
  metadataOverride: { title?: string; description?: string; keywords?: string[] } | null;
}

/** The content of an audience before any version holds some: the page overlaid with the audience's overrides. */
export function defaultContent(page: DefaultsPage, audience: DefaultsAudience): AudienceContent {
  const meta = { ...(page.metadata ?? {}), ...(audience.metadataOverride ?? {}) };
  return {
    metaTitle: meta.title ?? page.title,
    metaDescription: meta.description ?? '',
    metaKeywords: meta.keywords ?? [],
    supplementaryContext: audience.supplementaryContext ?? '',
    buttonTitles: Object.fromEntries(page.actions.map((a) => [a.actionId, a.buttonTitle])),
    actionUrl: audience.actionUrlOverride ?? primaryAction(page.actions, page.headerActionId)?.url ?? '',
    ...pageHero(page),
  };
}

/**
 * What a visitor of the audience sees: the published version's content merged over the page (the
 * page's current actions, each titled by the version when it names it, else by the page), or,
 * with nothing published, the page overlaid with the audience's overrides. A version only ever
 * holds the actions its page had then, so an action added to the page later shows its own title
 * and one removed since is dropped.
 */
export function effectiveContent(
  page: DefaultsPage,
  audience: DefaultsAudience,
  published: AudienceContent | null,
): AudienceContent {
  const base = defaultContent(page, audience);
  if (published === null) return base;
  return {
    metaTitle: published.metaTitle,
    metaDescription: published.metaDescription,
    metaKeywords: [...published.metaKeywords],
    supplementaryContext: published.supplementaryContext,
    buttonTitles: Object.fromEntries(
      page.actions.map((a) => [a.actionId, published.buttonTitles[a.actionId] ?? a.buttonTitle]),
    ),
    actionUrl: published.actionUrl === '' ? base.actionUrl : published.actionUrl,
    headline: published.headline,
    subheadline: published.subheadline,
    ...(published.blocks === undefined ? {} : { blocks: published.blocks }),
  };
}

/** The page's actions as a visitor sees them: each with its effective title; the primary one with the action URL. */
export function effectiveActions<T extends { actionId: string; buttonTitle: string; url: string }>(
  actions: readonly T[],
  headerActionId: string | null,
  content: AudienceContent,
): T[] {
  const primary = primaryAction([...actions], headerActionId);
  return actions.map((a) => ({
    ...a,
    buttonTitle: content.buttonTitles[a.actionId] ?? a.buttonTitle,
    url: a.actionId === primary?.actionId && content.actionUrl !== '' ? content.actionUrl : a.url,
  }));
}

/** A button's current title: the audience's, else the page's default. */
export function buttonTitleOf(content: AudienceContent, page: ContentPage, actionId: string): string {
  return (
    content.buttonTitles[actionId] ?? page.actions.find((a) => a.actionId === actionId)?.buttonTitle ?? ''
  );
}

/** A field as a Change shows it: strings as they are, keywords joined with ", ". */
export function fieldValue(content: AudienceContent, page: ContentPage, field: ContentField): string {
  if (field === 'blocks') return planOrderText(planOf(content, page));
  if (field.startsWith('block:')) return blockFieldValue(content, page, field) ?? '';
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    return buttonTitleOf(content, page, field.slice(BUTTON_FIELD_PREFIX.length));
  }
  if (field === 'metaKeywords') return content.metaKeywords.join(', ');
  return content[field as Exclude<SimpleField, 'metaKeywords'>];
}

/** One block text field's value (`block:<blockId>/<path>`): the version's override, else the page's text. */
function blockFieldValue(content: AudienceContent, page: ContentPage, field: string): string | undefined {
  const own = blockFieldsOf(page.blocks ?? []).get(field);
  if (own === undefined) return undefined;
  return content.blocks?.text[own.blockId]?.[own.path] ?? own.value;
}

/**
 * A page's block text fields by field name. Looking one up walked every block's fields, and a diff
 * or a grounding check looks up every field: O(fields²), a millisecond of each draft of a page with
 * a few blocks. Kept per blocks array (pages are read, never changed in place).
 */
const blockFieldIndexes = new WeakMap<
  readonly PageBlock[],
  Map<string, { blockId: string; path: string; value: string }>
>();

function blockFieldsOf(blocks: readonly PageBlock[]) {
  let index = blockFieldIndexes.get(blocks);
  if (index === undefined) {
    index = new Map();
    for (const block of blocks) {
      for (const { path, value } of blockTextFields(block)) {
        // The first of two blocks with one id wins, as a search in page order found it.
        const field = `block:${block.blockId}/${path}`;
        if (!index.has(field)) index.set(field, { blockId: block.blockId, path, value });
      }
    }
    blockFieldIndexes.set(blocks, index);
  }
  return index;
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
  page: ContentPage,
  field: ContentField,
  value: string,
): AudienceContent {
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    const actionId = field.slice(BUTTON_FIELD_PREFIX.length);
    if (!page.actions.some((a) => a.actionId === actionId)) throw new Error(`Unknown action ${actionId}`);
    return { ...content, buttonTitles: { ...content.buttonTitles, [actionId]: value } };
  }
  if (field === 'metaKeywords') return { ...content, metaKeywords: parseKeywordList(value) };
  if (field.startsWith('block:')) {
    const [blockId, ...rest] = field.slice(6).split('/');
    const path = rest.join('/');
    const block = (page.blocks ?? []).find((b) => b.blockId === blockId);
    const own = block === undefined ? undefined : blockTextFields(block).find((f) => f.path === path);
    if (block === undefined || own === undefined) throw new Error(`Unknown block field ${field}`);
    const plan = planOf(content, page);
    const fields = { ...(plan.text[blockId!] ?? {}) };
    if (value === own.value) delete fields[path];
    else fields[path] = value;
    const text = { ...plan.text, [blockId!]: fields };
    if (Object.keys(fields).length === 0) delete text[blockId!];
    return { ...content, blocks: { ...plan, text } };
  }
  if (field === 'blocks') return withBlocksShown(content, page, value);
  return { ...content, [field]: value };
}

/**
 * `content` showing exactly these blocks (ids joined with ", ", as the change `blocks` shows them), in
 * that order: what undoing or restoring a change of the blocks shown writes. A block keeps the reason
 * the plan gave it where it stays as it was; ids the page no longer has are dropped.
 */
function withBlocksShown(content: AudienceContent, page: ContentPage, value: string): AudienceContent {
  const plan = planOf(content, page);
  const known = new Set((page.blocks ?? []).map((b) => b.blockId));
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => known.has(id));
  const decided = new Map([...plan.shown, ...plan.hidden].map((d) => [d.blockId, d]));
  const wasShown = new Set(plan.shown.map((d) => d.blockId));
  const shown = ids.map((blockId) =>
    wasShown.has(blockId)
      ? decided.get(blockId)!
      : { blockId, reason: 'shown again: an earlier version showed it' },
  );
  const hidden = (page.blocks ?? [])
    .filter((b) => !ids.includes(b.blockId))
    .map((b) =>
      wasShown.has(b.blockId) || !decided.has(b.blockId)
        ? { blockId: b.blockId, reason: 'hidden again: an earlier version hid it' }
        : decided.get(b.blockId)!,
    );
  return { ...content, blocks: { ...plan, shown, hidden } };
}

/** The fields whose values differ between two contents, as the Changes a version records. */
export function diffContent(
  page: ContentPage,
  before: AudienceContent,
  after: AudienceContent,
): ContentChange[] {
  const changes: ContentChange[] = [];
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
 * Why an agent cannot write a value into a field, or null when it can (AGENT_LIMITS). Explicit
 * values are checked, never silently cut: a request that breaks a bound is answered with the reason.
 */
export function fieldProblem(page: ContentPage, field: ContentField, value: string): string | null {
  const tooLong = (max: number, what: string) =>
    value.length > max ? `${what} can be at most ${max} characters (this one has ${value.length})` : null;
  if (field === 'metaTitle' || field === 'metaDescription') {
    const what = FIELD_LABELS[field];
    return value.trim() === '' ? `${what} cannot be empty` : tooLong(AGENT_LIMITS[field], what);
  }
  if (field === 'supplementaryContext') {
    return tooLong(AGENT_LIMITS.supplementaryContext, FIELD_LABELS.supplementaryContext);
  }
  if (field === 'headline') {
    return value.trim() === ''
      ? 'the headline cannot be empty'
      : tooLong(AGENT_LIMITS.headline, FIELD_LABELS.headline);
  }
  // A page may have no subheadline, so a version may clear it.
  if (field === 'subheadline') return tooLong(AGENT_LIMITS.subheadline, FIELD_LABELS.subheadline);
  if (field === 'actionUrl') {
    if (!isHttpUrl(value)) return `"${value}" is not an absolute http(s) URL`;
    return tooLong(AGENT_LIMITS.actionUrl, FIELD_LABELS.actionUrl);
  }
  if (field === 'metaKeywords') return keywordsProblem(parseKeywordList(value));
  if (field === 'blocks') return null;
  if (field.startsWith('block:')) {
    const [blockId, ...rest] = field.slice(6).split('/');
    const block = (page.blocks ?? []).find((b) => b.blockId === blockId);
    const own =
      block === undefined ? undefined : blockTextFields(block).find((f) => f.path === rest.join('/'));
    if (own === undefined) return `this page has no block text ${field.slice(6)}`;
    return blockTextProblem(own, field.slice(6), value);
  }
  if (field.startsWith(BUTTON_FIELD_PREFIX)) {
    const actionId = field.slice(BUTTON_FIELD_PREFIX.length);
    if (!page.actions.some((a) => a.actionId === actionId)) return `this page has no action "${actionId}"`;
    return value.trim() === ''
      ? 'a button title cannot be empty'
      : tooLong(AGENT_LIMITS.buttonTitle, 'a button title');
  }
  return `"${field}" is not a field of this page`;
}

export function keywordsProblem(keywords: readonly string[]): string | null {
  if (keywords.length > AGENT_LIMITS.keywordCount) {
    return `a version can have at most ${AGENT_LIMITS.keywordCount} keywords (this would make ${keywords.length})`;
  }
  const long = keywords.find((k) => k.length > AGENT_LIMITS.keyword);
  return long === undefined
    ? null
    : `a keyword can be at most ${AGENT_LIMITS.keyword} characters ("${long}" is longer)`;
}

/**
 * Checks the shape of an agent's proposed content and its outer bounds (CONTENT_LIMITS); returns
 * the problems (empty when valid). An agent's output is untrusted: wrong types, unknown buttons,
 * oversized or non-http(s) values are refused before anything is written.
 */
function contentProblems(content: unknown, current: AudienceContent, page: ContentPage): string[] {
  const problems: string[] = [];
  if (content === null || typeof content !== 'object') return ['content must be an object'];
  const c = content as Record<string, unknown>;
  const text = (name: string, max: number) => {
    if (typeof c[name] !== 'string') problems.push(`${name} must be a string`);
    else if ((c[name] as string).length > max) problems.push(`${name} is longer than ${max} characters`);
  };
  text('metaTitle', CONTENT_LIMITS.metaTitle);
  text('metaDescription', CONTENT_LIMITS.metaDescription);
  text('supplementaryContext', CONTENT_LIMITS.supplementaryContext);
  text('actionUrl', CONTENT_LIMITS.actionUrl);
  text('headline', CONTENT_LIMITS.headline);
  text('subheadline', CONTENT_LIMITS.subheadline);
  if (typeof c.metaTitle === 'string' && c.metaTitle.trim() === '')
    problems.push('metaTitle must not be empty');
  if (typeof c.headline === 'string' && c.headline.trim() === '') problems.push('headline must not be empty');
  if (typeof c.actionUrl === 'string' && c.actionUrl !== '' && !isHttpUrl(c.actionUrl)) {
    problems.push('actionUrl must be an http(s) URL');
  }
  const keywords = c.metaKeywords;
  if (
    !Array.isArray(keywords) ||
    keywords.some((k) => typeof k !== 'string' || k.length > CONTENT_LIMITS.keyword)
  ) {
    problems.push(`metaKeywords must be an array of strings of at most ${CONTENT_LIMITS.keyword} characters`);
  } else if (keywords.length > CONTENT_LIMITS.keywordCount)
    problems.push(`metaKeywords has more than ${CONTENT_LIMITS.keywordCount} items`);
  const buttons = c.buttonTitles;
  if (buttons === null || typeof buttons !== 'object' || Array.isArray(buttons)) {
    problems.push('buttonTitles must be an object');
  } else {
    const known = new Set(Object.keys(current.buttonTitles));
    for (const [id, title] of Object.entries(buttons)) {
      if (!known.has(id)) problems.push(`buttonTitles names an unknown action ${id}`);
      else if (
        typeof title !== 'string' ||
        title.trim() === '' ||
        title.length > CONTENT_LIMITS.buttonTitle
      ) {
        problems.push(
          `buttonTitles.${id} must be a non-empty string of at most ${CONTENT_LIMITS.buttonTitle} characters`,
        );
      }
    }
    for (const id of known) if (!(id in buttons)) problems.push(`buttonTitles is missing action ${id}`);
  }
  if (c.blocks !== undefined) problems.push(...planProblems(page.blocks ?? [], c.blocks));
  const members: readonly string[] = [...SIMPLE_FIELDS, 'buttonTitles', 'blocks'];
  const extra = Object.keys(c).filter((k) => !members.includes(k));
  if (extra.length > 0) problems.push(`content has unknown members: ${extra.join(', ')}`);
  return problems;
}

/**
 * What is wrong with an agent's content and changes: every changed value within AGENT_LIMITS, and
 * `changes` exactly the fields where `content` differs from `current`. Empty when the result is sound.
 */
export function agentResultProblems(
  page: ContentPage,
  current: AudienceContent,
  result: { content: AudienceContent; changes: ContentChange[] },
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

/**
 * An agent's result failed the checks. The checks are deterministic: the same input gives the same
 * refusal (most often a value the page or the audience holds that a version may not), so the worker
 * does not retry it.
 */
export class RefusedResultError extends Error {
  constructor(readonly problems: string[]) {
    super(`the agent's output was refused: ${problems.join('; ')}`);
    this.name = 'RefusedResultError';
  }
}

/** A proposed next version as an agent returns it (the agent contract's AgentResult). */
export interface ProposedVersion {
  reply: string;
  reasoning: string;
  content: AudienceContent;
  changes: ContentChange[];
}

/**
 * The checks a proposed version must pass before the worker writes it: its content valid for the
 * page, its reply a non-empty string. Throws with every problem found. The changes returned are
 * computed from the content itself, so they always agree with it.
 */
export function checkProposedVersion(
  result: ProposedVersion,
  current: AudienceContent,
  page: ContentPage,
): ProposedVersion {
  const problems = contentProblems(result?.content, current, page);
  if (
    typeof result?.reply !== 'string' ||
    result.reply.trim() === '' ||
    result.reply.length > AGENT_TEXT_LIMIT
  ) {
    problems.push(`reply must be a non-empty string of at most ${AGENT_TEXT_LIMIT} characters`);
  }
  if (typeof result?.reasoning !== 'string' || result.reasoning.length > AGENT_TEXT_LIMIT) {
    problems.push(`reasoning must be a string of at most ${AGENT_TEXT_LIMIT} characters`);
  }
  // Shapes first; then the agents' own bounds on what changed, and changes that match the content.
  if (problems.length === 0) problems.push(...agentResultProblems(page, current, result));
  if (problems.length > 0) throw new RefusedResultError(problems);
  const content: AudienceContent = {
    metaTitle: result.content.metaTitle,
    metaDescription: result.content.metaDescription,
    metaKeywords: [...result.content.metaKeywords],
    supplementaryContext: result.content.supplementaryContext,
    buttonTitles: { ...result.content.buttonTitles },
    actionUrl: result.content.actionUrl,
    headline: result.content.headline,
    subheadline: result.content.subheadline,
    ...(result.content.blocks === undefined ? {} : { blocks: structuredClone(result.content.blocks) }),
  };
  return {
    reply: result.reply,
    reasoning: result.reasoning,
    content,
    changes: diffContent(page, current, content),
  };
}
