import { Type } from 'typebox';

/**
 * Boolean-ish query flags (`includeDeleted`, `includePersonActivity`, `includeEmptyOnly`...).
 * Accepted: `true`, `false`, `1`, `0`, case-insensitive; absent means false; anything else,
 * the empty string included, is a 400 naming the parameter. The schema does the rejecting (so the
 * OpenAPI document states the accepted values); `isFlagSet` reads a value that passed it.
 */
const FLAG_PATTERN = '^([tT][rR][uU][eE]|[fF][aA][lL][sS][eE]|1|0)$';

export function FlagQuery(description: string) {
  return Type.Optional(
    Type.String({
      pattern: FLAG_PATTERN,
      maxLength: 5,
      description: `${description} \`true\`, \`false\`, \`1\` or \`0\` (any case); absent means false.`,
      examples: ['true'],
    }),
  );
}

/** True for `true`/`1` (any case); false when absent or `false`/`0`. */
export function isFlagSet(value: string | undefined): boolean {
  if (value === undefined) return false;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  // The route schema rejects everything else; reaching here is a programming error.
  throw new Error(`not a flag value: ${value}`);
}
