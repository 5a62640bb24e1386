/**
 * Tells this process that API keys stopped being valid, once the change is committed: a tenant's
 * deletion (all its keys) or one key's revocation. The API-key cache (src/app.ts) drops them at
 * once instead of trusting them until their cached verdicts expire. Other processes (another node,
 * a CLI revocation) stop accepting them within API_KEY_CACHE_TTL_MS.
 */
export type KeyInvalidation = { tenantId: string } | { keyId: string };
type Listener = (gone: KeyInvalidation) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with each invalidation; answers the function that stops it. */
export function onKeysInvalidated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceTenantDeleted(tenantId: string): void {
  for (const listener of listeners) listener({ tenantId });
}

export function announceKeyRevoked(keyId: string): void {
  for (const listener of listeners) listener({ keyId });
}
