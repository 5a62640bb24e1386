import type { Db } from '../db/schema.js';
import { createPerson } from '../features/persons/persons.service.js';

const DEMO_PERSONS = [
  {
    name: 'Ada Lovelace',
    email: 'ada@analytical-engines.com',
    domain: 'analytical-engines.com',
    phoneNumber: '+442071234567',
    linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace',
  },
  { name: 'Charles Babbage', email: 'charles@analytical-engines.com', domain: 'analytical-engines.com' },
  {
    name: 'Grace Hopper',
    email: 'grace@cobol.example.org',
    domain: 'cobol.example.org',
    phoneNumber: '+12025550143',
  },
  { name: 'Zoë Martín-Ortega', email: 'zoe@northwind.example.com', domain: 'northwind.example.com' },
  { name: 'Alan Turing' },
];

/**
 * Demo persons; the first (Ada Lovelace, manufacturing) is the one the seed names; Grace Hopper
 * (software) and Zoë Martín-Ortega (retail) are the other two target accounts' persons.
 */
export async function seedPersons(
  db: Db,
  tenantId: string,
): Promise<{ personId: string; softwarePersonId: string; retailPersonId: string }> {
  const ids: string[] = [];
  for (const person of DEMO_PERSONS) ids.push((await createPerson(db, tenantId, person)).id);
  return { personId: ids[0]!, softwarePersonId: ids[2]!, retailPersonId: ids[3]! };
}
