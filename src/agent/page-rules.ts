/**
 * Which blocks an audience sees by the page's trait rules (showWhen, group, default) is Quire's own,
 * deterministic choice, not a model's: `selectBlocks` in page-blocks.ts, the function the built-in
 * agent drafts with. The version worker lays it over every agent's draft (a version no message asked
 * for) whose result chose no blocks of its own, so with AGENT=openai a manufacturing account sees the
 * manufacturing case study too, and the reasoning names the trait as the built-in agent's does.
 */
import { type AudienceContent, diffContent, planOf } from '../domain/audience-content.js';
import { type BlockPlan, defaultPlan, NO_TRAITS } from '../domain/page-blocks.js';
import { blocksReply, blocksWhy } from './builtin-draft.js';
import type { AgentInput, AgentResult } from './page-agent.js';

/** Which blocks a plan shows, in order, and hides: its texts aside. */
const pick = (plan: BlockPlan) =>
  JSON.stringify([plan.shown.map((d) => d.blockId), plan.hidden.map((d) => d.blockId).sort()]);

/** The agent's draft with the page's rules applied to the audience's traits, when it made no choice of blocks itself. */
export function withPageRules(input: AgentInput, result: AgentResult): AgentResult {
  const blocks = input.page.blocks ?? [];
  if (input.request !== null || blocks.length === 0) return result;
  const proposed = planOf(result.content, input.page);
  // A plan of the agent's own (shown, hidden or order changed) is its choice; the worker checks it.
  if (pick(proposed) !== pick(planOf(input.current, input.page))) return result;
  const rules = defaultPlan(blocks, input.traits ?? NO_TRAITS);
  if (pick(rules) === pick(proposed)) return result;
  // Text overrides the draft or the conversation made are kept; shown, hidden and order are the rules'.
  const plan: BlockPlan = { shown: rules.shown, hidden: rules.hidden, text: proposed.text };
  const content: AudienceContent = { ...result.content, blocks: plan };
  return {
    ...result,
    reply: result.reply + blocksReply(input, plan),
    reasoning: result.reasoning + blocksWhy(input, plan),
    content,
    changes: diffContent(input.page, input.current, content),
  };
}
