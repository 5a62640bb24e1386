/**
 * The built-in agent's first draft: a version personalised from what Quire knows, with no request
 * to follow. Everything is derived from the input alone (no clock, no randomness), so the same input
 * always drafts the same version.
 */

import { AGENT_LIMITS, type AudienceContent, dedupeKeywords } from '../domain/audience-content.js';
import { DRAFT_SUMMARY_START, notesWithSummary, operatorNotesOf } from '../domain/operator-notes.js';
import {
  BLOCK_LABELS,
  BLOCK_TEXT_BOUNDS,
  type BlockPlan,
  defaultPlan,
  NO_TRAITS,
  type PageBlock,
} from '../domain/page-blocks.js';
import {
  activityDetail,
  clip,
  describeActivity,
  describeTopicEntry,
  firstSentence,
  plural,
  q,
  termsOf,
} from './builtin-text.js';
import type { AgentInput, AgentTopicEntry } from './page-agent.js';

const ACTIVITY_IN_CONTEXT = 5;
const TOPICS_IN_CONTEXT = 3;
const DRAFT_KEYWORDS = 12;

export interface Draft {
  content: AudienceContent;
  /** Who the draft addresses ("Ada Lovelace at Acme"), or null for a general audience. */
  audienceLabel: string | null;
  activityCount: number;
  relevantTopics: AgentTopicEntry[];
  /** The terms that made topic entries relevant, for the reasoning. */
  interestTerms: string[];
}

export function draftVersion(input: AgentInput): Draft {
  const subject = subjectOf(input);
  const relevant = relevantTopicEntries(input);
  const content: AudienceContent = {
    ...input.current,
    metaTitle: draftTitle(input, subject),
    metaDescription: draftDescription(input, subject),
    metaKeywords: draftKeywords(input, relevant.entries),
    supplementaryContext: draftContext(input, subject, relevant.entries),
    headline: draftHeadline(input, subject),
    subheadline: draftSubheadline(input, subject),
    ...draftBlocks(input, subject),
  };
  return {
    content,
    audienceLabel: subject.label,
    activityCount: input.recentActivity.length,
    relevantTopics: relevant.entries,
    interestTerms: relevant.terms,
  };
}

interface Subject {
  person: string | null;
  company: string | null;
  /** "Ada Lovelace at Acme", "Acme", "Ada Lovelace", a custom audience name, or null. */
  label: string | null;
}

function subjectOf(input: AgentInput): Subject {
  const person = input.person?.name.trim() || null;
  const company = input.account?.name.trim() || input.person?.domain?.trim() || null;
  let label = person && company ? `${person} at ${company}` : (person ?? company);
  // A general audience may still carry a meaningful name ("Fintech CFOs").
  if (label === null && input.audience.effectiveName.trim() !== input.page.name.trim()) {
    label = input.audience.effectiveName.trim() || null;
  }
  return { person, company, label };
}

/**
 * The blocks the audience sees: the page's rules applied to the person's and the account's traits
 * (one case study of three by industry, say). The version records each decision and its reason;
 * text the conversation changed in a block stays. A hero block's eyebrow says whom the page was
 * prepared for (heroEyebrow), unless the conversation set it.
 */
function draftBlocks(input: AgentInput, subject: Subject): { blocks?: BlockPlan } {
  const blocks = input.page.blocks ?? [];
  if (blocks.length === 0) return {};
  const plan = defaultPlan(blocks, input.traits ?? NO_TRAITS);
  const text = { ...(input.current.blocks?.text ?? {}) };
  const hero = personalHero(input);
  const eyebrow = heroEyebrow(subject);
  if (hero !== undefined && eyebrow !== null && text[hero.blockId]?.eyebrow === undefined) {
    text[hero.blockId] = { ...text[hero.blockId], eyebrow };
  }
  return { blocks: { ...plan, text } };
}

/**
 * "Prepared for Ada Lovelace at Acme": the personal line of a page with a hero block. The headline
 * is the marketer's own sentence and stays as written; a company's name appended to it ("Close
 * your books in two days, not ten for Acme") read as a mail merge.
 */
function heroEyebrow(subject: Subject): string | null {
  for (const whom of [subject.label, subject.company, subject.person]) {
    if (whom === null) continue;
    const line = `Prepared for ${whom}`;
    if (line.length <= EYEBROW_MAX) return line;
  }
  return null;
}

/** What the reply says of the hero: its eyebrow when the draft set one, else its headline. */
function heroLine(content: AudienceContent): string {
  const eyebrow = Object.values(content.blocks?.text ?? {}).find((t) => t.eyebrow !== undefined)?.eyebrow;
  return eyebrow === undefined
    ? `the headline ${q(content.headline)}`
    : `the hero says ${q(eyebrow)} above your headline`;
}

/** The eyebrow's bound (the page's own, page-blocks.ts BLOCK_TEXT_BOUNDS). */
const EYEBROW_MAX = BLOCK_TEXT_BOUNDS.hero.eyebrow.max;

/**
 * The hero block whose eyebrow carries the personal line: one with an eyebrow (a version may only
 * reword text a block has, page-blocks.ts blockTextFields).
 */
function personalHero(input: AgentInput): PageBlock | undefined {
  return (input.page.blocks ?? []).find((b) => b.type === 'hero' && typeof b.eyebrow === 'string');
}

function hasHeroBlock(input: AgentInput): boolean {
  return personalHero(input) !== undefined;
}

function pageTitle(input: AgentInput): string {
  return input.page.title.trim() || input.page.name.trim() || input.current.metaTitle;
}

function draftTitle(input: AgentInput, subject: Subject): string {
  const title = pageTitle(input);
  const candidates = [
    subject.person && subject.company ? `${title} for ${subject.person} at ${subject.company}` : null,
    subject.company ? `${title} for ${subject.company}` : null,
    subject.label ? `${title} for ${subject.label}` : null,
  ];
  const fitting = candidates.find((c): c is string => c !== null && c.length <= AGENT_LIMITS.metaTitle);
  if (fitting) return fitting;
  const whom = subject.company ?? subject.label;
  if (whom && whom.length <= AGENT_LIMITS.metaTitle / 2) {
    const suffix = ` for ${whom}`;
    return `${clip(title, AGENT_LIMITS.metaTitle - suffix.length)}${suffix}`;
  }
  return clip(title, AGENT_LIMITS.metaTitle);
}

/**
 * The hero headline names the company (else whoever the audience is) on a page without a hero
 * block: "Revenue forecasts your finance team can trust for Acme". Built from the page's own
 * headline, so a redraft never stacks. A page with a hero block keeps its headline as written and
 * says whom it was prepared for in the hero's eyebrow (heroEyebrow).
 */
function draftHeadline(input: AgentInput, subject: Subject): string {
  const own = input.page.headline.trim() || pageTitle(input);
  const whom = subject.company ?? subject.label;
  if (whom === null || hasHeroBlock(input)) return own;
  const end = /[.!]$/.exec(own)?.[0] ?? '';
  const personal = `${own.slice(0, own.length - end.length)} for ${whom}${end}`;
  return personal.length <= AGENT_LIMITS.headline ? personal : own;
}

/**
 * The subheadline says who the page is for, in front of the page's own (or alone when it has none);
 * on a page with a hero block the eyebrow already says it, and the subheadline stays the page's.
 */
function draftSubheadline(input: AgentInput, subject: Subject): string {
  const own = input.page.subheadline.trim();
  if (subject.label === null || (hasHeroBlock(input) && heroEyebrow(subject) !== null)) return own;
  const personal = own === '' ? `Prepared for ${subject.label}.` : `For ${subject.label}: ${own}`;
  return personal.length <= AGENT_LIMITS.subheadline ? personal : own;
}

function draftDescription(input: AgentInput, subject: Subject): string {
  const offer = firstSentence(input.page.pageContext) || pageTitle(input);
  const lead = subject.label ? `For ${subject.label}: ` : '';
  const body = clip(`${lead}${offer}`, AGENT_LIMITS.metaDescription);
  const action = input.page.actions[0];
  const callToAction = action
    ? ` ${(input.current.buttonTitles[action.actionId] ?? action.buttonTitle).trim()}.`
    : '';
  const withAction = `${body.replace(/[.!?…]?$/, (end) => end || '.')}${callToAction}`;
  return callToAction.length > 2 && withAction.length <= AGENT_LIMITS.metaDescription ? withAction : body;
}

function draftKeywords(input: AgentInput, topics: AgentTopicEntry[]): string[] {
  // The page's own keywords come first: an operator chose them.
  const base = input.current.metaKeywords;
  const company = input.account?.name ? [input.account.name] : [];
  const terms = salientTerms([
    [input.page.title, input.page.title, input.page.pageContext, ...input.page.actions.map((a) => a.purpose)],
    input.recentActivity.map((a) => activityDetail(a) ?? ''),
    topics.map((t) => t.content),
  ]);
  const keywords = dedupeKeywords([...base, ...company, ...terms]);
  const count = Math.min(AGENT_LIMITS.keywordCount, Math.max(DRAFT_KEYWORDS, base.length));
  return keywords.filter((k) => k.length <= AGENT_LIMITS.keyword).slice(0, count);
}

/**
 * Terms worth a keyword: those the page's title names or that appear in more than one source (the
 * page, the audience's activity, the relevant topics), so a keyword reflects a shared interest rather
 * than a stray verb. Ranked by how many sources share them, then how often they occur.
 */
function salientTerms(sources: string[][]): string[] {
  const stats = new Map<string, { sources: Set<number>; n: number; first: number }>();
  let position = 0;
  sources.forEach((texts, source) => {
    for (const term of termsOf(texts.join(' '))) {
      const entry = stats.get(term) ?? { sources: new Set<number>(), n: 0, first: position };
      entry.sources.add(source);
      entry.n += 1;
      stats.set(term, entry);
      position += 1;
    }
  });
  const titleTerms = new Set(termsOf(sources[0]?.[0] ?? ''));
  return [...stats.entries()]
    .filter(([term, s]) => s.sources.size > 1 || titleTerms.has(term))
    .sort((a, b) => b[1].sources.size - a[1].sources.size || b[1].n - a[1].n || a[1].first - b[1].first)
    .map(([term]) => term);
}

/**
 * Topic entries that share terms with what the page offers and what the audience did, best first.
 * With nothing in common, none is relevant: a summary of unrelated entries would mislead.
 */
function relevantTopicEntries(input: AgentInput): { entries: AgentTopicEntry[]; terms: string[] } {
  const interest = new Set(
    termsOf(
      [
        input.page.title,
        input.page.pageContext,
        ...input.page.actions.map((a) => a.purpose),
        ...input.recentActivity.map((a) => activityDetail(a) ?? ''),
        input.account?.name ?? '',
      ].join(' '),
    ),
  );
  const matched = new Set<string>();
  const scored = input.topicEntries.map((entry, index) => {
    const shared = [...new Set(termsOf(entry.content))].filter((t) => interest.has(t));
    return { entry, index, shared };
  });
  const best = scored
    .filter((s) => s.shared.length > 0)
    .sort((a, b) => b.shared.length - a.shared.length || a.index - b.index)
    .slice(0, TOPICS_IN_CONTEXT);
  for (const s of best) for (const t of s.shared) matched.add(t);
  return { entries: best.map((s) => s.entry), terms: [...matched].slice(0, 8) };
}

function draftContext(input: AgentInput, subject: Subject, topics: AgentTopicEntry[]): string {
  const lines: string[] = [];
  const who: string[] = [];
  if (input.person) {
    const email = input.person.email ? ` (${input.person.email})` : '';
    who.push(`${input.person.name}${email}`);
  }
  if (input.account) who.push(`${input.person ? 'at ' : ''}${input.account.name} (${input.account.domain})`);
  lines.push(`${DRAFT_SUMMARY_START}${who.length > 0 ? who.join(' ') : (subject.label ?? 'general')}.`);

  // What the account's systems and people recorded comes first; page views and clicks (anyone with
  // the link can make them) fill what room is left, marked as such.
  const recorded = input.recentActivity.filter((a) => a.visitorMade !== true);
  const visitor = input.recentActivity.filter((a) => a.visitorMade === true);
  const activity = [...recorded, ...visitor].slice(0, ACTIVITY_IN_CONTEXT);
  if (activity.length > 0) {
    const more = input.recentActivity.length - activity.length;
    lines.push(`Recent activity (newest first${more > 0 ? `, ${more} older not shown` : ''}):`);
    for (const a of activity)
      lines.push(`- ${describeActivity(a)}${a.visitorMade === true ? ' [page visitor, unverified]' : ''}`);
  } else {
    lines.push('Recent activity: none recorded.');
  }

  if (topics.length > 0) {
    lines.push('Relevant topic entries:');
    for (const t of topics) lines.push(`- ${describeTopicEntry(t)}`);
  }

  const action = input.page.actions[0];
  if (action) {
    const title = input.current.buttonTitles[action.actionId] ?? action.buttonTitle;
    const purpose = action.purpose.trim() ? ` (${action.purpose.trim()})` : '';
    lines.push(`Page: ${pageTitle(input)}; primary action ${q(title)}${purpose}.`);
  } else {
    lines.push(`Page: ${pageTitle(input)}.`);
  }
  // The operator's notes stay first and whole; the summary keeps whole lines while they fit, so it
  // never ends mid-sentence. Notes already over the agent's bound are left exactly as they are.
  const notes = operatorNotesOf(input.current.supplementaryContext);
  if (notes.length > AGENT_LIMITS.supplementaryContext) return input.current.supplementaryContext;
  return notesWithSummary(notes, lines, AGENT_LIMITS.supplementaryContext);
}

/** The reply and reasoning of a draft, specific to what was found. */
export function describeDraft(input: AgentInput, draft: Draft, changed: boolean) {
  const who = draft.audienceLabel ?? 'a general audience';
  const notes = operatorNotesOf(input.current.supplementaryContext) !== '';
  const facts: string[] = [];
  facts.push(plural(draft.activityCount, 'recent activity', 'recent activities'));
  facts.push(plural(draft.relevantTopics.length, 'relevant topic entry', 'relevant topic entries'));
  const reply = changed
    ? `I drafted a version for ${who}. The title now reads ${q(draft.content.metaTitle)}, ${heroLine(draft.content)}, the description ` +
      `speaks to them, the keywords come from the page, their activity and your topics, and the ` +
      `supplementary context ${notes ? 'keeps your notes and adds a summary of' : 'summarises'} ${facts.join(' and ')}. Tell me what to adjust, for example ` +
      `"set the title to …", "change the headline to …", "add keyword …" or "rename the … button to …".`
    : `This audience's version already matches what I would draft for ${who}, so I changed nothing. ` +
      `Ask me for specific edits (title, headline, subheadline, description, keywords, context, button titles, action URL).`;
  const sources = [
    input.person ? `the person (${input.person.name})` : null,
    input.account ? `the account (${input.account.name})` : null,
    `${plural(input.recentActivity.length, 'activity', 'activities')}`,
    `${plural(input.topicEntries.length, 'topic entry', 'topic entries')}`,
  ].filter((s): s is string => s !== null);
  const topicWhy =
    draft.relevantTopics.length > 0
      ? ` Topic entries were kept when they share terms with the page or the activity (${draft.interestTerms.join(', ')}).`
      : input.topicEntries.length > 0
        ? ' No topic entry shares terms with the page or the activity, so none is summarised.'
        : '';
  const reasoning =
    `No message asked for this version, so I personalised the page "${input.page.name}" from ${sources.join(', ')}. ` +
    `The title and description name ${who} so the page reads as written for them, within ` +
    `${AGENT_LIMITS.metaTitle} and ${AGENT_LIMITS.metaDescription} characters; the headline names ` +
    `the company (or whoever the audience is) and the subheadline says who the page is for, on the ` +
    "page's own words." +
    topicWhy +
    ' Button titles and the action URL are left as they were.' +
    blocksWhy(input, draft.content.blocks);
  return { reply: reply + blocksReply(input, draft.content.blocks), reasoning };
}

/** The reasoning's account of the blocks: each rule-decided block, shown or hidden, and the trait that decided. */
export function blocksWhy(input: AgentInput, plan: BlockPlan | undefined): string {
  if (plan === undefined) return '';
  const byId = new Map((input.page.blocks ?? []).map((b) => [b.blockId, b]));
  const ruled = [...plan.shown, ...plan.hidden].filter((d) => {
    const block = byId.get(d.blockId);
    return block !== undefined && (block.group !== undefined || (block.showWhen ?? []).length > 0);
  });
  const order = plan.shown.map((d) => d.blockId).join(', ');
  const decisions = ruled.map(
    (d) => `${d.blockId}: ${plan.shown.includes(d) ? '' : 'not shown, '}${d.reason}`,
  );
  return ` Blocks shown, in order: ${order}.${decisions.length > 0 ? ` By the page's rules: ${decisions.join('; ')}.` : ''}`;
}

/** One sentence for the reply when a rule chose among alternatives ("the case study for manufacturing"). */
export function blocksReply(input: AgentInput, plan: BlockPlan | undefined): string {
  if (plan === undefined) return '';
  const byId = new Map((input.page.blocks ?? []).map((b) => [b.blockId, b]));
  const chosen = plan.shown.filter((d) => {
    const block = byId.get(d.blockId);
    return block !== undefined && (block.group !== undefined || (block.showWhen ?? []).length > 0);
  });
  if (chosen.length === 0) return '';
  const names = chosen.map((d) => {
    const block = byId.get(d.blockId)!;
    const label = block.type === 'caseStudy' ? `the ${block.customer} case study` : BLOCK_LABELS[block.type];
    return `${label} (${d.reason.replace(/^shown (of group "[^"]+" )?because /, '')})`;
  });
  return ` By the page's rules it shows ${names.join(' and ')}.`;
}
