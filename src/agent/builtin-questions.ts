/**
 * Questions about the page or the audience ("What does the headline say right now?", "Who is this
 * page for?"), answered from the current content and what Quire knows; a question never changes
 * the version.
 */
import { buttonTitleOf, type ContentChange, fieldLabel, primaryAction } from '../domain/audience-content.js';
import { type ButtonContext, resolveButton } from './builtin-buttons.js';
import { fieldIn, originalContent } from './builtin-fields.js';
import { describeActivity, listing, q } from './builtin-text.js';
import type { AgentInput } from './page-agent.js';

const QUESTION =
  /^(?:what(?:'s|’s|s)?|who(?:'s|’s)?|whom|which|where|when|how|is|are|does|do|did|has|have|tell\s+me|show\s+me|remind\s+me)\b/i;
/** "Can the headline say …?" and "could you …?" are requests, not questions. */
export function isQuestion(raw: string): boolean {
  const text = raw.trim().replace(/^(?:(?:ok(?:ay)?|so|hey|hi|and|also|quick question)[,!.]?\s+)+/i, '');
  return QUESTION.test(text) && !/^(?:is|are)\s+(?:it|this)\s+possible\b/i.test(text);
}

/** A trait of the audience found in its activity (a CRM's industry, a person's job title). */
export function trait(input: AgentInput, keys: string[]): string | null {
  for (const activity of input.recentActivity) {
    for (const key of keys) {
      const value = activity.payload[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return null;
}
export const INDUSTRY_KEYS = ['industry', 'sector', 'vertical'];
export const ROLE_KEYS = ['jobTitle', 'job_title', 'role', 'position'];

function whoFor(input: AgentInput): string {
  const { person, account, audience } = input;
  // An account without a name of its own is named by its domain: say it once.
  const company = account
    ? account.name === account.domain
      ? account.domain
      : `${account.name} (${account.domain})`
    : null;
  const whom = person
    ? `${person.name}${person.email ? ` (${person.email})` : ''}${company ? ` at ${company}` : ''}`
    : company
      ? `the people of ${company}`
      : `the audience “${audience.effectiveName}”`;
  const industry = trait(input, INDUSTRY_KEYS);
  const role = trait(input, ROLE_KEYS);
  const traits = [role, industry].filter(Boolean).join(', ');
  return `This page is for ${whom}${traits ? `, ${traits}` : ''}.`;
}

function recent(input: AgentInput): string {
  if (input.recentActivity.length === 0) return 'Quire has no activity for this audience yet.';
  return `Recent activity: ${input.recentActivity
    .slice(0, 5)
    .map((a) => describeActivity(a, 100))
    .join('; ')}.`;
}

function describeChanges(changes: ContentChange[]): string {
  return listing(changes.map((c) => `${fieldLabel(c.field)} from ${q(c.previousValue)} to ${q(c.newValue)}`));
}

/** The answer to a question, from the content and the audience's data. */
export function answerQuestion(text: string, input: AgentInput, buttons: ButtonContext): string {
  const lower = text.toLowerCase();
  const { current, page, person, account } = input;
  const value = (field: ReturnType<typeof fieldIn>) => {
    if (field === 'metaKeywords')
      return current.metaKeywords.length > 0 ? listing(current.metaKeywords.map(q)) : 'none';
    // Block fields (`block:…`) and the block plan are not text the question reader quotes.
    const text = field === null ? undefined : (current as unknown as Record<string, unknown>)[field];
    return q(typeof text === 'string' ? text : '');
  };
  if (/\b(?:change|changed|did you do|last time|before)\b/.test(lower) && !/original/.test(lower)) {
    const last = input.lastChanges ?? [];
    return last.length > 0
      ? `The last version changed ${describeChanges(last)}.`
      : 'This is the first version: no earlier change of mine to report.';
  }
  if (/\bwho\b.*\bfor\b|\bwho\s+is\s+(?:this|it)\b|\baudience\b/.test(lower)) return whoFor(input);
  if (/\bemail\b/.test(lower))
    return person?.email
      ? `${person.name}'s email is ${person.email}.`
      : 'Quire has no email for this audience.';
  if (/\bindustry|sector|vertical\b/.test(lower)) {
    const industry = trait(input, INDUSTRY_KEYS);
    return industry
      ? `${account?.name ?? input.audience.effectiveName} is in ${industry} (from its CRM data).`
      : 'Quire has no industry on record for this audience.';
  }
  if (/\b(?:role|job|position)\b/.test(lower)) {
    const role = trait(input, ROLE_KEYS);
    return role
      ? `${person?.name ?? 'They'}: ${role}.`
      : 'Quire has no job title on record for this audience.';
  }
  if (/\b(?:company|account|organi[sz]ation|work)\b/.test(lower))
    return account
      ? `${person ? `${person.name} is at ` : 'The account is '}${account.name} (${account.domain}).`
      : whoFor(input);
  if (/\b(?:know|looked|activity|visited|done|been up to|interested)\b/.test(lower))
    return `${whoFor(input)} ${recent(input)}`;
  if (/\bbuttons?\b|\bcta\b|\bgo(?:es)?\b|\blinks?\b|\burl\b/.test(lower)) {
    const primary = primaryAction(page.actions, page.headerActionId ?? null);
    if (/\bhow\s+many\b|\bwhich\s+buttons\b|\bbuttons\b/.test(lower))
      return `This page has ${page.actions.length === 2 ? 'two' : page.actions.length} button${page.actions.length === 1 ? '' : 's'}: ${listing(
        page.actions.map((a, i) => `${i + 1}. ${q(buttonTitleOf(current, page, a.actionId))}`),
      )}.`;
    if (/\b(?:go|goes|link|links|url|point|send)\b/.test(lower))
      return `The primary button${primary ? ` (${q(buttonTitleOf(current, page, primary.actionId))})` : ''} sends visitors to ${current.actionUrl}${page.actions
        .filter((a) => a.actionId !== primary?.actionId)
        .map((a) => `; ${q(buttonTitleOf(current, page, a.actionId))} goes to ${a.url}`)
        .join('')}.`;
    const ref =
      lower.match(/(?:the\s+)?(.*?)\s*(?:button|cta)\b/)?.[1]?.replace(/^.*\b(?:does|is|the)\s+/, '') ?? '';
    const found = resolveButton(ref, buttons);
    if (!('problem' in found)) return `The button says ${q(buttonTitleOf(current, page, found.actionId))}.`;
  }
  const field = fieldIn(text);
  if (field !== null && !field.startsWith('buttonTitle:')) {
    if (/\boriginal|page's own|before any\b/.test(lower))
      return `The page's original ${fieldLabel(field).replace(/^the /, '')} is ${q(String(originalContent(input)[field as 'headline']))}.`;
    const personal = [person?.name, person?.name.split(/\s+/)[0], account?.name].filter(
      (n): n is string => !!n && value(field).includes(n),
    );
    const mentions = /personali[sz]ed|mention|tailored/.test(lower)
      ? personal.length > 0
        ? ` It mentions ${listing(personal.slice(0, 1).concat(personal.includes(account?.name ?? '\0') && personal[0] !== account?.name ? [account!.name] : []))}.`
        : ' It does not mention the audience by name.'
      : '';
    return `${fieldLabel(field).charAt(0).toUpperCase()}${fieldLabel(field).slice(1)} is ${value(field)}.${mentions}`;
  }
  return `${whoFor(input)} The headline reads ${q(current.headline)} and the primary button ${q(
    buttonTitleOf(current, page, primaryAction(page.actions, page.headerActionId ?? null)?.actionId ?? ''),
  )}.`;
}
