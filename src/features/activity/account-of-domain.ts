import type { AccountsTable, Db } from '../../db/schema.js';
import { ExpiringMap } from '../../http/expiring-map.js';
import { findAccountByDomain } from '../accounts/accounts.repository.js';

/**
 * The account a log by `domain` joins, for the batched ingestion (account-logs.service.ts): the
 * accounts of recently logged domains are remembered, so a webhook stream by domain costs no read
 * per log. A remembered id may be stale (the account deleted, or changed by another process):
 * the batch writes a log only if its account still exists with that domain, and the caller then
 * forgets the entry and takes the transaction, so staleness costs a retry, never a wrong write.
 */
export async function knownAccountOfDomain(
  db: Db,
  tenantId: string,
  domain: string,
  /** A log's `name` may rename the account: such a log always reads the account. */
  adopts: ((account: AccountsTable) => boolean) | null,
): Promise<string | null> {
  const cache = cacheOf(db);
  const key = `${tenantId} ${domain}`;
  if (adopts === null) {
    const known = cache.get(key);
    if (known !== undefined) return known;
  }
  const account = await findAccountByDomain(db, tenantId, domain);
  if (account === undefined || adopts?.(account)) return null;
  cache.set(key, account.id);
  return account.id;
}

/** Forgets a domain whose remembered account the batch did not accept. */
export function forgetAccountOfDomain(db: Db, tenantId: string, domain: string): void {
  cacheOf(db).delete(`${tenantId} ${domain}`);
}

/** 10,000 domains of about 150 bytes each: about 1.5 MB at most; a minute bounds a stale entry's life. */
const MAX_DOMAINS = 10_000;
const TTL_MS = 60_000;
const caches = new WeakMap<Db, ExpiringMap<string, string>>();

function cacheOf(db: Db): ExpiringMap<string, string> {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new ExpiringMap(MAX_DOMAINS, TTL_MS);
    caches.set(db, cache);
  }
  return cache;
}
