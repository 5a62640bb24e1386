/**
 * Deterministic text edits the built-in agent makes without a model: shortening at sentence and
 * clause boundaries (to a word or sentence count), lengthening with the page's own sentences,
 * adding to and removing from a text, and mentioning a name in it.
 */

const STOP_TAIL =
  /(?:\s+(?:a|an|the|and|or|but|for|of|to|with|that|your|our|can|will|is|are|in|on|at|by|from|as|so))+$/i;

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function sentencesOf(text: string): string[] {
  return (text.match(/[^.!?]+(?:[.!?]+["”’)]?|$)/g) ?? []).map((s) => s.trim()).filter((s) => s !== '');
}

function endWith(text: string, punctuation: string): string {
  const bare = text.replace(/[\s,;:—–-]+$/, '');
  return punctuation === '' || /[.!?]$/.test(bare) ? bare : `${bare}${punctuation}`;
}

/** Every shorter form cut at a boundary: leading sentences, leading clauses, the body after a "For X:" lead. */
function candidates(text: string): string[] {
  const ending = /[.!?]$/.test(text.trim()) ? '.' : '';
  const forms = new Set<string>();
  const addPrefixes = (body: string) => {
    const sentences = sentencesOf(body);
    for (let n = 1; n < sentences.length; n++) forms.add(sentences.slice(0, n).join(' '));
    const first = sentences[0] ?? body;
    for (const m of first.matchAll(/[,;:—–]\s|\s[—–-]\s/g))
      forms.add(endWith(first.slice(0, m.index), ending));
    if (body !== text) forms.add(body);
  };
  addPrefixes(text);
  const lead = text.match(/^(?<lead>[^.!?:]{2,60}):\s+(?<body>.+)$/s);
  if (lead?.groups) {
    // The personal lead ("For Ada at Acme:") alone says nothing about the product.
    forms.delete(endWith(lead.groups.lead!, ending));
    const body = lead.groups.body!;
    addPrefixes(body.charAt(0).toUpperCase() + body.slice(1));
  }
  forms.delete(text);
  return [...forms].filter((f) => wordCount(f) > 0);
}

/**
 * A shorter form of `text`: at most `maxWords` words or `maxSentences` sentences, else about two
 * thirds of its words; cut at a sentence or clause boundary when one fits, else after whole words.
 */
export function shorten(
  text: string,
  limits: { maxWords?: number; maxSentences?: number },
): { value: string } | { problem: string } {
  const words = wordCount(text);
  if (limits.maxSentences !== undefined) {
    const sentences = sentencesOf(text);
    if (sentences.length <= limits.maxSentences)
      return { problem: `it already has ${sentences.length} sentence${sentences.length === 1 ? '' : 's'}` };
    return { value: sentences.slice(0, limits.maxSentences).join(' ') };
  }
  if (limits.maxWords !== undefined && words <= limits.maxWords)
    return { problem: `it already has ${words} words` };
  const target = limits.maxWords ?? Math.max(2, Math.floor((words * 2) / 3));
  if (words <= 2) return { problem: 'it is already as short as it can sensibly be' };
  const fitting = candidates(text)
    .filter((c) => wordCount(c) <= target && wordCount(c) >= Math.min(3, target))
    .sort((a, b) => wordCount(b) - wordCount(a));
  if (fitting[0] !== undefined) return { value: fitting[0] };
  const cut = text
    .split(/\s+/)
    .slice(0, target)
    .join(' ')
    .replace(/[\s,;:—–-]+$/, '')
    .replace(STOP_TAIL, '');
  return { value: endWith(cut, /[.!?]$/.test(text.trim()) ? '.' : '') };
}

/** Adds text at the end: as a new sentence after one, else after a space. */
export function append(text: string, addition: string): string {
  const add = addition.trim();
  if (text.trim() === '') return add;
  if (/[.!?]["”’)]?$/.test(text.trim())) {
    const sentence = add.charAt(0).toUpperCase() + add.slice(1);
    return `${text.trim()} ${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}`;
  }
  return `${text.trim()} ${add}`;
}

/** Removes every occurrence (any case) and tidies the spaces and punctuation it leaves; null when absent. */
export function remove(text: string, part: string): string | null {
  const pattern = new RegExp(part.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  if (!pattern.test(text)) return null;
  const left = text
    .replace(pattern, ' ')
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/^[\s,;:—–-]+/, '')
    .replace(/([,;:])\s*([.!?])$/, '$2')
    .trim();
  return left.charAt(0).toUpperCase() + left.slice(1);
}

/** Lower-cases the first letter unless the first word is an acronym or a name. */
function lowerFirst(text: string, names: string[]): string {
  const first = text.split(/\s+/)[0] ?? '';
  if (/^\p{Lu}{2,}/u.test(first) || names.some((n) => n.split(/\s+/).includes(first))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Mentions `name` in a text: a person is addressed at the start ("Ada, revenue forecasts…"); a company
 * or a trait ends a headline ("… for Acme") and leads a sentence-like text ("For Acme: …").
 */
export function mention(
  text: string,
  name: string,
  kind: 'person' | 'company' | 'trait',
  shape: 'line' | 'prose',
  names: string[],
  company: string | null = null,
): string {
  if (kind === 'person') return `${name}, ${lowerFirst(text, names)}`;
  // "… for Acme" + a role: "… for Acme's VP Finance", not "… for Acme for VP Finance".
  if (kind === 'trait' && shape === 'line' && company && text.endsWith(` for ${company}`))
    return `${text}'s ${name}`;
  if (shape === 'line') {
    const end = text.match(/[.!?]$/)?.[0] ?? '';
    return `${text.replace(/[.!?]$/, '')} for ${name}${end}`;
  }
  if (kind === 'company') return `For ${name}: ${text}`;
  return append(text, `Built for ${name}`);
}

/** The page's sentences a text does not hold yet, to lengthen it with what the page itself says. */
export function lengthen(text: string, sources: string[], max: number): string | null {
  const have = text.toLowerCase();
  for (const source of sources) {
    for (const sentence of sentencesOf(source)) {
      if (have.includes(sentence.toLowerCase().replace(/[.!?]$/, ''))) continue;
      const longer = append(text, sentence);
      if (longer.length <= max) return longer;
    }
  }
  return null;
}
