/**
 * The one tokenizer of asset search, used for what is indexed and for what is searched, so
 * SQLite and PostgreSQL match the same words. A word is a run of letters and digits (any script),
 * lowercased, without diacritics (`Zoë` is `zoe`); everything else separates words. User input
 * therefore never reaches a full-text query syntax: only these words do, each one quoted.
 */

/** Words longer than this are compared on their first MAX_WORD_LENGTH characters (both sides). */
export const MAX_WORD_LENGTH = 64;
/** A query may hold at most this many distinct words (a 400 beyond). */
export const MAX_QUERY_WORDS = 32;
/** Longest `query` accepted (characters). */
export const MAX_QUERY_LENGTH = 2000;

export function words(text: string): string[] {
  const found =
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return found.map((word) => [...word].slice(0, MAX_WORD_LENGTH).join(''));
}

/**
 * The stored form of a field: its words between single spaces, with a space at each end, so
 * `instr(text, ' word ')` finds a whole word and `instr(text, ' wor')` a word prefix.
 */
export function searchText(...texts: (string | null)[]): string {
  const all = texts.flatMap((text) => (text === null ? [] : words(text)));
  return all.length === 0 ? ' ' : ` ${all.join(' ')} `;
}

/** A parsed query: every `exact` word must match a whole word; `prefix` must start a word. */
export interface SearchTerms {
  exact: string[];
  prefix: string;
}

/** The terms of a query; null when it has no words at all (then search lists every asset). */
export function searchTerms(query: string | undefined): SearchTerms | null {
  const all = words(query ?? '');
  const prefix = all.at(-1);
  if (prefix === undefined) return null;
  // A word that also ends the query is already required (more strictly) as an exact word.
  const exact = [...new Set(all.slice(0, -1))];
  return { exact, prefix };
}

export function termCount(terms: SearchTerms): number {
  return new Set([...terms.exact, terms.prefix]).size;
}

/** FTS5 string literal: double quotes, inner quotes doubled (our words never hold any). */
function fts5Phrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** PostgreSQL tsquery literal: single quotes, inner quotes and backslashes escaped. */
function tsqueryLexeme(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * Stands for the tenant's search key in an FTS5 MATCH or tsquery template; the query puts the key
 * in (see assets-search.repository.ts). Never part of a word: words hold letters and digits only.
 */
export const TENANT_KEY_PLACEHOLDER = '~';

/**
 * The FTS5 MATCH template of a search: optional type, then every word, each term prefixed with
 * the tenant's key (migration 0011 indexes every word that way).
 */
export function fts5Match(assetType: string | undefined, terms: SearchTerms): string {
  const scoped = (word: string) => fts5Phrase(`${TENANT_KEY_PLACEHOLDER}${word}`);
  const columns = '{search_name search_tags search_purpose search_ai}';
  const parts: string[] = [];
  if (assetType !== undefined) parts.push(`kind : ${scoped(assetType.replaceAll('-', ''))}`);
  const wordParts = [...terms.exact.map(scoped), `${scoped(terms.prefix)}*`];
  parts.push(`${columns} : (${wordParts.join(' AND ')})`);
  return parts.join(' AND ');
}

/**
 * The PostgreSQL tsquery template of a search: every word, the last one as a prefix, each with
 * the tenant key placeholder in front (migration 0012 stores every lexeme that way).
 */
export function tsquery(terms: SearchTerms): string {
  const scoped = (word: string) => tsqueryLexeme(`${TENANT_KEY_PLACEHOLDER}${word}`);
  return [...terms.exact.map(scoped), `${scoped(terms.prefix)}:*`].join(' & ');
}
