/**
 * API key scopes: read or read-write access per resource group. The one list of scope names,
 * shared by the /v0 auth hook, the MCP server, the admin API and the CLI.
 * - `persons:*`: persons, accounts, account logs, person logs, activity;
 * - `pages:*`: pages, audiences, versions, the conversation; `pages:publish` alone publishes a
 *   version, which puts what the agent wrote in front of visitors, so a key that drafts
 *   (`pages:write`, e.g. an AI assistant's) cannot make a draft public unless it is given that too;
 * - `assets:*`: assets and topic entries.
 * Any scope of a group implies the `:read` scope of that group; no other implication (neither
 * `:write` nor `:publish` implies the other). A key without scopes (null) has full access: every
 * key created before scopes existed keeps working as it did.
 */
export const SCOPES = [
  'persons:read',
  'persons:write',
  'pages:read',
  'pages:write',
  'pages:publish',
  'assets:read',
  'assets:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Whether a key with these scopes (null: full access) may do what `needed` names. */
export function keyAllows(scopes: readonly string[] | null, needed: Scope): boolean {
  if (scopes === null) return true;
  if (scopes.includes(needed)) return true;
  const group = needed.replace(/:read$/, ':');
  return needed.endsWith(':read') && scopes.some((held) => held.startsWith(group));
}

/** Scopes as stored (space-separated, sorted, no duplicates); null (full access) stays null. */
export function serializeScopes(scopes: readonly Scope[] | null): string | null {
  if (scopes === null) return null;
  return [...new Set(scopes)].sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b)).join(' ');
}

/** Stored scopes back as a list; an empty string is a key with no scope at all. */
export function parseScopes(stored: string | null): Scope[] | null {
  if (stored === null) return null;
  return stored.split(' ').filter(isScope);
}
