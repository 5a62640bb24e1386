/**
 * The traits form's values and the change a save sends (pure: test/console-traits.test.ts), for
 * components/TraitsEditor.tsx.
 */
import type { Traits, TraitsChange } from '../api/types';

/** A trait the form names: its key, label, and whether it is a number. */
export interface KnownTrait {
  key: string;
  label: string;
  number?: boolean;
  description?: string;
}

/** What the server takes as a trait's key (src/features/accounts/traits.ts). */
export const TRAIT_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export interface TraitValues {
  known: Record<string, string | number>;
  custom: { key: string; value: string }[];
}

export const shownValue = (value: string | number | boolean) =>
  typeof value === 'string' ? value : String(value);

export function valuesOf(traits: Traits, known: KnownTrait[]): TraitValues {
  const names = new Set(known.map((k) => k.key));
  return {
    known: Object.fromEntries(
      known.map((k) => [k.key, traits[k.key] === undefined ? '' : (traits[k.key] as string | number)]),
    ),
    custom: Object.entries(traits)
      .filter(([key]) => !names.has(key))
      .map(([key, value]) => ({ key, value: shownValue(value) })),
  };
}

/**
 * The change a save sends: each trait set whose value differs, `null` for each one removed
 * (emptied, or its row deleted); traits left alone are not sent. A custom value that was a number
 * or a yes/no keeps its type while its text is unchanged.
 */
export function traitsChange(before: Traits, values: TraitValues, known: KnownTrait[]): TraitsChange {
  const after: Record<string, string | number | boolean> = {};
  for (const k of known) {
    const v = values.known[k.key];
    if (v === '' || v === undefined) continue;
    after[k.key] = k.number ? Number(v) : String(v).trim();
  }
  for (const row of values.custom) {
    const key = row.key.trim();
    if (key === '' || row.value.trim() === '') continue;
    const old = before[key];
    after[key] = old !== undefined && shownValue(old) === row.value ? old : row.value.trim();
  }
  const change: TraitsChange = {};
  for (const key of Object.keys(before)) if (!(key in after)) change[key] = null;
  for (const [key, value] of Object.entries(after)) if (before[key] !== value) change[key] = value;
  return change;
}
