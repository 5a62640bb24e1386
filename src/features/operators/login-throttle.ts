import type { Db } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { ApiError } from '../../errors.js';
import { hasSignedInFrom } from '../audit/audit.repository.js';
import { addLoginFailure } from './sessions.repository.js';

/**
 * The password throttle of sign-ins and password changes (docs/security.md). Every attempt is
 * counted before the password is checked, atomically, against each of its subjects; past one
 * subject's limit the attempt is refused (429) without verifying anything.
 *
 * Sign-in subjects: the address (30 per 15 min: a shared NAT's office), the address and account
 * together (10 per 15 min: one address guessing one account), and the account from addresses it
 * never signed in from (10 per hour: many addresses guessing one account). The account's limit is
 * the slower backoff, and it is the only one that anyone can run up for someone else: an address
 * the operator signed in from successfully in the last 90 days (a known address) passes it, so ten
 * wrong passwords from others do not keep the operator out.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const ADDRESS_FAILURES = 30;
export const ADDRESS_ACCOUNT_FAILURES = 10;
export const ACCOUNT_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const KNOWN_ADDRESS_MS = 90 * 86_400_000;
/** Wrong current passwords per operator per window on POST /admin/v0/me/password. */
export const PASSWORD_CHANGE_FAILURES = 10;
/** The longest window: failure rows older than this are over, whichever subject they count. */
export const LONGEST_WINDOW_MS = ACCOUNT_WINDOW_MS;

export interface ThrottleRule {
  subject: string;
  limit: number;
  windowMs: number;
}

export const addressSubject = (ip: string) => `address:${ip}`;
/** The email first, so a tenant's deletion finds an operator's rows by prefix (tenant-data.repository.ts). */
export const addressAccountSubject = (ip: string, email: string) => `${accountAddressPrefix(email)}${ip}`;
export const accountAddressPrefix = (email: string) => `account-address:${email} `;
export const accountSubject = (email: string) => `account:${email}`;
export const passwordChangeSubject = (operatorId: string) => `password-change:${operatorId}`;

/** The rules of one sign-in attempt; the account's only from an address the operator is not known at. */
export function signInRules(ip: string, email: string, knownAddress: boolean): ThrottleRule[] {
  return [
    { subject: addressSubject(ip), limit: ADDRESS_FAILURES, windowMs: LOGIN_WINDOW_MS },
    { subject: addressAccountSubject(ip, email), limit: ADDRESS_ACCOUNT_FAILURES, windowMs: LOGIN_WINDOW_MS },
    ...(knownAddress
      ? []
      : [{ subject: accountSubject(email), limit: ACCOUNT_FAILURES, windowMs: ACCOUNT_WINDOW_MS }]),
  ];
}

/** Whether `ip` is an address the operator signed in from successfully in the last 90 days. */
export async function isKnownAddress(
  db: Db,
  operator: { id: string; tenant_id: string | null },
  ip: string,
  now: number,
): Promise<boolean> {
  return hasSignedInFrom(db, operator.tenant_id ?? '', operator.id, ip, now - KNOWN_ADDRESS_MS);
}

/**
 * Counts one attempt against every rule's subject (one upsert each, in one transaction) and
 * throws 429 with Retry-After when one of them is past its limit. What to say is the caller's.
 */
export async function countAttempt(db: Db, rules: ThrottleRule[], what: string, now: number): Promise<void> {
  const wait = await writeTransaction(db, async (tx) => {
    let longest = 0;
    for (const rule of rules) {
      const row = await addLoginFailure(tx, rule.subject, now, rule.windowMs);
      const windowEnd = row.window_started_at + rule.windowMs;
      if (row.failures > rule.limit && windowEnd > now) longest = Math.max(longest, windowEnd - now);
    }
    return longest;
  });
  if (wait > 0) {
    const retryAfter = Math.ceil(wait / 1000);
    throw ApiError.rateLimited(`Too many ${what}`, retryAfter);
  }
}
