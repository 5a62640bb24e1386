// Compile-time checks of the client's types, run by `npm run typecheck` (tsc fails when an
// expected error does not occur). Never executed.
import { createQuireClient } from '@quire/client';

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
