/**
 * An audience's supplementary context holds two kinds of text: what an operator wrote about the
 * audience ("Met at the FinOps Summit…"), and the summary an agent drafts from what Quire knows. A
 * draft keeps the operator's text and adds its summary after it, separated by a blank line, so the
 * operator's knowledge is never lost to a generated summary.
 *
 * The built-in agent's summary is one paragraph whose first line starts with `Audience: `; a redraft
 * replaces that paragraph (the last one of the context) instead of stacking a second summary.
 */

export const DRAFT_SUMMARY_START = 'Audience: ';
const PARAGRAPH_BREAK = '\n\n';

/** The operator's part of a supplementary context: the context without a drafted summary at its end. */
export function operatorNotesOf(context: string): string {
  const trimmed = context.trimEnd();
  if (trimmed.startsWith(DRAFT_SUMMARY_START) && !trimmed.includes(PARAGRAPH_BREAK)) return '';
  const last = trimmed.lastIndexOf(`${PARAGRAPH_BREAK}${DRAFT_SUMMARY_START}`);
  return last === -1 ? trimmed : trimmed.slice(0, last).trimEnd();
}

/**
 * The operator's notes followed by as many whole lines of the summary as fit in `max` characters.
 * The notes always come first and whole; when not even one summary line fits, the notes alone.
 */
export function notesWithSummary(notes: string, summaryLines: readonly string[], max: number): string {
  const lead = notes === '' ? '' : `${notes}${PARAGRAPH_BREAK}`;
  const kept: string[] = [];
  let length = lead.length;
  for (const line of summaryLines) {
    const next = length + line.length + (kept.length > 0 ? 1 : 0);
    if (next > max) break;
    kept.push(line);
    length = next;
  }
  return kept.length === 0 ? notes : `${lead}${kept.join('\n')}`;
}

/**
 * Puts the operator's notes back in front of a context an agent wrote, when the agent dropped them.
 * Used for agents whose summary has no fixed shape (a language model); the notes always win over
 * the end of the generated text when both do not fit in `max`.
 */
export function keepOperatorNotes(notes: string, written: string, max: number): string {
  if (notes === '' || written.includes(notes)) return written;
  const room = max - notes.length - PARAGRAPH_BREAK.length;
  if (room <= 0 || written.trim() === '') return notes;
  return `${notes}${PARAGRAPH_BREAK}${written.trim().slice(0, room).trimEnd()}`;
}
