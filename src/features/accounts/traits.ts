import { type Static, Type } from 'typebox';
import type { Traits } from '../../domain/page-blocks.js';

/**
 * Traits of an account or a person (issue 31): what the rules of a page's blocks read, e.g.
 * `{ "industry": "manufacturing", "employees": 850, "region": "EMEA", "tier": "1" }` plus any custom
 * key. Set by operators (admin API, `quire accounts traits` / `quire persons traits`, the console,
 * imports, the demo seed);
 * shown as the extension field `traits` of accounts and persons.
 */
const TRAIT_KEY = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
const TraitValue = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]);

// `additionalProperties: false`: a key outside the pattern is refused (a Record alone only checks
// the values of keys that match it).
export const TraitsSchema = Type.Record(Type.String({ pattern: TRAIT_KEY }), TraitValue, {
  additionalProperties: false,
  description:
    'Extension: traits the rules of page blocks read (industry, employees, region, tier, custom keys).',
});

/** A change of traits: each key set to its value, `null` removes it; keys not named stay. */
export const SetTraitsBody = Type.Object(
  {
    traits: Type.Record(Type.String({ pattern: TRAIT_KEY }), Type.Union([TraitValue, Type.Null()]), {
      maxProperties: 50,
      additionalProperties: false,
    }),
  },
  { additionalProperties: false },
);
export type SetTraitsBody = Static<typeof SetTraitsBody>;

export const MAX_TRAITS = 50;

export function parseTraits(stored: string | null | undefined): Traits {
  if (stored === null || stored === undefined || stored === '') return {};
  return JSON.parse(stored) as Traits;
}

/** The traits after a change (null removes a key), or null when they would hold too many keys. */
export function mergeTraits(current: Traits, change: SetTraitsBody['traits']): Traits | null {
  const next: Traits = { ...current };
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete next[key];
    else next[key] = typeof value === 'string' ? value.trim() : value;
  }
  return Object.keys(next).length > MAX_TRAITS ? null : next;
}

/** The `traits` member of an account or person as shown: absent while it has none (additive). */
export function traitsMember(stored: string | null | undefined): { traits?: Traits } {
  const traits = parseTraits(stored);
  return Object.keys(traits).length === 0 ? {} : { traits };
}
