import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text`, as a condition both databases read alike: LIKE with its wildcards
 * escaped (ids hold `_`) and the escape character named, which SQLite has no default for.
 * Used to find the JSON documents (event payloads, audit entries) that name a record.
 */
export function mentions(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(${sql.ref(column)} like ${pattern} escape '\\')`;
}
