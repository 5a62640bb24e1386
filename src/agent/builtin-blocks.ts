/**
 * The built-in agent's edits of a page's blocks (issue 31): "change the second FAQ answer to …",
 * "the testimonial quote should say …", "hide the video", "show the retail case study", "move the
 * case study above the features". A request is read here only when it names a block of this page
 * (by its kind, such as "FAQ" or "case study", or by its blockId); anything else falls through to
 * the other readers, so "remove pricing from the keywords" is not taken for a block.
 */
import { type AudienceContent, type ContentField, planOf } from '../domain/audience-content.js';
import type { BlockPlan, PageBlock } from '../domain/page-blocks.js';
import {
  type BlockRef,
  blockIn,
  describe,
  KINDS,
  masked,
  partIn,
  pathIn,
  selectedBlockText,
} from './builtin-block-refs.js';
import type { ComputeOutcome, Edit, Parsed } from './builtin-parse.js';
import { readValue } from './builtin-split.js';
import type { AgentInput } from './page-agent.js';

type Make = (e: Edit) => Parsed;
type Fail = (problem: string) => Parsed;

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

/** A pattern matched against the request with its quotes blanked out; the groups read from the request. */
function matchOutside(pattern: RegExp, text: string): Record<string, string> | null {
  const m = new RegExp(pattern.source, `${pattern.flags.replace('d', '')}d`).exec(masked(text));
  if (!m?.indices?.groups) return null;
  const groups: Record<string, string> = {};
  for (const [name, at] of Object.entries(m.indices.groups)) if (at) groups[name] = text.slice(at[0], at[1]);
  return groups;
}

const END = String.raw`(?:\s+(?:please|for\s+me|again|too|instead|for\s+(?:this\s+audience|them|her|him|\w+)))*\s*[.!]?(?:\s+(?:she|he|they)\b.*)?$`;
const HIDE = new RegExp(
  String.raw`^(?:hide|remove|drop|take\s+(?:out|away)|get\s+rid\s+of|don'?t\s+show|do\s+not\s+show|stop\s+showing|lose|(?:i\s+)?(?:don'?t|do\s+not)\s+want\s+(?:\w+\s+){0,3}?to\s+see|(?:\w+\s+){1,3}?(?:shouldn'?t|should\s+not|needn'?t)\s+see)\s+(?<ref>.+?)(?:\s+(?:from|on|off)\s+(?:the|this)\s+page)?(?:\s+(?:section|block))?${END}`,
  'is',
);
const SHOW = new RegExp(
  String.raw`^(?:(?:show|unhide|display|include|restore|reinstate)\s+(?<ref>.+?)|(?:bring|put|add)\s+back\s+(?<back>.+?)|(?:bring|put|add)\s+(?<ref2>.+?)\s+back)(?:\s+(?:rather\s+than|instead\s+of)\s+.+?)?${END}`,
  'is',
);
const MOVE = [
  /^(?:move|put|place|drag)\s+(?<a>.+?)\s+(?:(?:right|just|directly)\s+)?(?<where>above|below|before|after|under|ahead\s+of)\s+(?<b>.+?)\s*[.!?]?$/is,
  /^(?:move|put|place|drag)\s+(?<a>.+?)\s+(?:to\s+|at\s+)?(?:the\s+)?(?<end>top|bottom|end|start)(?:\s+of\s+the\s+page)?\s*[.!?]?$/is,
];
const SWAP =
  /^(?:swap|switch|exchange|flip)\s+(?:the\s+(?:order|places|positions)\s+of\s+)?(?<a>.+?)\s+(?:and|with)\s+(?<b>.+?)(?:\s+(?:a)?round)?\s*[.!?]?$/is;
const SET = [
  /^(?:change|set|make|update|replace|edit|(?<rename>rename))\s+(?<what>.+?)\s+(?:to\s+say|to\s+read|to|say|read|with|into)(?::\s*|\s+)(?<value>.+)$/is,
  /^(?<what>.+?)\s+(?:should|must|needs?\s+to|has\s+to)\s+(?:say|read|be)(?<as>\s+(?:labell?ed|called|titled|named))?(?::\s*|\s+)(?<value>.+)$/is,
  /^(?<what>[^:]{2,60}?):\s*(?<value>.+)$/is,
];
const SET_SELECTED =
  /^(?:change|set|make|update|replace|edit|rename)\s+(?:this|it|that|the\s+selected\s+(?:element|text|heading|part))\s+(?:to\s+say|to\s+read|to|into|with|say|read)(?::\s*|\s+)(?<value>.+)$/is;
const ORIGINAL = [
  /^(?:go\s+back\s+to|back\s+to|restore|reset|revert(?:\s+to)?|use)\s+(?:the\s+)?(?:original|page's\s+own|default)\s+(?<ref>.+?)\s*[.!]?$/is,
  /^(?:reset|restore|revert)\s+(?<ref>.+?)(?:\s+(?:to|back\s+to)\s+(?:the\s+)?(?:original|page's\s+own|default)(?:\s+(?:text|wording|copy|one|version))?)?\s*[.!]?$/is,
];

/**
 * Why "hide the hero" is refused rather than done: the hero carries the page's headline (its one
 * h1, which the <title> and search engines read alongside) and its buttons, so a page without it
 * would open on a lesser block with no call to action. A marketer who wants less of it changes its text.
 */
const HERO_STAYS =
  "no version can hide the hero: it carries the page's headline and its buttons, so every version shows it; I can change the headline, the subheadline or the line above it, or move it";

/** "add a fifth question to the FAQ", "add a pricing table under the features". */
const ADD =
  /^(?:add|insert|include|create|put|append)\s+(?:a|an|another|one\s+more|a\s+new|some|new|\w+\s+more)\s+(?!(?:keyword|sentence|line|word|phrase|mention|note)s?\b)(?<thing>.{1,60}?)\s+(?:to|in|into|on|under|below|above|after|before|beneath)\s+(?<ref>.+?)(?:\s+(?:about|on|for|with)\s+.+)?\s*[.!]?$/is;
/** What a block lists: adding one of these is adding an item, not a block. */
const ITEM_WORDS =
  /\b(?:questions?|answers?|items?|features?|benefits?|stats?|figures?|numbers?|metrics?|logos?|fields?|points?|bullets?|results?)\b/i;

/** "the logos and the form", "the video, the FAQ and the banner": every block named, or null. */
function blocksIn(
  ref: string,
  find: (ref: string) => BlockRef,
): { blocks: PageBlock[] } | { problem: string } | null {
  const one = find(ref);
  const pieces = masked(ref).split(/\s*(?:,|\band\b|&)\s*/i);
  if (pieces.length > 1) {
    let at = 0;
    const found: PageBlock[] = [];
    for (const piece of pieces) {
      const start = masked(ref).indexOf(piece, at);
      at = start + piece.length;
      const target = find(ref.slice(start, at));
      if (target === null || 'problem' in target) {
        found.length = 0;
        break;
      }
      found.push(target.block);
    }
    if (found.length > 1 && new Set(found).size === found.length) return { blocks: found };
  }
  if (one === null) return null;
  return 'problem' in one ? one : { blocks: [one.block] };
}

/** Reads a block edit; null when the request names no block of this page. `itBlock`: the block an earlier request named. */
export function blockEdit(
  text: string,
  input: AgentInput,
  make: Make,
  fail: Fail,
  itBlock: string | null = null,
): Parsed | null {
  const blocks = input.page.blocks ?? [];
  if (blocks.length === 0) return null;
  const plan = planOf(input.current, input.page);
  const earlier = blocks.find((b) => b.blockId === itBlock);
  const found = (ref: string): BlockRef =>
    blockIn(ref, input, plan) ??
    (earlier && /\b(?:it|its|this|that|them|their)\b/i.test(ref) ? { block: earlier } : null);
  const compute = (label: string, apply: (content: AudienceContent) => ComputeOutcome) =>
    make({ kind: 'compute', label, apply });

  const selected = selectedBlockText(input);
  const setSelected = selected ? matchOutside(SET_SELECTED, text) : null;
  if (selected && setSelected) return setText(selected.block, selected.path, setSelected.value!, make);

  const hiding = matchOutside(HIDE, text);
  const showing = hiding ? null : matchOutside(SHOW, text);
  if (hiding || showing) {
    const ref = hiding?.ref ?? showing!.ref ?? showing!.back ?? showing!.ref2!;
    const targets = blocksIn(ref, found);
    if (targets === null) return null;
    if ('problem' in targets) return fail(targets.problem);
    if (hiding && targets.blocks.some((b) => b.type === 'hero')) return fail(HERO_STAYS);
    // "restore the testimonial": a hidden block is shown; one shown gets the page's text back (below).
    const isShown = (b: PageBlock) => plan.shown.some((d) => d.blockId === b.blockId);
    const restoring = showing !== null && /^(?:restore|reinstate)\b/i.test(text);
    if (restoring && targets.blocks.every(isShown)) return originalText(targets.blocks[0]!, ref);
    const names = targets.blocks.map(describe).join(' and ');
    return compute(`${hiding ? 'hide' : 'show'} ${names}`, (content) => {
      let next = planOf(content, input.page);
      for (const block of targets.blocks) {
        const isShown = next.shown.some((d) => d.blockId === block.blockId);
        if (hiding && isShown) next = hide(next, block, 'hidden: asked in the conversation');
        if (showing && !isShown) next = show(next, block, blocks);
      }
      if (JSON.stringify(next) === JSON.stringify(planOf(content, input.page)))
        return {
          already: `${names} ${targets.blocks.length > 1 ? 'are' : 'is'} already ${hiding ? 'hidden' : 'shown'}`,
        };
      return { content: withPlan(content, next) };
    });
  }

  const swapping = matchOutside(SWAP, text);
  if (swapping) {
    const a = found(swapping.a!);
    const b = found(swapping.b!);
    if (a === null || b === null) return null;
    if ('problem' in a) return fail(a.problem);
    if ('problem' in b) return fail(b.problem);
    return compute(`swap ${describe(a.block)} and ${describe(b.block)}`, (content) => {
      const current = planOf(content, input.page);
      const ids = current.shown.map((d) => d.blockId);
      const [i, j] = [ids.indexOf(a.block.blockId), ids.indexOf(b.block.blockId)];
      const hidden = i < 0 ? a.block : j < 0 ? b.block : null;
      if (hidden)
        return { problem: `${describe(hidden)} is hidden in this version; ask me to show it first` };
      const shown = [...current.shown];
      [shown[i], shown[j]] = [shown[j]!, shown[i]!];
      return { content: withPlan(content, { ...current, shown }) };
    });
  }

  const moving = MOVE.map((p) => matchOutside(p, text)).find((m) => m !== null);
  if (moving) {
    const a = found(moving.a!);
    if (a === null) return null;
    if ('problem' in a) return fail(a.problem);
    const b = moving.b === undefined ? null : found(moving.b);
    if (moving.b !== undefined && b === null) return null;
    if (b !== null && 'problem' in b) return fail(b.problem);
    const after =
      /^(?:below|after|under)$/i.test(moving.where ?? '') || /^(?:bottom|end)$/i.test(moving.end ?? '');
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

  const original = ORIGINAL.map((p) => matchOutside(p, text)).find((m) => m !== null);
  if (original) {
    const target = found(original.ref!);
    if (target === null) return null;
    if ('problem' in target) return fail(target.problem);
    return originalText(target.block, original.ref!);
  }

  /** The page's own text back in `block` (only the part `ref` names, such as its answers). */
  function originalText(block: PageBlock, ref: string): Parsed {
    // "the original FAQ answers": only those; "the original FAQ": every text of the block.
    const part =
      /\b(?:questions?|answers?|titles?|headings?|texts?|labels?|values?|quote|summary|caption|intro)\b/i.test(
        ref,
      )
        ? pathIn(ref.replace(/\b(\w+?)s\b/g, '$1'), block, input)
        : null;
    const kind = part && 'path' in part ? part.path.split('/').at(-1)! : null;
    return compute(`restore the page's text of ${describe(block)}`, (content) => {
      const current = planOf(content, input.page);
      const own = current.text[block.blockId] ?? {};
      const kept = Object.fromEntries(
        Object.entries(own).filter(([path]) => kind !== null && path.split('/').at(-1) !== kind),
      );
      if (Object.keys(kept).length === Object.keys(own).length)
        return { already: `${describe(block)} already has the page's own text` };
      const text = { ...current.text, [block.blockId]: kept };
      if (Object.keys(kept).length === 0) delete text[block.blockId];
      return { content: withPlan(content, { ...current, text }) };
    });
  }

  const adding = matchOutside(ADD, text);
  if (adding) {
    const target = found(adding.ref!);
    if (target !== null && 'block' in target) {
      const { block } = target;
      const item = ITEM_WORDS.test(adding.thing!) && !KINDS.some(([, words]) => words.test(adding.thing!));
      return fail(
        item
          ? `no version can add items to ${describe(block)}: it keeps the items the page gives it and can change their text, hide the block or move it; an operator adds items on the page`
          : `no version can add a new part (${adding.thing!.trim()}) to the page: it shows, hides, moves and rewords the page's own blocks; an operator adds blocks to the page`,
      );
    }
  }

  const setting = SET.map((p) => matchOutside(p, text)).find((m) => m !== null);
  if (setting) {
    // "rename the video to …": a block's name is its title (or heading).
    const named = setting.rename !== undefined && partIn(setting.what!) === undefined ? ' title' : '';
    const what = `${setting.what!}${setting.as ?? ''}${named}`;
    const target = found(what);
    if (target === null) return null;
    if ('problem' in target) return fail(target.problem);
    // "swap the video for https://vimeo.com/…": a link is media, not a text a version holds.
    if (/^\S+:\/\/\S+$/.test(readValue(setting.value!)))
      return fail(
        `no version can change what ${describe(target.block)} plays or shows: it changes a block's text and which blocks are shown, in what order; an operator changes the block's media on the page`,
      );
    const part = pathIn(what, target.block, input);
    if ('problem' in part) return fail(part.problem);
    return setText(target.block, part.path, setting.value!, make);
  }
  return null;
}

function setText(block: PageBlock, path: string, raw: string, make: Make): Parsed {
  // Sentences (answers, texts) keep their final period; titles and labels do not.
  const value = readValue(raw, /(?:answer|text|summary|quote|intro|Message)$/.test(path));
  return make({ kind: 'set', field: blockField(block, path), value });
}

/**
 * The block a request names first, for "it" in the next request of the message ("move the case
 * study above the features and change its title": the case study).
 */
export function blockNamed(text: string, input: AgentInput): string | null {
  if ((input.page.blocks ?? []).length === 0) return null;
  const plan = planOf(input.current, input.page);
  for (const end of [...text.matchAll(/\b(?=\W|$)/g)].map((m) => m.index)) {
    const found = blockIn(text.slice(0, end), input, plan);
    if (found !== null) return 'block' in found ? found.block.blockId : null;
  }
  return null;
}
