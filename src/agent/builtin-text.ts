/**
 * Small, deterministic text tools for the built-in agent: picking salient terms out of prose,
 * summarising an activity or a topic entry in one line, clipping text, and quoting values back to
 * the user.
 */
import type { AgentActivity, AgentTopicEntry } from './page-agent.js';

const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further get
  gets got had has have having he her here hers him his how i if in into is it its itself just let
  like made make makes many may me more most much must my need new no nor not now of off on once
  one only or other our ours out over own per same she should so some such than that the their
  them then there these they this those through to too under until up upon us use used uses using
  very via was way we well were what when where which while who whom why will with within without
  would you your yours yet page pages visit visited viewed view views click clicked team teams
  help helps today every across into onto want wants able know see seen`.split(/\s+/),
);

/** Lower-case words worth a keyword: 4+ letters, not a stopword, in order of appearance. */
export function termsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}][\p{L}\p{N}-]*[\p{L}\p{N}]|[\p{L}]/gu) ?? [];
  return words.filter((w) => w.length >= 4 && !STOPWORDS.has(w) && !/^\d/.test(w));
}

/** The first sentence of some prose, markdown decorations removed. */
export function firstSentence(text: string): string {
  const plain = stripMarkdown(text);
  const match = plain.match(/^(.+?[.!?])(\s|$)/);
  return (match?.[1] ?? plain).trim();
}

function stripMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+>]|\d+\.)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const DETAIL_KEYS = [
  'text',
  'title',
  'summary',
  'subject',
  'description',
  'note',
  'page',
  'path',
  'url',
  'name',
];

/** The most telling string in an activity's payload (its text, title, page...), if any. */
export function activityDetail(activity: AgentActivity): string | null {
  for (const key of DETAIL_KEYS) {
    const value = activity.payload[key];
    if (typeof value === 'string' && value.trim() !== '') return stripMarkdown(value);
  }
  return null;
}

/** "2026-11-20, Ada Lovelace: page view (web): Pricing" */
export function describeActivity(activity: AgentActivity, maxDetail = 140): string {
  const date = activity.createdAt.slice(0, 10);
  const what = humanise(activity.type);
  const who = activity.personName ? `${activity.personName}: ` : '';
  const detail = activityDetail(activity);
  const tail = detail ? `: ${clip(detail, maxDetail)}` : '';
  return `${date}, ${who}${what} (${activity.source})${tail}`;
}

export function describeTopicEntry(entry: AgentTopicEntry, max = 200): string {
  if (entry.type === 'url') return entry.content.trim();
  return clip(firstSentence(entry.content), max);
}

/** "page_view" / "pageView" -> "page view" */
function humanise(identifier: string): string {
  return identifier
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** Cuts text to `max` characters at a word boundary, ending with an ellipsis when it had to cut. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const base = space > max / 2 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** Quotes a value for a reply: “Talk to us”. */
export function q(value: string): string {
  return `“${value}”`;
}

/** "a", "a and b", "a, b and c" */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
