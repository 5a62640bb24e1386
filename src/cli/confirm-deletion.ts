import { createInterface } from 'node:readline/promises';
import type { Deletion } from '../features/tenants/delete-tenant.service.js';

export interface DeletionOptions {
  yes?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/**
 * The confirmation every `delete` command asks for, around one service call made twice at most:
 * - `--dry-run`: prints what would be removed, removes nothing;
 * - `--yes`: deletes at once;
 * - otherwise, on a terminal, prints what would be removed and deletes once the operator types
 *   `confirmWord` (the tenant's name, or `yes`); without a terminal (a script, a pipe) it refuses
 *   with exit code 2, printing what would be removed, since nobody can confirm.
 */
export async function runDeletion<T extends Deletion>(
  what: string,
  confirmWord: (preview: T) => string,
  run: (dryRun: boolean) => Promise<T>,
  options: DeletionOptions,
): Promise<void> {
  if (options.yes === true && options.dryRun !== true) {
    printDeletion(await run(false), options.json === true);
    return;
  }
  const preview = await run(true);
  printDeletion(preview, options.json === true);
  if (options.dryRun === true) return;
  if (!process.stdin.isTTY) {
    process.stderr.write(
      `quire: refusing to delete ${what} without --yes: no terminal to confirm on (nothing was deleted)\n`,
    );
    process.exit(2);
  }
  const word = confirmWord(preview);
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await prompt.question(`Delete ${what} and all of the above? Type "${word}" to confirm: `);
  prompt.close();
  if (answer.trim() !== word) {
    process.stderr.write('quire: not confirmed; nothing was deleted\n');
    process.exit(1);
  }
  printDeletion(await run(false), options.json === true);
}

/** One JSON document with --json, else a line per kind. */
function printDeletion(result: Deletion, json: boolean): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const { removed, changed, dryRun, ...record } = result;
  for (const [key, value] of Object.entries(record)) process.stdout.write(`${key}: ${String(value)}\n`);
  const verb = dryRun ? 'would remove' : 'removed';
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ') || 'nothing';
  process.stdout.write(`${verb}: ${list(removed)}\n`);
  if (Object.keys(changed).length > 0)
    process.stdout.write(`${dryRun ? 'would change' : 'changed'}: ${list(changed)}\n`);
}
