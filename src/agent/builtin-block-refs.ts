/**
 * How the built-in agent finds the block and the text a request means: a block by its id (`case-retail`,
 * "the how it works section"), its heading, or its kind ("the FAQ", "the case study"), choosing among
 * alternatives by a word of their ids ("the retail case study") or by the audience's traits ("the case
 * study that matches their industry"); a text by its part ("answer", "title"), a position ("the second
 * answer") or the quoted text of its item ("the answer to "Is our data safe?"").
 */
import { type AudienceContent, planOf } from '../domain/audience-content.js';
import {
  type BlockPlan,
  blockTextFields,
  NO_TRAITS,
  type PageBlock,
  selectBlocks,
} from '../domain/page-blocks.js';
import type { AgentInput } from './page-agent.js';

/** The words that name each kind of block. */
export const KINDS: [PageBlock['type'], RegExp, string][] = [
  ['faq', /\bfaqs?\b|\bfrequently\s+asked(?:\s+questions)?\b/i, 'FAQ'],
  ['video', /\bvideo\b|\bwalk-?through\b/i, 'video'],
  ['testimonial', /\btestimonial\b|\bquote\b/i, 'testimonial'],
  ['caseStudy', /\bcase[\s-]+stud(?:y|ies)\b|\bcustomer\s+stor(?:y|ies)\b/i, 'case study'],
  ['features', /\bfeatures?\b|\bbenefits?\b/i, 'features'],
  ['stats', /\bstats?\b|\bstatistics\b|\bfigures\b|\bnumbers\s+(?:block|section)\b/i, 'figures'],
  ['logos', /\blogos?\b/i, 'logos'],
  ['hero', /\bhero\b|\beyebrow\b/i, 'hero'],
  [
    'ctaBanner',
    /\bbanner\b|\bclosing\s+(?:section|block)\b|\bcall[\s-]+to[\s-]+action\s+(?:section|block)\b/i,
    'banner',
  ],
  ['form', /\b(?:contact\s+|lead\s+)?form\b/i, 'form'],
  ['image', /\bimage\b|\bpicture\b/i, 'image'],
  ['richText', /\btext\s+(?:block|section)\b/i, 'text block'],
];

/** A part of a block as people name it, and the block's field names it may mean, in order. */
const PARTS: [RegExp, string[]][] = [
  [/\bbutton(?:'s)?\s+(?:label|text|title|copy|wording)\b/i, ['buttonText']],
  [/\bquestions?\b/i, ['question']],
  [/\banswers?\b/i, ['answer']],
  [/\bintro(?:duction)?\b/i, ['intro']],
  [/\bheading\b|\bheadline\b/i, ['heading', 'title']],
  [/\btitles?\b|\btitled\b|\bcalled\b|\bnamed\b/i, ['title', 'heading']],
  [/\bquote\b/i, ['quote']],
  [/\bauthor\b|\bname\b/i, ['author']],
  [/\brole\b|\bjob\s+title\b/i, ['role']],
  [/\bcompany\b/i, ['company']],
  [/\bcaption\b/i, ['caption']],
  [/\bsummary\b/i, ['summary']],
  [/\blabels?\b|\blabell?ed\b/i, ['label']],
  [/\bvalues?\b|\bnumbers?\b/i, ['value']],
  [/\beyebrow\b/i, ['eyebrow']],
  [/\bbutton\b/i, ['buttonText']],
  [/\bthank[\s-]*you\b/i, ['thankYouMessage']],
  [/\bconsent\b/i, ['consentText']],
  [/\btext\b|\bcopy\b|\bdescription\b|\bbody\b/i, ['text', 'summary', 'intro', 'quote']],
];

const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
  '6th': 6,
};

/** Quoted texts (`"…"`, `“…”`, `'…'` opened after a space) with their places. */
const QUOTED = /(?<=^|[\s(:])(?:"([^"]*)"|“([^”]*)”|'([^']*)'(?=$|[\s.,!?;:)]))/g;

/** `text` with the inside of its quotes blanked out (same length), so a pattern never reads into a quote. */
export function masked(text: string): string {
  return text.replace(QUOTED, (m) => `${m[0]}${'x'.repeat(m.length - 2)}${m.at(-1)}`);
}

/** The texts quoted in `text`. */
export function quotedIn(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim());
}

/** "the second …", "answer 2", "#3", "the last …": the item meant (1-based; -1 for the last), else null. */
function ordinalIn(text: string): number | null {
  const word = text.match(
    /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|1st|2nd|3rd|4th|5th|6th|last)\b/i,
  )?.[1];
  if (word) return word.toLowerCase() === 'last' ? -1 : ORDINALS[word.toLowerCase()]!;
  const number = text.match(
    /#\s*(\d)\b|\b(?:question|answer|item|feature|stat|metric|number|figure)\s+(\d)\b/i,
  );
  return number ? Number(number[1] ?? number[2]) : null;
}

export function describe(block: PageBlock): string {
  const kind = KINDS.find(([type]) => type === block.type)?.[2] ?? block.type;
  return `the ${kind} (“${block.blockId}”)`;
}

export type BlockRef = { block: PageBlock } | { problem: string } | null;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const headingOf = (block: PageBlock) => {
  const record = block as unknown as Record<string, unknown>;
  const heading = record.heading ?? record.title;
  return typeof heading === 'string' ? heading : '';
};
/** "match their industry", "for her sector", "by industry": the audience's traits choose. */
const BY_TRAITS =
  /\b(?:match(?:es|ing)?|fits?|fitting|suits?|for|about|from)\s+(?:their|its|her|his|the\s+account's|this\s+account's|the\s+audience's)\s+(?:industry|sector|vertical|region|tier|size|traits?)\b|\bby\s+(?:their\s+)?(?:industry|sector|vertical|traits?)\b|\b(?:their|her|his)\s+(?:industry|sector|vertical)'?s?\b/i;

/**
 * The one block `text` names: its id (hyphens or spaces), else its heading quoted or written out,
 * else a kind; of several blocks of that kind, the one a word of its id, the audience's traits or
 * the version's plan (the one shown) picks. Null when it names no block.
 */
export function blockIn(text: string, input: AgentInput, plan: BlockPlan): BlockRef {
  const blocks = input.page.blocks ?? [];
  const byId = blocks.filter((b) =>
    new RegExp(`(?:^|[\\s“"'])${literal(b.blockId).replace(/-/g, '[\\s-]')}(?:$|[\\s”"'.,?!]|'s)`, 'i').test(
      text,
    ),
  );
  if (byId.length === 1) return { block: byId[0]! };
  const lower = text.toLowerCase();
  const byHeading = blocks.filter(
    (b) => headingOf(b).length >= 6 && lower.includes(headingOf(b).toLowerCase()),
  );
  if (byHeading.length === 1) return { block: byHeading[0]! };
  const kinds = KINDS.filter(([, words]) => words.test(masked(text))).map(([type]) => type);
  if (kinds.length === 0) return null;
  // "the testimonial quote": the kind named first wins over a word that is also a part.
  const kind = kinds[0]!;
  const candidates = blocks.filter((b) => b.type === kind);
  if (candidates.length === 0)
    return { problem: `this page has no ${KINDS.find(([t]) => t === kind)![2]} block` };
  if (candidates.length === 1) return { block: candidates[0]! };
  // "the retail case study": a word of the request in one candidate's id (case-retail) picks it;
  // words every candidate's id has ("case") tell nothing.
  const words = new Set(lower.match(/[\p{L}\d]+/gu) ?? []);
  const partsOf = (b: PageBlock) => b.blockId.toLowerCase().split(/[^\p{L}\d]+/u);
  const common = candidates.map(partsOf).reduce((a, b) => a.filter((p) => b.includes(p)));
  const named = candidates.filter((b) =>
    partsOf(b).some((part) => part.length > 2 && words.has(part) && !common.includes(part)),
  );
  if (named.length === 1) return { block: named[0]! };
  if (BY_TRAITS.test(text)) return byTraits(candidates, input);
  const shown = new Set(plan.shown.map((d) => d.blockId));
  const visible = candidates.filter((b) => shown.has(b.blockId));
  if (visible.length === 1) return { block: visible[0]! };
  return {
    problem: `this page has ${candidates.length} of those (${candidates.map((b) => `“${b.blockId}”`).join(', ')}); name the one you mean by its id`,
  };
}

/** The alternative whose rule the audience's traits meet (the page's own rules, applied to its traits). */
function byTraits(candidates: PageBlock[], input: AgentInput): BlockRef {
  const { shown } = selectBlocks(candidates, input.traits ?? NO_TRAITS);
  const matched = candidates.find(
    (b) => (b.showWhen ?? []).length > 0 && shown.some((d) => d.blockId === b.blockId),
  );
  if (matched) return { block: matched };
  const rules = candidates.filter((b) => (b.showWhen ?? []).length > 0).map((b) => `“${b.blockId}”`);
  return {
    problem: `no ${describe(candidates[0]!).replace(/ \(.*/, '').replace(/^the /, '')} is written for this audience's traits (${rules.join(', ')} have rules, and none holds); name the one you mean by its id`,
  };
}

/** The block's text fields with the version's values (its overrides over the page's text). */
export function currentTexts(block: PageBlock, content: AudienceContent, input: AgentInput) {
  const overrides = planOf(content, input.page).text[block.blockId] ?? {};
  return blockTextFields(block).map((f) => ({ ...f, value: overrides[f.path] ?? f.value }));
}

/**
 * The field names `what` asks for: the part named before "of" ("the heading of the FAQ"), else the
 * last one named; a longer name holds the words inside it ("the button label" is the button's text).
 */
export function partIn(what: string): string[] | undefined {
  const bare = masked(what).replace(QUOTED, ' ');
  const head = bare.split(/\s+of\s+/i)[0]!;
  const scan = (text: string) => {
    const found = PARTS.flatMap(([words, names]) => {
      const m = words.exec(text);
      return m ? [{ at: m.index, end: m.index + m[0].length, names }] : [];
    });
    return found
      .filter(
        (f) => !found.some((g) => g !== f && g.at <= f.at && g.end >= f.end && g.end - g.at > f.end - f.at),
      )
      .sort((a, b) => a.at - b.at);
  };
  const before = head === bare ? [] : scan(head);
  return (before.length > 0 ? before : scan(bare)).at(-1)?.names;
}

/** The text field of `block` that `what` names ("second answer", "heading", "quote"). */
export function pathIn(
  what: string,
  block: PageBlock,
  input: AgentInput,
): { path: string } | { problem: string } {
  const fields = currentTexts(block, input.current, input);
  if (fields.length === 0) return { problem: `${describe(block)} has no text a version can change` };
  const names = partIn(what);
  // "the answer to "Is our data safe?"", "the "Receipts chased for you" feature": an item by its text.
  const quoted = quotedIn(what).map((t) => t.toLowerCase());
  const item = fields.find((f) => f.path.includes('/') && quoted.includes(f.value.trim().toLowerCase()));
  const ordinal = item ? Number(item.path.split('/')[1]) + 1 : ordinalIn(masked(what));
  const listed = (name: string) => fields.filter((f) => new RegExp(`^\\w+/\\d+/${name}$`).test(f.path));
  const parts = [...new Set(fields.map((f) => f.path.split('/').at(-1)!))];
  if (names === undefined) {
    // "change the video to …": a block with one text of its own means it.
    const own = fields.filter((f) => !f.path.includes('/'));
    if (own.length === 1 && ordinal === null) return { path: own[0]!.path };
    return { problem: `say which text of ${describe(block)} to change: ${parts.join(', ')}` };
  }
  if (ordinal !== null) {
    for (const name of names) {
      const items = listed(name);
      if (items.length === 0) continue;
      const found = ordinal === -1 ? items.at(-1) : items[ordinal - 1];
      if (found === undefined)
        return { problem: `${describe(block)} has ${items.length} ${name}s; there is no number ${ordinal}` };
      return { path: found.path };
    }
  }
  // Without a number, the block's own text of that name ("the features title": its heading).
  for (const name of names) if (fields.some((f) => f.path === name)) return { path: name };
  for (const name of names) {
    const items = listed(name);
    if (items.length === 1) return { path: items[0]!.path };
    if (items.length > 1)
      return {
        problem: `${describe(block)} has ${items.length} ${name}s: say which, such as "the second ${name}"`,
      };
  }
  return { problem: `${describe(block)} has no ${names[0]}; its texts are ${parts.join(', ')}` };
}

/**
 * The block text a selected element of the preview is: the one whose text is the element's (of the
 * blocks shown; the element's section number decides between equal texts). Null when none is.
 */
export function selectedBlockText(input: AgentInput): { block: PageBlock; path: string } | null {
  const selected = input.request?.selectedElement;
  const text = typeof selected?.text === 'string' ? selected.text.replace(/\s+/g, ' ').trim() : '';
  if (text === '') return null;
  const plan = planOf(input.current, input.page);
  const blocks = input.page.blocks ?? [];
  const shown = plan.shown.map((d) => blocks.find((b) => b.blockId === d.blockId)!).filter(Boolean);
  const matches = shown.flatMap((block) =>
    currentTexts(block, input.current, input)
      .filter((f) => f.value.replace(/\s+/g, ' ').trim().startsWith(text))
      .map((f) => ({ block, path: f.path })),
  );
  if (matches.length <= 1) return matches[0] ?? null;
  // The hero is drawn by the page, not as a section: sections count the other blocks shown.
  const sections = shown.filter((b) => b.type !== 'hero');
  const section = typeof selected?.section === 'number' ? sections[selected.section] : undefined;
  return matches.find((m) => m.block === section) ?? null;
}
