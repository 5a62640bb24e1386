import type { FieldError } from '../errors.js';

/**
 * Values a parsed JSON body can hold that Quire refuses to store, with one rule for both databases:
 * - numbers JSON cannot round-trip: `1e309` parses to Infinity, which JSON.stringify writes as null;
 * - NUL characters: PostgreSQL cannot store them in text or jsonb, SQLite could;
 * - lone UTF-16 surrogates (`"\ud800"`): not Unicode text; each database driver rewrote them its own way.
 * Member names are checked as well as values. Returns one field error per offending member.
 */
export function findUnstorableValues(value: unknown, limit = 20): FieldError[] {
  const found: FieldError[] = [];
  visit(value, '', found, limit);
  return found;
}

function visit(value: unknown, pointer: string, found: FieldError[], limit: number): void {
  if (found.length >= limit) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      found.push({
        pointer,
        detail: `${nameOf(pointer)} is a number outside the range JSON can represent (±1.8e308)`,
        code: 'invalid_number',
      });
    }
  } else if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) found.push({ pointer, detail: `${nameOf(pointer)} ${problem}`, code: 'invalid_value' });
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) visit(value[i], `${pointer}/${i}`, found, limit);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      const memberPointer = `${pointer}/${escapePointer(key)}`;
      const problem = textProblem(key);
      if (problem) {
        found.push({
          pointer: memberPointer,
          detail: `The member name ${problem}`,
          code: 'invalid_value',
        });
      }
      visit(member, memberPointer, found, limit);
    }
  }
}

// With the u flag a surrogate pair is one code point, so this matches only unpaired halves.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Why a text cannot be stored, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired UTF-16 surrogates (such as \\ud800 alone)';
  return null;
}

function nameOf(pointer: string): string {
  return pointer === '' ? 'The body' : pointer.slice(1);
}

/** RFC 6901: `~` and `/` in a member name are written `~0` and `~1`. */
function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
