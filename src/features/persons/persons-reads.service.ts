import { readCounter } from '../../db/counters.repository.js';
import type { Db } from '../../db/schema.js';
import { ApiError } from '../../errors.js';
import { keysetPage, type PageRequest } from '../../lists/keyset-page.js';
import type { Page } from '../../lists/pagination.js';
import { containsPattern, type SearchPage, windowedSearchPage } from '../../lists/windowed-search.js';
import {
  findPerson,
  listPersons as listPersonRows,
  personsWindowEnd,
  searchPersons,
} from './persons.repository.js';
import { type Person, toPerson } from './persons.schemas.js';
import { PERSONS_COUNTER } from './persons.service.js';

/** Operator reads of persons: `GET /admin/v0/tenants/{tenant}/persons...` and `quire persons list|show`. */
/** The persons whose name, email or domain contains `q`, newest first, bounded per request. */
export function searchPersonList(
  db: Db,
  tenantId: string,
  q: string,
  request: PageRequest,
): Promise<SearchPage<Person>> {
  const pattern = containsPattern(q);
  return windowedSearchPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: { q },
    fetch: (after, window, limit) => searchPersons(db, tenantId, pattern, after, window, limit),
    windowEnd: (after, window) => personsWindowEnd(db, tenantId, after, window),
    keyOf: (row) => [row.created_at, row.id],
    map: toPerson,
  });
}

export function listPersons(db: Db, tenantId: string, request: PageRequest): Promise<Page<Person>> {
  return keysetPage(request, {
    shape: ['number', 'string'], // created_at desc, id desc
    filters: {},
    fetch: (after, size) => listPersonRows(db, tenantId, after, size),
    count: () => readCounter(db, tenantId, PERSONS_COUNTER),
    keyOf: (row) => [row.created_at, row.id],
    map: toPerson,
  });
}

export async function showPerson(db: Db, tenantId: string, personId: string): Promise<Person> {
  const person = await findPerson(db, tenantId, personId);
  if (person === undefined) throw ApiError.notFound('Person');
  return toPerson(person);
}
