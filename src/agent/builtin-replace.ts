/**
 * "replace X with Y": swaps a keyword, or text inside the title, headline, subheadline, description
 * or supplementary context. Without a named field it looks where X is: a keyword equal to it first, else every text
 * field containing it.
 */
import {
  type AudienceContent,
  dedupeKeywords,
  FIELD_LABELS,
  fieldProblem,
  keywordsProblem,
} from '../domain/audience-content.js';
import type { Edit, ReplaceField } from './builtin-parse.js';
import { q } from './builtin-text.js';
import type { AgentPage } from './page-agent.js';

type TextField = Exclude<ReplaceField, 'metaKeywords'>;
const TEXT_FIELDS: TextField[] = [
  'metaTitle',
  'headline',
  'subheadline',
  'metaDescription',
  'supplementaryContext',
];

export function replaceText(
  page: AgentPage,
  content: AudienceContent,
  edit: Extract<Edit, { kind: 'replace' }>,
): { content: AudienceContent } | { problem: string } {
  const { find, replacement } = edit;
  if (find === '') return { problem: 'there is nothing to replace' };
  const keywordIndex = content.metaKeywords.findIndex((k) => k.toLowerCase() === find.toLowerCase());

  if (edit.field === 'metaKeywords' || (edit.field === null && keywordIndex >= 0)) {
    if (keywordIndex < 0) return { problem: `${q(find)} is not among the keywords` };
    const keywords = content.metaKeywords.map((k, i) => (i === keywordIndex ? replacement : k));
    const next =
      replacement.trim() === '' ? keywords.filter((_, i) => i !== keywordIndex) : dedupeKeywords(keywords);
    const problem = keywordsProblem(next);
    return problem ? { problem } : { content: { ...content, metaKeywords: next } };
  }

  const fields = edit.field === null ? TEXT_FIELDS : [edit.field];
  let next = content;
  const touched: TextField[] = [];
  for (const field of fields) {
    const value = swap(next[field], find, replacement);
    if (value === null) continue;
    const problem = fieldProblem(page, field, value);
    if (problem) return { problem };
    next = { ...next, [field]: value };
    touched.push(field);
  }
  if (touched.length === 0) {
    const where =
      edit.field === null
        ? 'the title, headline, subheadline, description, supplementary context, keywords or button titles'
        : FIELD_LABELS[edit.field];
    return { problem: `${q(find)} appears nowhere in ${where}` };
  }
  return { content: next };
}

/** Replaces every occurrence, matching case when it can and ignoring it when it must; null if absent. */
function swap(text: string, find: string, replacement: string): string | null {
  if (text.includes(find)) return text.split(find).join(replacement);
  const pattern = new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  return pattern.test(text) ? text.replace(pattern, () => replacement) : null;
}
