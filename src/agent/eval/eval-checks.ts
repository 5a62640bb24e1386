/**
 * Judging one case: the agent's result against the case's checks (eval-set.ts). A case is right when
 * the agent did what was asked (done) or, for something it must not or cannot do, changed nothing
 * and said so (refused). Anything else is a wrong edit (it changed something it should not have, or
 * not as asked) or a miss (it changed nothing where an edit was expected, or answered badly).
 */
import type { AudienceContent } from '../../domain/audience-content.js';
import { unsupportedClaims } from '../grounding.js';
import type { AgentInput, AgentResult } from '../page-agent.js';
import {
  inOrder,
  judgedFields,
  judgedName,
  judgedValue,
  ORDER_FIELD,
  planFields,
  reordered,
} from './eval-blocks.js';
import type { CaseExpect } from './eval-set.js';

export type Outcome = 'done' | 'refused' | 'wrong' | 'missed';

export interface Verdict {
  outcome: Outcome;
  /** Whether the outcome is the right one. */
  right: boolean;
  /** What failed, one line each (empty when right). */
  failures: string[];
}

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const sentences = (text: string) => (text.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []).filter((s) => s.trim()).length;

export function judge(expect: CaseExpect, input: AgentInput, result: AgentResult): Verdict {
  const value = (content: AudienceContent, field: string) => judgedValue(content, input.page, field);
  const before = (field: string) => value(input.current, field);
  const after = (field: string) => value(result.content, field);
  const differs = (field: string) =>
    judgedName(field) === ORDER_FIELD
      ? reordered(input.page, input.current, result.content)
      : before(field) !== after(field);
  const changedFields = judgedFields(input.page).filter(differs);
  const visible = (ids: string[] | undefined, shown: boolean) =>
    (ids ?? []).map((id) => [`blocks/${id}/visible`, String(shown)] as const);
  const wanted = {
    ...expect.set,
    ...Object.fromEntries([...visible(expect.shown, true), ...visible(expect.hidden, false)]),
  };
  const failures: string[] = [];
  const fail = (message: string) => failures.push(message);
  const show = (text: string) => JSON.stringify(text.length > 90 ? `${text.slice(0, 87)}...` : text);

  for (const [pattern, label] of [
    ...(expect.reply ?? []).map((p) => [p, 'match'] as const),
    ...(expect.replyNot ?? []).map((p) => [p, 'not match'] as const),
  ]) {
    const matches = new RegExp(pattern, 'i').test(result.reply);
    if (matches !== (label === 'match'))
      fail(`the reply does ${label === 'match' ? 'not ' : ''}match /${pattern}/`);
  }
  const invented = unsupportedClaims(input, result.content);
  if (invented.length > 0) fail(`invented facts: ${invented.join(', ')}`);

  const expectsEdit =
    !expect.unchanged &&
    (Object.keys(wanted).some((f) => wanted[f] !== before(f)) ||
      (expect.order !== undefined && !inOrder(input.current, input.page, expect.order)) ||
      (expect.changed ?? []).length > 0 ||
      (expect.anyChanged ?? []).length > 0);

  if (changedFields.length === 0) {
    const honest = expect.refusalOk && /AGENT=openai/.test(result.reply) && !/^I can: /.test(result.reply);
    if (expectsEdit && !honest) {
      fail(
        expect.refusalOk
          ? 'nothing changed, and the reply does not say a model (AGENT=openai) could'
          : 'nothing changed',
      );
      return { outcome: 'missed', right: false, failures };
    }
    return { outcome: 'refused', right: failures.length === 0, failures };
  }

  if (expect.unchanged) fail(`changed ${changedFields.join(', ')} although nothing should change`);
  for (const [field, expected] of Object.entries(wanted)) {
    if (after(field) !== expected) fail(`${field} is ${show(after(field))}, expected ${show(expected)}`);
  }
  if (expect.order !== undefined && !inOrder(result.content, input.page, expect.order))
    fail(`the blocks shown are ${show(after(ORDER_FIELD))}, expected ${expect.order.join(' above ')}`);
  for (const field of expect.changed ?? []) if (!differs(field)) fail(`${field} did not change`);
  if (expect.anyChanged && !expect.anyChanged.some(differs))
    fail(`none of ${expect.anyChanged.join(', ')} changed`);
  for (const [field, terms] of Object.entries(expect.contains ?? {})) {
    for (const term of terms)
      if (!after(field).toLowerCase().includes(term.toLowerCase()))
        fail(`${field} lacks ${show(term)}: ${show(after(field))}`);
  }
  for (const [field, terms] of Object.entries(expect.absent ?? {})) {
    for (const term of terms)
      if (after(field).toLowerCase().includes(term.toLowerCase())) fail(`${field} still has ${show(term)}`);
  }
  for (const field of expect.shorter ?? [])
    if (after(field).length >= before(field).length) fail(`${field} is not shorter: ${show(after(field))}`);
  for (const field of expect.longer ?? [])
    if (after(field).length <= before(field).length) fail(`${field} is not longer: ${show(after(field))}`);
  for (const [field, max] of Object.entries(expect.maxWords ?? {}))
    if (words(after(field)) > max)
      fail(`${field} has ${words(after(field))} words (at most ${max}): ${show(after(field))}`);
  for (const [field, max] of Object.entries(expect.maxSentences ?? {}))
    if (sentences(after(field)) > max)
      fail(`${field} has ${sentences(after(field))} sentences (at most ${max})`);
  for (const term of expect.mentions ?? []) {
    if (!changedFields.some((f) => after(f).toLowerCase().includes(term.toLowerCase())))
      fail(`no changed field mentions ${show(term)}`);
  }
  const named = [
    ...Object.keys(wanted),
    ...(expect.order === undefined ? [] : [ORDER_FIELD]),
    ...(expect.changed ?? []),
    ...(expect.anyChanged ?? []),
    ...(expect.mayChange ?? []),
    ...Object.keys(expect.contains ?? {}),
    ...Object.keys(expect.absent ?? {}),
    ...(expect.shorter ?? []),
    ...(expect.longer ?? []),
    ...Object.keys(expect.maxWords ?? {}),
    ...Object.keys(expect.maxSentences ?? {}),
  ].map(judgedName);
  const allowed = new Set(named.flatMap((f) => (f === 'blocks' ? planFields(input.page) : [f])));
  const stray = changedFields.filter((f) => !allowed.has(f));
  if (stray.length > 0 && !expect.unchanged) fail(`also changed ${stray.join(', ')}`);
  return { outcome: failures.length === 0 ? 'done' : 'wrong', right: failures.length === 0, failures };
}
