import type { EventEmitter } from 'node:events';
import type { Command } from 'commander';

/** Commands that run until stopped: they print logs or a protocol, not a result. */
const LONG_RUNNING = new Set(['serve', 'worker', 'mcp']);

/**
 * Every verb's `--help` ends with an example. Verbs with hand-written examples keep them; the rest
 * get one made from their own arguments and required options, so it always matches what the
 * command takes (`quire keys show <keyId> --tenant acme --json`).
 */
export function addExamples(program: Command): void {
  for (const command of leaves(program)) {
    // addHelpText listens for 'afterHelp': a verb with its own examples has such a listener.
    if ((command as unknown as EventEmitter).listeners('afterHelp').length > 0) continue;
    command.addHelpText('after', `\nExample:\n  $ ${exampleOf(command)}\n`);
  }
}

function leaves(command: Command): Command[] {
  return command.commands.length === 0 ? [command] : command.commands.flatMap((sub) => leaves(sub));
}

function exampleOf(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) words.unshift(c.name());
  for (const argument of command.registeredArguments) {
    const name = argument.name();
    words.push(argument.variadic ? `<${name}> <${name}>` : `<${name}>`);
  }
  for (const option of command.options) {
    if (!option.mandatory || option.long === undefined) continue;
    words.push(option.long, option.long === '--tenant' ? 'acme' : `<${option.attributeName()}>`);
  }
  if (!LONG_RUNNING.has(command.name()) && command.options.some((o) => o.long === '--json'))
    words.push('--json');
  return words.join(' ');
}
