import type { Command } from 'commander';
import { ApiError } from '../errors.js';
import { SetTraitsBody } from '../features/accounts/traits.js';
import { checkInput } from './validate-input.js';

const collect = (value: string, all: string[]) => [...all, value];

/** `--set key=value` (repeatable) and `--unset key` (repeatable), the options of `quire accounts|persons traits`. */
export function traitOptions(command: Command): Command {
  return command
    .option('--set <key=value>', 'set a trait (repeatable), e.g. --set industry=manufacturing', collect, [])
    .option('--unset <key>', 'remove a trait (repeatable)', collect, []);
}

/**
 * The change the options ask for, checked by the admin API's schema (SetTraitsBody). Values stay
 * text: the rules compare `eq`/`in` as text and `gte`/`lte` as numbers either way.
 */
export function traitChange(o: { set: string[]; unset: string[] }): SetTraitsBody['traits'] {
  const traits: Record<string, string | null> = {};
  for (const pair of o.set) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new ApiError('validation_failed', `--set ${pair}: write key=value`);
    traits[pair.slice(0, at)] = pair.slice(at + 1);
  }
  for (const key of o.unset) traits[key] = null;
  if (Object.keys(traits).length === 0) {
    throw new ApiError('validation_failed', 'name a trait to change: --set key=value or --unset key');
  }
  return checkInput(SetTraitsBody, { traits }).traits;
}
