import { type Static, Type } from 'typebox';
import type { PersonsTable } from '../../db/schema.js';
import { DomainInput, Nullable, Timestamp } from '../../http/common.schemas.js';
import { toIso } from '../../time.js';
import { TraitsSchema, traitsMember } from '../accounts/traits.js';

const E164 = '^\\+[1-9]\\d{1,14}$';

export const Person = Type.Object(
  {
    personId: Type.String({ minLength: 1, examples: ['person_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    name: Type.String({ examples: ['Ada Lovelace'] }),
    email: Nullable(Type.String({ examples: ['ada@acme.com'] })),
    domain: Nullable(Type.String({ minLength: 1, examples: ['acme.com'] })),
    slug: Type.String({ examples: ['ada-lovelace'] }),
    phoneNumber: Nullable(Type.String({ pattern: E164, examples: ['+14155550100'] })),
    linkedinProfileUrl: Nullable(
      Type.String({ minLength: 1, examples: ['https://www.linkedin.com/in/ada-lovelace'] }),
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    traits: Type.Optional(TraitsSchema),
  },
  { title: 'Person' },
);
export type Person = Static<typeof Person>;

// Upper bounds where the interface gives none (email, domain, LinkedIn URL) are a documented
// deviation: they keep huge strings out without limiting any real value.
export const CreatePersonBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    email: Type.Optional(
      Type.String({
        maxLength: 320,
        format: 'email',
        description: 'An address such as `ada@acme.com` (rule: docs/api-conventions.md, "Formats").',
        examples: ['ada@acme.com'],
      }),
    ),
    domain: Type.Optional(DomainInput),
    phoneNumber: Type.Optional(Type.String({ pattern: E164, maxLength: 16 })),
    linkedinProfileUrl: Type.Optional(
      Type.String({ minLength: 1, maxLength: 2048, examples: ['https://www.linkedin.com/in/ada-lovelace'] }),
    ),
  },
  { additionalProperties: false },
);
export type CreatePersonBody = Static<typeof CreatePersonBody>;

export function toPerson(row: PersonsTable): Person {
  return {
    personId: row.id,
    name: row.name,
    email: row.email,
    domain: row.domain,
    slug: row.slug,
    phoneNumber: row.phone_number,
    linkedinProfileUrl: row.linkedin_profile_url,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    ...traitsMember(row.traits),
  };
}

/**
 * What an operator may correct on a person: the members of POST /v0/persons with the same rules,
 * except `domain` (it decides the person's account, its counts and activity). The slug stays, so
 * links made with the person's route key keep working.
 */
export const EditPersonBody = Type.Partial(Type.Omit(CreatePersonBody, ['domain']), {
  additionalProperties: false,
});
export type EditPersonBody = Static<typeof EditPersonBody>;
