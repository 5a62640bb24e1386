import type { KnownTrait } from '../components/traits-change';

/** The traits an account's form names (any other key is a row of its own). */
export const ACCOUNT_TRAITS: KnownTrait[] = [
  { key: 'industry', label: 'Industry', description: 'e.g. manufacturing' },
  { key: 'employees', label: 'Employees', number: true, description: 'A whole number' },
  { key: 'region', label: 'Region', description: 'e.g. EMEA' },
  { key: 'tier', label: 'Tier', description: 'e.g. 1' },
];

/**
 * A person's: their role and seniority. A block's rule reads a bare key from the person, then the
 * account, so a person's `industry` (a custom row) overrides their account's.
 */
export const PERSON_TRAITS: KnownTrait[] = [
  { key: 'role', label: 'Role', description: 'e.g. CFO' },
  { key: 'seniority', label: 'Seniority', description: 'e.g. executive' },
];
