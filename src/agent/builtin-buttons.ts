/**
 * Finding the button a request means: by action id, by position ("the second button", "button 2"),
 * by its current text ("the Book a demo button"), or by the element selected in the editor.
 */

import { type AudienceContent, buttonTitleOf, primaryAction } from '../domain/audience-content.js';
import { listing, q } from './builtin-text.js';
import type { AgentPage } from './page-agent.js';

export interface ButtonContext {
  page: AgentPage;
  content: AudienceContent;
  /** The action the editor's selected element names, if any. */
  selectedActionId: string | null;
  /** The button an earlier request of the same message named ("rename button 2 … and point it at …"). */
  mentionedActionId?: string | null;
}

const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
};

export function resolveButton(
  rawRef: string,
  ctx: ButtonContext,
): { actionId: string } | { problem: string } {
  const { page } = ctx;
  if (page.actions.length === 0) return { problem: 'this page has no buttons' };
  const ref = cleanRef(rawRef);

  if (ref === '' || /^(?:this|that|it|selected|the\s+selected(?:\s+one)?)$/i.test(ref)) {
    if (ctx.selectedActionId) return { actionId: ctx.selectedActionId };
    if (/^(?:it|that)$/i.test(ref) && ctx.mentionedActionId) return { actionId: ctx.mentionedActionId };
    // "The button" on a page of several means its primary one: the one visitors are meant to press.
    return { actionId: primaryActionId(page)! };
  }

  const byId = page.actions.find((a) => a.actionId === ref || a.actionId.toLowerCase() === ref.toLowerCase());
  if (byId) return { actionId: byId.actionId };

  if (/^(?:primary|main)(?:\s+(?:one|button|action|cta))?$/i.test(ref))
    return { actionId: primaryActionId(page)! };

  const position = positionOf(ref, page.actions.length);
  if (position !== null) {
    const action = page.actions[position - 1];
    if (action) return { actionId: action.actionId };
    return { problem: `this page has only ${page.actions.length} button(s): ${known(ctx)}` };
  }

  const lower = ref.toLowerCase();
  const titled = (exact: boolean) =>
    page.actions.filter((a) => {
      const titles = [buttonTitleOf(ctx.content, page, a.actionId), a.buttonTitle].map((t) =>
        t.toLowerCase(),
      );
      return exact
        ? titles.includes(lower)
        : titles.some((t) => t.includes(lower)) || a.purpose.toLowerCase().includes(lower);
    });
  const exact = titled(true);
  if (exact.length === 1) return { actionId: exact[0]!.actionId };
  const partial = exact.length > 1 ? exact : titled(false);
  if (partial.length === 1) return { actionId: partial[0]!.actionId };
  if (partial.length > 1) {
    return {
      problem: `${q(ref)} matches more than one button (${known(
        ctx,
        partial.map((a) => a.actionId),
      )})`,
    };
  }
  return { problem: `I couldn't find a button called ${q(ref)}; this page's buttons are ${known(ctx)}` };
}

function cleanRef(ref: string): string {
  return ref
    .trim()
    .replace(/^the\s+/i, '')
    .replace(/\s+(?:button|cta)$/i, '')
    .replace(/^["“‘'«`](.*)["”’'»`]$/s, '$1')
    .trim();
}

function positionOf(ref: string, count: number): number | null {
  const lower = ref.toLowerCase().replace(/\s+(?:one|button)$/, '');
  if (lower === 'last') return count;
  if (ORDINALS[lower] !== undefined) return ORDINALS[lower];
  const numbered = lower.match(/^(?:(?:button|number|no\.?|action)\s*)?#?(\d{1,3})$/);
  return numbered ? Number(numbered[1]) : null;
}

function known(ctx: ButtonContext, ids = ctx.page.actions.map((a) => a.actionId)): string {
  return listing(ids.map((id) => `${q(buttonTitleOf(ctx.content, ctx.page, id))} (${id})`));
}

/**
 * The action a selected element names: a string member (at any depth, e.g. `dataset.actionId`) equal
 * to an action id, else an `actionIndex`, else a text equal to a button's current title.
 */
export function selectedActionOf(
  selected: Record<string, unknown> | null,
  page: AgentPage,
  content: AudienceContent,
): string | null {
  if (!selected) return null;
  const strings: string[] = [];
  const numbers: [string, number][] = [];
  const walk = (value: unknown, key: string, depth: number) => {
    if (typeof value === 'string') strings.push(value);
    else if (typeof value === 'number') numbers.push([key, value]);
    else if (value && typeof value === 'object' && depth < 3) {
      for (const [k, v] of Object.entries(value)) walk(v, k, depth + 1);
    }
  };
  walk(selected, '', 0);
  const byId = page.actions.find((a) => strings.includes(a.actionId));
  if (byId) return byId.actionId;
  const index = numbers.find(([k]) => k === 'actionIndex')?.[1];
  if (index !== undefined && page.actions[index]) return page.actions[index].actionId;
  const byText = page.actions.filter((a) =>
    strings.some((s) => s.trim().toLowerCase() === buttonTitleOf(content, page, a.actionId).toLowerCase()),
  );
  return byText.length === 1 ? byText[0]!.actionId : null;
}

/** The page's primary action (its header action, else the first): the one `actionUrl` points. */
export function primaryActionId(page: AgentPage): string | null {
  return primaryAction(page.actions, page.headerActionId ?? null)?.actionId ?? null;
}

/** A button's position and current title, for a reply: "button 2 (“See pricing”)". */
export function describeButton(actionId: string, ctx: Pick<ButtonContext, 'page' | 'content'>): string {
  const position = ctx.page.actions.findIndex((a) => a.actionId === actionId) + 1;
  return `button ${position} (${q(buttonTitleOf(ctx.content, ctx.page, actionId))})`;
}

const MENTIONS = [
  /\b(?:button|cta)\s*#?(?<ref>\d{1,3})\b/i,
  /\b(?<ref>first|second|third|fourth|fifth|sixth|last|1st|2nd|3rd|4th|5th|6th|primary|main)\s+(?:button|cta)\b/i,
  /(?<ref>["“‘'«][^"”’'»]+["”’'»])\s+(?:button|cta)\b/i,
];

/** The button a request names in passing ("For button 2, …", "the second button …"), if it names one. */
export function mentionedButton(text: string, ctx: ButtonContext): string | null {
  for (const pattern of MENTIONS) {
    const ref = text.match(pattern)?.groups?.ref;
    if (ref === undefined) continue;
    const found = resolveButton(ref, ctx);
    if (!('problem' in found)) return found.actionId;
  }
  const words = text.split(/\s+/).map((w) => w.replace(/^[("“‘'«]+|[)"”’'»,.;:!?]+$/g, ''));
  return ctx.page.actions.find((a) => words.includes(a.actionId))?.actionId ?? null;
}
