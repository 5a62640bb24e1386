import { addToCounter } from '../../db/counters.repository.js';
import { lockForTransaction } from '../../db/locks.js';
import type { Db, Executor, PersonsTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { normalizeDomain } from '../../domain/normalize-domain.js';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { emitEvent } from '../../outbox/emit.js';
import { ensureAccount, linkPerson } from '../accounts/accounts.service.js';
import { findSlugsLike, insertPersonUnlessSlugTaken } from './persons.repository.js';
import { type CreatePersonBody, toPerson } from './persons.schemas.js';
import { baseSlug, nextFreeSlug } from './slug.js';

export const PERSONS_COUNTER = 'persons';

/**
 * Creates a person: a unique slug in the tenant, the person count, the link to the account of its
 * domain (see accounts.service.ts), all in one transaction.
 * Used by POST /v0/persons, the admin API and the demo seed.
 */
export async function createPerson(db: Db, tenantId: string, input: CreatePersonBody): Promise<PersonsTable> {
  const domain = input.domain === undefined ? null : normalizeDomain(input.domain);
  if (input.domain !== undefined && domain === null) {
    throw ApiError.invalidField('/domain', 'domain must be a hostname such as example.com');
  }
  const now = Date.now();
  return writeTransaction(db, (tx) => insertPerson(tx, tenantId, input, domain, now));
}

/**
 * Creates a person inside the caller's transaction (createPerson, a form's lead): the slug, the
 * count, the account of `domain` (normalised; created if missing), the `person.created` event.
 */
export async function insertPerson(
  tx: Executor,
  tenantId: string,
  input: Omit<CreatePersonBody, 'domain'> & { traits?: Record<string, string> },
  domain: string | null,
  now: number,
): Promise<PersonsTable> {
  const base = baseSlug(input.name);
  // Creates of the same name queue here rather than race for the same slug; the unique index
  // still decides, and a slug taken anyway sends us round again.
  await lockForTransaction(tx, `slug:${tenantId}:${base}`);
  // A person with a domain belongs to that domain's account, created (named after the domain) if missing.
  const account = domain === null ? null : await ensureAccount(tx, tenantId, domain, domain, now);
  for (let attempt = 0; attempt < 10; attempt++) {
    const row: PersonsTable = {
      tenant_id: tenantId,
      id: newId('person'),
      name: input.name,
      email: input.email ?? null,
      domain,
      slug: nextFreeSlug(base, await findSlugsLike(tx, tenantId, base)),
      phone_number: input.phoneNumber ?? null,
      linkedin_profile_url: input.linkedinProfileUrl ?? null,
      account_id: account?.id ?? null,
      traits: JSON.stringify(input.traits ?? {}),
      created_at: now,
      updated_at: now,
    };
    if (await insertPersonUnlessSlugTaken(tx, row)) {
      await addToCounter(tx, tenantId, PERSONS_COUNTER, 1);
      if (account !== null) await linkPerson(tx, tenantId, account.id, now);
      await emitEvent(tx, tenantId, { type: 'person.created', data: { person: toPerson(row) } }, now);
      return row;
    }
  }
  throw new ApiError('conflict', 'Could not allocate a unique slug for this name; retry the request');
}
