/** How the built-in agent puts edits and changes into words for its replies. */

import {
  BUTTON_FIELD_PREFIX,
  type ContentChange,
  fieldLabel,
  parseKeywordList,
  primaryAction,
} from '../domain/audience-content.js';
import type { Edit } from './builtin-parse.js';
import { clip, listing, q } from './builtin-text.js';
import type { AgentPage } from './page-agent.js';

export const HELP =
  'I can: set the title or description (`set the title to "…"`, `description: …`), the headline or ' +
  'subheadline visitors see (`change the headline to "…"`, `subheadline: …`), set, add or remove ' +
  'keywords (`add keyword …`, `remove the keyword …`), set or add to the supplementary context, ' +
  'rename a button (`rename the "Book a demo" button to "Talk to us"`, `change button 2 to …`), ' +
  'change the action URL (`use https://… as the action URL`), or redraft the version from scratch (`redraft`).';

/** What a request asked for, for "I understood that you want me to ...". */
export function describeEdit(edit: Edit): string {
  switch (edit.kind) {
    case 'redraft':
      return 'redraft the version';
    case 'compute':
      return edit.label;
    case 'set':
      if (edit.value === '') return `clear ${fieldLabel(edit.field)}`;
      return `set ${fieldLabel(edit.field)} to ${q(clip(edit.value, 80))}`;
    case 'addKeywords':
      return `add the keyword${edit.keywords.length === 1 ? '' : 's'} ${listing(edit.keywords.map(q))}`;
    case 'removeKeywords':
      return `remove the keyword${edit.keywords.length === 1 ? '' : 's'} ${listing(edit.keywords.map(q))}`;
    case 'replace':
      return `replace ${q(edit.find)} with ${q(edit.replacement)}${edit.field ? ` in ${fieldLabel(edit.field)}` : ''}`;
    case 'appendContext':
      return `add ${q(clip(edit.text, 80))} to the supplementary context`;
  }
}

/** What a change did, for "Done: I ...". */
export function describeChange(change: ContentChange, page: AgentPage): string {
  if (change.field === 'metaKeywords') {
    const before = parseKeywordList(change.previousValue);
    const after = parseKeywordList(change.newValue);
    const has = (list: string[], k: string) => list.some((x) => x.toLowerCase() === k.toLowerCase());
    const added = after.filter((k) => !has(before, k));
    const removed = before.filter((k) => !has(after, k));
    const parts = [
      added.length > 0 ? `added the keyword${added.length === 1 ? '' : 's'} ${listing(added.map(q))}` : null,
      removed.length > 0
        ? `removed the keyword${removed.length === 1 ? '' : 's'} ${listing(removed.map(q))}`
        : null,
    ].filter((p): p is string => p !== null);
    return parts.length > 0 ? parts.join(' and ') : `reordered the keywords to ${q(change.newValue)}`;
  }
  if (change.field.startsWith(BUTTON_FIELD_PREFIX)) {
    const actionId = change.field.slice(BUTTON_FIELD_PREFIX.length);
    const position = page.actions.findIndex((a) => a.actionId === actionId) + 1;
    return `renamed the ${q(change.previousValue)} button (button ${position}, ${actionId}) to ${q(change.newValue)}`;
  }
  if (change.field === 'blocks') return describeBlocks(change);
  if (change.newValue === '') return `cleared ${fieldLabel(change.field)}`;
  if (change.field === 'actionUrl') {
    const primary = primaryAction(page.actions, page.headerActionId ?? null);
    if (primary === null) return `pointed the action URL to ${change.newValue}`;
    const position = page.actions.indexOf(primary) + 1;
    return `pointed the primary button (button ${position}, ${primary.actionId}) at ${change.newValue}`;
  }
  if (change.field === 'supplementaryContext')
    return `updated the supplementary context to ${q(clip(change.newValue, 120))}`;
  return `changed ${fieldLabel(change.field)} to ${q(change.newValue)}`;
}

/** The blocks shown changed: which were hidden, which shown, or the new order. */
function describeBlocks(change: ContentChange): string {
  const ids = (value: string) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  const before = ids(change.previousValue);
  const after = ids(change.newValue);
  const block = (list: string[]) => `block${list.length === 1 ? '' : 's'} ${listing(list.map(q))}`;
  const hidden = before.filter((id) => !after.includes(id));
  const shown = after.filter((id) => !before.includes(id));
  const parts = [
    shown.length > 0 ? `showed ${block(shown)}` : null,
    hidden.length > 0 ? `hid ${block(hidden)}` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length > 0) return parts.join(' and ');
  return `reordered the blocks to ${listing(after.map(q))}`;
}
