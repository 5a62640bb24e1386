/**
 * Splits a chat message into the single requests it holds ("Set the title to X. Add keyword Y and
 * rename the demo button to Z") and reads quoted values. Quoted text is never split, so a title like
 * "Plan. Build. Ship." survives intact.
 */

const QUOTE_PAIRS: Record<string, string> = { '"': '"', '“': '”', '‘': '’', '«': '»', '`': '`', "'": "'" };

/** Verbs that start a new request after "and", a comma or a semicolon. */
const REQUEST_VERB =
  /^(?:please\s+)?(?:set|change|update|rename|relabel|retitle|add|include|append|remove|delete|drop|exclude|use|make|replace|rewrite|point|clear|empty|link|edit|modify|redraft|regenerate|shorten|lengthen|trim|mention|address|greet|undo|revert|restore|reset|swap|sort|move|put|take|go\s+back|send|cut)\b/i;
/** After a sentence end, a new sentence may also open politely or ask for something unsupported. */
const SENTENCE_START =
  /^(?:also|what|who|which|where|how|is|does|undo|go|revert|restore|reset|make|mention|write|shorten|lengthen|translate|personali[sz]e|improve|could|can|would|will|please|i'd|i’d|i would|i want|let's|let’s|thanks|thank you|cheers|great|perfect|ok|okay|nice|awesome|looks good)\b/i;
/** "title: X", "keywords = X" also start a request. */
const FIELD_START =
  /^(?:the\s+)?(?:meta\s+|page\s+|seo\s+)?(?:title|description|keywords?|tags|(?:supplementary\s+)?context|(?:action\s+)?url|button\s*#?\d*(?:\s+(?:title|text|label))?)\s*[:=]/i;

/** "…, and the headline to X": a field and its new value, the verb left out. */
const ELLIPTIC =
  /^(?:the\s+)?(?:(?:meta|seo|page|hero)\s+)?(?:sub-?\s?headline|headline|title|description|subtitle)\s+to\s/i;

/** "…, and the (main) button should say X": a field and what it should say, the request's own verb. */
const FIELD_SHOULD =
  /^(?:the\s+)?(?:[\p{L}\d-]+\s+){0,3}?(?:sub-?\s?headline|headline|title|description|subtitle|button|cta|keywords?)(?:\s+(?:title|text|label|copy))?\s+(?:should|must|needs?\s+to|has\s+to)\s+(?:say|read|be)\b/iu;

function startsRequest(rest: string): boolean {
  const text = rest.trimStart();
  return REQUEST_VERB.test(text) || FIELD_START.test(text) || ELLIPTIC.test(text) || FIELD_SHOULD.test(text);
}

/** Index just past the closing quote of a quote opening at `i`, or -1 when `i` opens none. */
function quoteEnd(text: string, i: number): number {
  const open = text[i]!;
  const close = QUOTE_PAIRS[open];
  if (close === undefined) return -1;
  // An apostrophe inside a word ("don't", "Ada's") opens nothing.
  if (open === "'" && i > 0 && !/[\s(:=[]/.test(text[i - 1]!)) return -1;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] !== close) continue;
    if (close === "'" && j + 1 < text.length && /[\p{L}\p{N}]/u.test(text[j + 1]!)) continue;
    return j + 1;
  }
  return -1;
}

export function splitRequests(message: string): string[] {
  const segments: string[] = [];
  let start = 0;
  let i = 0;
  const cut = (end: number, next: number) => {
    segments.push(message.slice(start, end));
    start = next;
    i = next;
  };
  while (i < message.length) {
    const ch = message[i]!;
    const end = quoteEnd(message, i);
    if (end > 0) {
      i = end;
      continue;
    }
    if (ch === '\n' || (ch === ';' && startsRequest(message.slice(i + 1)))) {
      cut(i, i + 1);
      continue;
    }
    const rest = message.slice(i + 1);
    if (/[.!?]/.test(ch) && /^\s/.test(rest)) {
      const after = rest.trimStart();
      // "Acme Inc. Built for teams" stays whole; "... X. Add keyword Y" and "... X. Thanks!" split.
      if (startsRequest(after) || SENTENCE_START.test(after)) {
        cut(i + 1, i + 1);
        continue;
      }
    }
    const joiner = message.slice(i).match(/^(?:,?\s+(?:and|then|also|plus)(?:\s+then|\s+also)?\s+|,\s+)/i);
    if (joiner && startsRequest(message.slice(i + joiner[0].length))) {
      cut(i, i + joiner[0].length);
      continue;
    }
    i += 1;
  }
  segments.push(message.slice(start));
  return segments.map(tidySegment).filter((s) => s !== '');
}

/** Removes courtesy around a request: "Could you please set ... ?" -> "set ...". */
export function tidySegment(segment: string): string {
  let text = segment.trim();
  const prefix =
    /^(?:(?:ok(?:ay)?|so|also|then|and|now|next|finally|hi|hey|hello|great|thanks)[,!.]?\s+)*(?:please\s+|(?:could|can|would|will)\s+(?:you|u|we)\s+(?:please\s+)?|i(?:'d|’d| would) like (?:you )?to\s+|i want (?:you )?to\s+|let's\s+|let’s\s+|kindly\s+|go ahead and\s+)?(?:please\s+)?/i;
  text = text.replace(prefix, '');
  text = text.replace(/[\s,]+please[.!?]*$/i, '');
  return text.replace(/\s*[?!]+$/, '').trim();
}

/**
 * Reads a value as the user wrote it: the inside of quotes when the whole value is quoted (a
 * trailing period or "please" after the closing quote is ignored), otherwise the text itself
 * without a final period unless `keepPeriod` (descriptions and context end in sentences).
 */
export function readValue(raw: string, keepPeriod = false): string {
  const text = raw.trim().replace(/^:\s*/, '');
  const end = quoteEnd(text, 0);
  if (
    end > 0 &&
    /^[\s.!,]*(?:(?:please|thanks|thank\s+you|cheers|instead|too)[\s.!,]*)*$/i.test(text.slice(end))
  )
    return text.slice(1, end - 1).trim();
  if (keepPeriod) return text;
  return text.replace(/\.$/, '').trim();
}

/** Splits "a, b and c" (or quoted items) into items. */
export function readList(raw: string): string[] {
  const text = raw.trim().replace(/\.$/, '');
  const items: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const end = quoteEnd(text, i);
    if (end > 0 && current.trim() === '') {
      items.push(text.slice(i + 1, end - 1));
      current = '';
      i = end;
      continue;
    }
    const sep = text.slice(i).match(/^(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*;\s*)/i);
    if (sep) {
      items.push(current);
      current = '';
      i += sep[0].length;
      continue;
    }
    current += text[i];
    i += 1;
  }
  items.push(current);
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** Words a request is made of, to mend a typo in them ("chnage the headine"): one letter off at most. */
const VOCABULARY = [
  'change',
  'headline',
  'subheadline',
  'button',
  'buttons',
  'description',
  'keywords',
  'keyword',
  'title',
  'shorten',
  'remove',
  'replace',
  'mention',
  'original',
  'update',
  'subtitle',
  'context',
  'rename',
];
const SHORT_TYPOS: Record<string, string> = {
  teh: 'the',
  u: 'you',
  pls: 'please',
  plz: 'please',
  hte: 'the',
};

/** One edit (insert, delete, substitute, or swap two neighbours) apart, for words of five letters or more. */
function oneOff(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1 || Math.min(a.length, b.length) < 4) return false;
  if (a.length === b.length) {
    const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
    return (
      diff.length === 1 ||
      (diff.length === 2 &&
        diff[1] === diff[0]! + 1 &&
        a[diff[0]!] === b[diff[1]!] &&
        a[diff[1]!] === b[diff[0]!])
    );
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** Mends typos in the first words of a request (where its verb and field are), never inside quotes or values. */
export function mendTypos(request: string): string {
  const words = request.split(/(\s+)/);
  let seen = 0;
  for (let i = 0; i < words.length && seen < 6; i++) {
    const word = words[i]!;
    if (/^\s*$/.test(word)) continue;
    seen += 1;
    if (/^["“‘'«`]/.test(word)) break;
    const lower = word.toLowerCase();
    if (SHORT_TYPOS[lower]) words[i] = SHORT_TYPOS[lower]!;
    else if (/^[a-z]+$/i.test(word) && !VOCABULARY.includes(lower)) {
      const fixed = VOCABULARY.find((v) => oneOff(lower, v));
      if (fixed) words[i] = fixed;
    }
  }
  return words.join('');
}
