/** Persons and accounts, and their searches. */
import { client, ok, present } from './client';
import type { TraitsChange } from './types';

export const peopleCalls = {
  listPersons: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/persons', {
        params: { path: { tenant }, query: present({ cursor, limit: 100 }) },
      }),
    ),
  listAccounts: (tenant: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts', {
        params: { path: { tenant }, query: present({ cursor, limit: 50 }) },
      }),
    ),
  getAccount: (tenant: string, accountId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts/{account_id}', {
        params: { path: { tenant, account_id: accountId } },
      }),
    ),
  listActivity: (tenant: string, accountId: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts/{account_id}/activity', {
        params: {
          path: { tenant, account_id: accountId },
          query: present({ includePersonActivity: 'true', cursor, limit: 50 }),
        },
      }),
    ),
  setAccountTraits: (tenant: string, accountId: string, traits: TraitsChange) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/accounts/{account_id}/traits', {
        params: { path: { tenant, account_id: accountId } },
        body: { traits },
      }),
    ),
  getPerson: (tenant: string, personId: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/persons/{person_id}', {
        params: { path: { tenant, person_id: personId } },
      }),
    ),
  setPersonTraits: (tenant: string, personId: string, traits: TraitsChange) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/persons/{person_id}/traits', {
        params: { path: { tenant, person_id: personId } },
        body: { traits },
      }),
    ),
  renameAccount: (tenant: string, accountId: string, name: string) =>
    ok(
      client.PATCH('/admin/v0/tenants/{tenant}/accounts/{account_id}', {
        params: { path: { tenant, account_id: accountId } },
        body: { name },
      }),
    ),
};

export const searchApi = {
  /** Persons whose name, email or domain contains `q`; `hasMore` may come with a short page. */
  searchPersons: (tenant: string, q: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/persons', {
        params: { path: { tenant }, query: present({ q, cursor, limit: 100 }) },
      }),
    ),
  /** Accounts whose name or domain contains `q`. */
  searchAccounts: (tenant: string, q: string, cursor?: string) =>
    ok(
      client.GET('/admin/v0/tenants/{tenant}/accounts', {
        params: { path: { tenant }, query: present({ q, cursor, limit: 50 }) },
      }),
    ),
};
