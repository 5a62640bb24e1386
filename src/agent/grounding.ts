/**
 * What a version may claim: only what Quire knows. A figure (a percentage, any number) or a name
 * (a capitalised word in mid-sentence, such as a customer whose logo a model would like to show)
 * that appears in a changed value must appear somewhere in what the agent was given: the page, the
 * audience's person, account and activity, the topic entries, the current and original content,
 * the conversation or the request itself. Every agent's result is held to it by the version worker
 * (src/worker/version-worker.ts), whatever the agent; the OpenAI-compatible agent also applies it
 * itself, so a direct run (the evaluation) says the same; and the evaluation checks every result.
 */
import { type AudienceContent, contentFields, fieldValue } from '../domain/audience-content.js';
import type { AgentInput, AgentResult } from './page-agent.js';

const NUMBER = /\d+(?:[.,]\d+)*/g;
const PERCENT = /\d+(?:[.,]\d+)?\s?(?:%|percent\b|per cent\b)/gi;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}&'’-]*/gu;

/** Capitalised words that do not open a sentence or a line: names, unless the sources have them. */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (!/^\p{Lu}/u.test(word) || word.length < 2) continue;
    const raw = text.slice(0, match.index);
    // A word opening a line (a paragraph, a list item) opens a sentence too.
    if (/\n[\s"“‘'(—–*-]*$/.test(raw)) continue;
    const before = raw.replace(/["“‘'(\s—–-]+$/, '');
    if (before === '' || /[.!?:;|\n]$/.test(before)) continue;
    names.push(word);
  }
  return names;
}

/** The figures and the (stemmed) words of one source, as the checks below look them up. */
interface Terms {
  numbers: Set<string>;
  words: Set<string>;
}

/**
 * A run of letters and digits this long, holding both, is an identifier (an id's ULID, a route
 * key's suffix), not a figure anyone stated: a figure inside it supports nothing. Random ids held
 * "73" often enough that an invented "73%" passed now and then. Dates stay sources (an activity's
 * `2026-11-20T18:02`: its runs are short), since an agent may say when something happened.
 */
const IDENTIFIER = /[\p{L}\p{N}]{12,}/gu;

function withoutIdentifiers(text: string): string {
  return text.replace(IDENTIFIER, (run) => (/\d/.test(run) && /\p{L}/u.test(run) ? ' ' : run));
}

function termsOf(text: string): Terms {
  return {
    numbers: new Set(withoutIdentifiers(text).match(NUMBER) ?? []),
    words: new Set((text.match(WORD) ?? []).map(stem)),
  };
}

/**
 * The terms of the larger sources (the page, the current and the original content), kept for the
 * next runs: an import's drafts share them, and reading them again was a tenth of each draft's CPU.
 * Keyed by the text itself, so a changed page is read anew.
 */
const cachedTerms = new Map<string, Terms>();
const CACHED_TERMS = 16;
const CACHE_FROM_CHARS = 1_000;

function termsOfSource(source: unknown): Terms {
  // Each source as JSON, as one array of them would read: neither a figure nor a word can run
  // from one source into the next (each is an object, an array or null).
  const text = JSON.stringify(source) ?? 'null';
  if (text.length < CACHE_FROM_CHARS) return termsOf(text);
  let terms = cachedTerms.get(text);
  if (terms === undefined) {
    terms = termsOf(text);
    if (cachedTerms.size >= CACHED_TERMS) cachedTerms.delete(cachedTerms.keys().next().value!);
  } else cachedTerms.delete(text);
  cachedTerms.set(text, terms);
  return terms;
}

function sourcesOf(input: AgentInput): Terms[] {
  return [
    input.page,
    input.audience,
    input.person,
    input.account,
    input.recentActivity,
    input.topicEntries,
    input.current,
    input.original ?? null,
    input.conversation,
    input.request,
  ].map(termsOfSource);
}

const stem = (word: string) => word.toLowerCase().replace(/['’]s$|s$/, '');

/** The figures and names in `content`'s changed values that nothing the agent was given supports. */
export function unsupportedClaims(input: AgentInput, content: AudienceContent): string[] {
  const sources = sourcesOf(input);
  const isKnownNumber = (number: string) => sources.some((s) => s.numbers.has(number));
  const isKnownWord = (word: string) => sources.some((s) => s.words.has(word));
  const claims = new Set<string>();
  for (const field of contentFields(input.page)) {
    const before = fieldValue(input.current, input.page, field);
    const after = fieldValue(content, input.page, field);
    if (before === after) continue;
    for (const percent of after.match(PERCENT) ?? []) {
      if (!before.includes(percent) && !isKnownNumber(percent.match(NUMBER)![0])) claims.add(percent.trim());
    }
    for (const number of after.match(NUMBER) ?? []) {
      if (!isKnownNumber(number) && !(after.match(PERCENT) ?? []).some((p) => p.startsWith(number)))
        claims.add(number);
    }
    if (field === 'actionUrl') continue;
    for (const name of namesIn(after)) {
      if (!isKnownWord(stem(name))) claims.add(name);
    }
  }
  return [...claims];
}

/**
 * `result` when it claims nothing unsupported; otherwise a refusal: the content stays as it was, no
 * change, and the reply says what was refused and how to make it true (`whose`: "the model's
 * edit", "the edit").
 */
export function refuseUnsupported(input: AgentInput, result: AgentResult, whose = 'the edit'): AgentResult {
  const claims = unsupportedClaims(input, result.content);
  if (claims.length === 0) return result;
  return {
    reply:
      `I refused ${whose} and changed nothing: it claimed ${claims.map((c) => `“${c}”`).join(', ')}, ` +
      "which nothing Quire knows about this page or audience supports, and a version cannot state what Quire does not know (only what the page, the audience's data or the topic entries say). " +
      'Add the fact as a topic entry if it is true, or write the exact text yourself.',
    reasoning: `Unsupported claims in the answer: ${claims.join(', ')}. Its reply was: ${result.reply}`,
    content: input.current,
    changes: [],
    ...(result.usage ? { usage: result.usage } : {}),
  };
}
