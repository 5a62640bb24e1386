/**
 * The built-in agent's edits of a page's blocks (issue 31): "change the second FAQ answer to …",
 * "the testimonial quote should say …", "hide the video", "show the retail case study", "move the
 * case study above the features". A request is read here only when it names a block of this page
 * (by its kind, such as "FAQ" or "case study", or by its blockId); anything else falls through to
 * the other readers, so "remove pricing from the keywords" is not taken for a block.
 */
import { type AudienceContent, type ContentField, planOf } from '../domain/audience-content.js';
import { type BlockPlan, blockTextFields, type PageBlock } from '../domain/page-blocks.js';
import type { ComputeOutcome, Edit, Parsed } from './builtin-parse.js';
import { readValue } from './builtin-split.js';
import type { AgentInput } from './page-agent.js';

type Make = (e: Edit) => Parsed;
type Fail = (problem: string) => Parsed;

/** The words that name each kind of block. */
const KINDS: [PageBlock['type'], RegExp, string][] = [
  ['faq', /\bfaqs?\b|\bfrequently\s+asked(?:\s+questions)?\b/i, 'FAQ'],
  ['video', /\bvideo\b|\bwalk-?through\b/i, 'video'],
  ['testimonial', /\btestimonial\b|\bquote\b/i, 'testimonial'],
  ['caseStudy', /\bcase[\s-]+stud(?:y|ies)\b|\bcustomer\s+stor(?:y|ies)\b/i, 'case study'],
  ['features', /\bfeatures?\b|\bbenefits?\b/i, 'features'],
  ['stats', /\bstats?\b|\bstatistics\b|\bfigures\b/i, 'figures'],
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
  [/\bquestions?\b/i, ['question']],
  [/\banswers?\b/i, ['answer']],
  [/\bintro(?:duction)?\b/i, ['intro']],
  [/\bheading\b|\bheadline\b/i, ['heading', 'title']],
  [/\btitles?\b/i, ['title', 'heading']],
  [/\bquote\b/i, ['quote']],
  [/\bauthor\b|\bname\b/i, ['author']],
  [/\brole\b|\bjob\s+title\b/i, ['role']],
  [/\bcompany\b/i, ['company']],
  [/\bcaption\b/i, ['caption']],
  [/\bsummary\b/i, ['summary']],
  [/\blabels?\b/i, ['label']],
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

function describe(block: PageBlock): string {
  const kind = KINDS.find(([type]) => type === block.type)?.[2] ?? block.type;
  return `the ${kind} (“${block.blockId}”)`;
}

/**
 * The one block `text` names: a blockId it contains, else a kind; of several blocks of that kind,
 * the one the version shows (alternatives: one is shown). Null when it names no block.
 */
function blockIn(
  text: string,
  input: AgentInput,
  plan: BlockPlan,
): { block: PageBlock } | { problem: string } | null {
  const blocks = input.page.blocks ?? [];
  const byId = blocks.filter((b) =>
    new RegExp(`(?:^|[\\s“"'])${literal(b.blockId)}(?:$|[\\s”"'.,])`, 'i').test(text),
  );
  if (byId.length === 1) return { block: byId[0]! };
  const kinds = KINDS.filter(([, words]) => words.test(text)).map(([type]) => type);
  if (kinds.length === 0) return null;
  // "the testimonial quote": the kind named first wins over a word that is also a part.
  const kind = kinds[0]!;
  const candidates = blocks.filter((b) => b.type === kind);
  if (candidates.length === 0)
    return { problem: `this page has no ${KINDS.find(([t]) => t === kind)![2]} block` };
  if (candidates.length === 1) return { block: candidates[0]! };
  // "the retail case study": a word of the request in one candidate's id (case-retail) picks it;
  // words every candidate's id has ("case") tell nothing.
  const words = new Set(text.toLowerCase().match(/[\p{L}\d]+/gu) ?? []);
  const partsOf = (b: PageBlock) => b.blockId.toLowerCase().split(/[^\p{L}\d]+/u);
  const common = candidates.map(partsOf).reduce((a, b) => a.filter((p) => b.includes(p)));
  const named = candidates.filter((b) =>
    partsOf(b).some((part) => part.length > 2 && words.has(part) && !common.includes(part)),
  );
  if (named.length === 1) return { block: named[0]! };
  const shown = new Set(plan.shown.map((d) => d.blockId));
  const visible = candidates.filter((b) => shown.has(b.blockId));
  if (visible.length === 1) return { block: visible[0]! };
  return {
    problem: `this page has ${candidates.length} of those (${candidates.map((b) => `“${b.blockId}”`).join(', ')}); name the one you mean by its id`,
  };
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text field of `block` that `what` names ("second answer", "heading", "quote"). */
function pathIn(what: string, block: PageBlock): { path: string } | { problem: string } {
  const fields = blockTextFields(block);
  if (fields.length === 0) return { problem: `${describe(block)} has no text a version can change` };
  const names = PARTS.find(([words]) => words.test(what))?.[1];
  const ordinal = ordinalIn(what);
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
      const item = ordinal === -1 ? items.at(-1) : items[ordinal - 1];
      if (item === undefined)
        return { problem: `${describe(block)} has ${items.length} ${name}s; there is no number ${ordinal}` };
      return { path: item.path };
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

const blockField = (block: PageBlock, path: string) => `block:${block.blockId}/${path}` as ContentField;

function withPlan(content: AudienceContent, plan: BlockPlan): AudienceContent {
  return { ...content, blocks: plan };
}

function hide(plan: BlockPlan, block: PageBlock, reason: string): BlockPlan {
  return {
    ...plan,
    shown: plan.shown.filter((d) => d.blockId !== block.blockId),
    hidden: [...plan.hidden.filter((d) => d.blockId !== block.blockId), { blockId: block.blockId, reason }],
  };
}

/** Shows `block` where the page has it among the shown blocks; an alternative it replaces is hidden. */
function show(plan: BlockPlan, block: PageBlock, blocks: readonly PageBlock[]): BlockPlan {
  let next = plan;
  if (block.group !== undefined) {
    for (const other of blocks) {
      if (
        other.group === block.group &&
        other.blockId !== block.blockId &&
        next.shown.some((d) => d.blockId === other.blockId)
      )
        next = hide(
          next,
          other,
          `an alternative of group "${block.group}" is shown instead (asked in the conversation)`,
        );
    }
  }
  const pageOrder = blocks.map((b) => b.blockId);
  const at = next.shown.filter((d) => pageOrder.indexOf(d.blockId) < pageOrder.indexOf(block.blockId)).length;
  const shown = [...next.shown];
  shown.splice(at, 0, { blockId: block.blockId, reason: 'shown: asked in the conversation' });
  return { ...next, shown, hidden: next.hidden.filter((d) => d.blockId !== block.blockId) };
}

/** Reads a block edit; null when the request names no block of this page. */
export function blockEdit(text: string, input: AgentInput, make: Make, fail: Fail): Parsed | null {
  const blocks = input.page.blocks ?? [];
  if (blocks.length === 0) return null;
  const plan = planOf(input.current, input.page);
  const found = (ref: string) => blockIn(ref, input, plan);
  const compute = (label: string, apply: (content: AudienceContent) => ComputeOutcome) =>
    make({ kind: 'compute', label, apply });

  const hiding = text.match(
    /^(?:hide|remove|drop|take\s+(?:out|away)|get\s+rid\s+of|don'?t\s+show|do\s+not\s+show)\s+(?<ref>.+?)(?:\s+from\s+(?:the|this)\s+page)?\s*[.!]?$/i,
  );
  const showing = text.match(
    /^(?:show|unhide|bring\s+back|put\s+back|add\s+back)\s+(?<ref>.+?)(?:\s+again)?\s*[.!]?$/i,
  );
  if (hiding?.groups || showing?.groups) {
    const target = found((hiding ?? showing)!.groups!.ref!);
    if (target === null) return null;
    if ('problem' in target) return fail(target.problem);
    const { block } = target;
    if (hiding)
      return compute(`hide ${describe(block)}`, (content) => {
        const current = planOf(content, input.page);
        if (!current.shown.some((d) => d.blockId === block.blockId))
          return { already: `${describe(block)} is already hidden` };
        return { content: withPlan(content, hide(current, block, 'hidden: asked in the conversation')) };
      });
    return compute(`show ${describe(block)}`, (content) => {
      const current = planOf(content, input.page);
      if (current.shown.some((d) => d.blockId === block.blockId))
        return { already: `${describe(block)} is already shown` };
      return { content: withPlan(content, show(current, block, blocks)) };
    });
  }

  const moving =
    text.match(
      /^(?:move|put|place)\s+(?<a>.+?)\s+(?<where>above|below|before|after|under|ahead\s+of)\s+(?<b>.+?)\s*[.!]?$/i,
    ) ??
    text.match(
      /^(?:move|put)\s+(?<a>.+?)\s+(?:to\s+the\s+)?(?<end>top|bottom|end|start)(?:\s+of\s+the\s+page)?\s*[.!]?$/i,
    );
  if (moving?.groups) {
    const a = found(moving.groups.a!);
    if (a === null) return null;
    if ('problem' in a) return fail(a.problem);
    const b = moving.groups.b === undefined ? null : found(moving.groups.b);
    if (moving.groups.b !== undefined && b === null) return null;
    if (b !== null && 'problem' in b) return fail(b.problem);
    const after =
      /^(?:below|after|under)$/i.test(moving.groups.where ?? '') ||
      /^(?:bottom|end)$/i.test(moving.groups.end ?? '');
    const label = `move ${describe(a.block)} ${b ? `${after ? 'below' : 'above'} ${describe(b.block)}` : `to the ${after ? 'bottom' : 'top'}`}`;
    return compute(label, (content) => {
      const current = planOf(content, input.page);
      const order = current.shown.map((d) => d.blockId);
      for (const block of [a.block, ...(b ? [b.block] : [])])
        if (!order.includes(block.blockId))
          return { problem: `${describe(block)} is hidden in this version; ask me to show it first` };
      const moved = current.shown.find((d) => d.blockId === a.block.blockId)!;
      const rest = current.shown.filter((d) => d.blockId !== a.block.blockId);
      const anchor = b ? rest.findIndex((d) => d.blockId === b.block.blockId) : -1;
      const at = b ? anchor + (after ? 1 : 0) : after ? rest.length : 0;
      const shown = [...rest.slice(0, at), moved, ...rest.slice(at)];
      if (shown.map((d) => d.blockId).join() === order.join())
        return { already: `${describe(a.block)} is already there` };
      return { content: withPlan(content, { ...current, shown }) };
    });
  }

  const setting =
    text.match(
      /^(?:change|set|make|update|replace|edit)\s+(?<what>.+?)\s+(?:to\s+say|to\s+read|to|say|read|with)\s+(?<value>.+)$/is,
    ) ??
    text.match(/^(?<what>.+?)\s+(?:should|must|needs?\s+to|has\s+to)\s+(?:say|read|be)\s+(?<value>.+)$/is);
  if (setting?.groups) {
    const what = setting.groups.what!;
    const target = found(what);
    if (target === null) return null;
    if ('problem' in target) return fail(target.problem);
    const part = pathIn(what, target.block);
    if ('problem' in part) return fail(part.problem);
    const field = blockField(target.block, part.path);
    // Sentences (answers, texts) keep their final period; titles and labels do not.
    const value = readValue(
      setting.groups.value!,
      /(?:answer|text|summary|quote|intro|Message)$/.test(part.path),
    );
    return make({ kind: 'set', field, value });
  }
  return null;
}
