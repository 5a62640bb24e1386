/**
 * Which field a request names, in the words marketers use ("the sub headline", "the SEO
 * description", "meta desc"), and the page's original value of a field (what "go back to the
 * original headline" restores).
 */
import {
  type AudienceContent,
  buttonField,
  type ContentField,
  primaryAction,
} from '../domain/audience-content.js';
import type { AgentInput } from './page-agent.js';

/** Read in order: "subheadline" contains "headline", "page title" is not the hero. */
const FIELD_WORDS: [RegExp, ContentField][] = [
  [
    /\b(?:sub-?\s?headlines?|sub-?\s?headings?|subtitles?|sub\s+titles?|taglines?|sub-?\s?head)\b/i,
    'subheadline',
  ],
  [/\b(?:meta\s+|seo\s+|page\s+)?desc(?:ription)?s?\b/i, 'metaDescription'],
  [/\b(?:meta|seo|page)\s+titles?\b|\btitle\s+of\s+the\s+page\b/i, 'metaTitle'],
  [/\b(?:hero\s+|main\s+)?(?:headlines?|heading|hero)\b/i, 'headline'],
  [/\btitles?\b/i, 'metaTitle'],
  [/\b(?:keywords?|tags)\b/i, 'metaKeywords'],
  [/\b(?:supplementary\s+|additional\s+)?context\b|\bnotes\b/i, 'supplementaryContext'],
];

/** The field a phrase names, if it names one (buttons are read elsewhere). */
export function fieldIn(text: string): ContentField | null {
  for (const [pattern, field] of FIELD_WORDS) if (pattern.test(text)) return field;
  return null;
}

/** A pattern source matching any field phrase, for building request patterns. */
export const FIELD_PHRASE = String.raw`(?:the\s+)?(?:(?:meta|seo|page|hero|main)\s+)?(?:sub-?\s?headlines?|sub-?\s?headings?|sub\s+titles?|subtitles?|taglines?|headlines?|heading|desc(?:ription)?|titles?(?:\s+of\s+the\s+page)?|keywords?|tags|(?:supplementary\s+)?context)`;

/** The audience's content before any version: given by the worker, else the page's own parts. */
export function originalContent(input: AgentInput): AudienceContent {
  if (input.original) return input.original;
  const { page, current } = input;
  return {
    ...current,
    metaTitle: page.title,
    headline: page.headline,
    subheadline: page.subheadline,
    buttonTitles: Object.fromEntries(page.actions.map((a) => [a.actionId, a.buttonTitle])),
    actionUrl: primaryAction(page.actions, page.headerActionId ?? null)?.url ?? current.actionUrl,
  };
}

export function allButtonFields(input: AgentInput): ContentField[] {
  return input.page.actions.map((a) => buttonField(a.actionId));
}
