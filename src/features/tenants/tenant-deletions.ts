/**
 * Tells this process that a tenant is gone, once its deletion is committed: the API-key cache
 * (src/app.ts) drops the tenant's keys at once instead of trusting them until their verdicts
 * expire. Other processes (another node, a CLI deletion) stop accepting the keys within
 * API_KEY_CACHE_TTL_MS, as with a revoked key.
 */
type Listener = (tenantId: string) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with each deleted tenant's id; answers the function that stops it. */
export function onTenantDeleted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceTenantDeleted(tenantId: string): void {
  for (const listener of listeners) listener(tenantId);
}
