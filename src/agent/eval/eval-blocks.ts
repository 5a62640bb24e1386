/**
 * How the evaluation names a page's blocks (docs/agent.md, "The evaluation set"). A version's block
 * plan is one change field (`blocks`) and one per text (`block:<blockId>/<path>`); a case checks
 * finer facts, so the judge reads the plan as fields of their own:
 *
 * - `blocks/<blockId>/<path>`: a text field (`blocks/faq/items/1/answer`; `block:faq/items/1/answer`
 *   is read the same);
 * - `blocks/<blockId>/visible`: `"true"` when the block is shown, else `"false"`;
 * - `blocks/order`: the blocks shown, in order, as their ids joined with ", ". It counts as changed
 *   only when blocks shown before and after changed places: hiding or showing one is its visibility.
 *
 * `blocks` names all of the plan (every visibility and the order) at once.
 */
import {
  type AudienceContent,
  type ContentField,
  type ContentPage,
  contentFields,
  fieldValue,
  planOf,
} from '../../domain/audience-content.js';
import { blockTextFields } from '../../domain/page-blocks.js';

export const ORDER_FIELD = 'blocks/order';
const VISIBLE = /^blocks\/([^/]+)\/visible$/;

/** A field as the judge names it: `block:<id>/<path>` becomes `blocks/<id>/<path>`. */
export function judgedName(field: string): string {
  return field.startsWith('block:') ? `blocks/${field.slice(6)}` : field;
}

/** Every field the judge compares for this page: the content's own, with the block plan split up. */
export function judgedFields(page: ContentPage): string[] {
  const blocks = page.blocks ?? [];
  const own = (contentFields(page) as string[]).filter((f) => f !== 'blocks' && !f.startsWith('block:'));
  if (blocks.length === 0) return own;
  return [
    ...own,
    ORDER_FIELD,
    ...blocks.flatMap((b) => [
      `blocks/${b.blockId}/visible`,
      ...blockTextFields(b).map((f) => `blocks/${b.blockId}/${f.path}`),
    ]),
  ];
}

const shownIds = (content: AudienceContent, page: ContentPage) =>
  planOf(content, page).shown.map((d) => d.blockId);

/** A field's value as the judge reads it (see the module comment); other fields as a change shows them. */
export function judgedValue(content: AudienceContent, page: ContentPage, field: string): string {
  const name = judgedName(field);
  if (name === ORDER_FIELD || name === 'blocks') return shownIds(content, page).join(', ');
  const visible = VISIBLE.exec(name);
  if (visible) return String(shownIds(content, page).includes(visible[1]!));
  const asChange = name.startsWith('blocks/') ? `block:${name.slice(7)}` : name;
  return fieldValue(content, page, asChange as ContentField);
}

/** Whether the blocks shown both before and after are in another order. */
export function reordered(page: ContentPage, before: AudienceContent, after: AudienceContent): boolean {
  const first = shownIds(before, page);
  const second = shownIds(after, page);
  const common = (ids: string[], other: string[]) => ids.filter((id) => other.includes(id)).join(',');
  return common(first, second) !== common(second, first);
}

/** Whether these blocks are all shown, in this relative order. */
export function inOrder(content: AudienceContent, page: ContentPage, ids: readonly string[]): boolean {
  const shown = shownIds(content, page);
  const positions = ids.map((id) => shown.indexOf(id));
  return positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!));
}

/** The judged fields that `blocks` stands for: every visibility and the order. */
export function planFields(page: ContentPage): string[] {
  return judgedFields(page).filter((f) => f === ORDER_FIELD || VISIBLE.test(f));
}
