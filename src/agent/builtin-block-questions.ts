/**
 * Questions about a page's blocks, answered from the version's block plan: which blocks are shown and
 * in what order, which are hidden and why (the rule and the trait that decided), and what a block's
 * text says ("What does the second FAQ answer say?", "Which case study is Ada seeing, and why?").
 */
import { planOf } from '../domain/audience-content.js';
import type { BlockDecision, PageBlock } from '../domain/page-blocks.js';
import { blockIn, currentTexts, describe, pathIn } from './builtin-block-refs.js';
import { listing, q } from './builtin-text.js';
import type { AgentInput } from './page-agent.js';

const SHORT = 120;
const clip = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1).trimEnd()}…` : text);

/** "the case study (“case-retail”), “Harbor & Pine reconciles 120 stores by lunchtime”". */
function named(block: PageBlock, input: AgentInput): string {
  const first = currentTexts(block, input.current, input)[0];
  return `${describe(block)}${first ? `, ${q(clip(first.value))}` : ''}`;
}

/** The answer to a question about the blocks, or null when the question is not about them. */
export function blockAnswer(text: string, input: AgentInput): string | null {
  const blocks = input.page.blocks ?? [];
  if (blocks.length === 0) return null;
  const plan = planOf(input.current, input.page);
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  const decision = (d: BlockDecision) => `${named(byId.get(d.blockId)!, input)} (${d.reason})`;
  const aboutBlocks = /\b(?:blocks?|sections?|parts?\s+of\s+the\s+page)\b/i.test(text);

  if (
    /\b(?:hidden|not\s+shown|left\s+out|leave\s+out|don'?t\s+(?:they|we|you)\s+see|missing)\b/i.test(text) &&
    aboutBlocks
  ) {
    const hidden = plan.hidden.filter((d) => byId.has(d.blockId));
    return hidden.length === 0
      ? 'No block is hidden in this version: every block of the page is shown.'
      : `Hidden in this version: ${listing(hidden.map(decision))}.`;
  }
  if (aboutBlocks && /\b(?:order|sequence|shown|visible|on\s+the\s+page|which|what)\b/i.test(text)) {
    const shown = plan.shown.filter((d) => byId.has(d.blockId)).map((d) => describe(byId.get(d.blockId)!));
    return `Shown in this version, top to bottom: ${listing(shown)}.`;
  }
  const found = blockIn(text, input, plan);
  if (found === null) return null;
  if ('problem' in found) return `I can't tell which block you mean: ${found.problem}.`;
  const { block } = found;
  const shown = plan.shown.find((d) => d.blockId === block.blockId);
  const state = shown
    ? `is shown (${shown.reason})`
    : `is hidden in this version (${plan.hidden.find((d) => d.blockId === block.blockId)?.reason ?? 'not in the plan'})`;
  const part = pathIn(text, block, input);
  const texts = currentTexts(block, input.current, input);
  if (
    'path' in part &&
    /\b(?:say|says|read|reads|called|named|titled|text|question|answer|title|heading|label|value|quote|summary|caption)\b/i.test(
      text,
    )
  ) {
    const field = texts.find((f) => f.path === part.path)!;
    const [list, index, name] = part.path.split('/');
    const where = name === undefined ? `the ${list}` : `${name} ${Number(index) + 1}`;
    return `${where[0]!.toUpperCase()}${where.slice(1)} of ${describe(block)} reads ${q(field.value)}; the block ${state}.`;
  }
  // "What's in the FAQ?": its texts, each named as a change names it ("question 1", "the heading").
  const listed = texts
    .slice(0, 9)
    .map((f) => {
      const [list, index, name] = f.path.split('/');
      return `${name === undefined ? `the ${list}` : `${name} ${Number(index) + 1}`} ${q(clip(f.value))}`;
    })
    .join('; ');
  const more = texts.length > 9 ? `; and ${texts.length - 9} more` : '';
  const head = `${describe(block)[0]!.toUpperCase()}${describe(block).slice(1)} ${state}`;
  return texts.length === 0 ? `${head}.` : `${head}. It reads: ${listed}${more}.`;
}
