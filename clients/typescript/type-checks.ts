// Compile-time checks of the client's types, run by `npm run typecheck` (tsc fails when an
// expected error does not occur). Never executed.
import { createQuireClient } from '@quire/client';
import { createAdminClient } from '@quire/client/admin';

export async function misspeltFieldsAreTypeErrors(): Promise<void> {
  const quire = createQuireClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'quire_example' });
  // @ts-expect-error `emial` is not a field of the create-person body
  await quire.POST('/v0/persons', { body: { name: 'Ada Lovelace', emial: 'ada@acme.com' } });
  // @ts-expect-error `limt` is not a query parameter of the person list
  await quire.GET('/v0/persons', { params: { query: { limt: 10 } } });
  // @ts-expect-error the path is not an operation of the API
  await quire.GET('/v0/persones');
  const created = await quire.POST('/v0/persons', { body: { name: 'Ada Lovelace', email: 'ada@acme.com' } });
  if (created.data) {
    const personId: string = created.data.personId;
    // @ts-expect-error responses are typed too
    const missing: string = created.data.personid;
    void personId;
    void missing;
  }
}

export async function adminClientIsTypedToo(): Promise<void> {
  const admin = createAdminClient({ baseUrl: 'http://127.0.0.1:3000', adminToken: 'token' });
  const tenants = await admin.GET('/admin/v0/tenants');
  if (tenants.data) {
    const handle: string | null | undefined = tenants.data.items[0]?.handle;
    // @ts-expect-error a tenant has no `title`
    const title: string = tenants.data.items[0]?.title;
    void handle;
    void title;
  }
  const params = { path: { tenant: 'acme' } };
  await admin.POST('/admin/v0/tenants/{tenant}/pages', {
    params,
    // @ts-expect-error `titel` is not a field of the create-page body
    body: { brandId: 'b', name: 'n', titel: 't' },
  });
  // @ts-expect-error `title` is required
  await admin.POST('/admin/v0/tenants/{tenant}/pages', { params, body: { brandId: 'b', name: 'n' } });
  const page = await admin.POST('/admin/v0/tenants/{tenant}/pages', {
    params,
    body: { brandId: 'b', name: 'Spring launch', title: 'Spring' },
  });
  const pageId: string | undefined = page.data?.pageId;
  // Errors are the problem+json body, typed.
  const code: string | undefined = page.error?.code;
  // @ts-expect-error a problem has no `message`
  const message: string = page.error?.message;
  void pageId;
  void code;
  void message;
  // @ts-expect-error `nope` is not a page status
  await admin.GET('/admin/v0/tenants/{tenant}/pages', { params: { ...params, query: { status: 'nope' } } });
  // @ts-expect-error the /v0 API is another client's
  await admin.GET('/v0/persons');
  // A console session: writes echo the CSRF token, and the cookie is the browser's.
  const session = createAdminClient({ baseUrl: '', csrfToken: () => 'csrf' });
  await session.GET('/admin/v0/me');
}
