import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Command } from 'commander';
import { envFor, QUIRE } from '../../test/processes.js';
import { addExamples } from './help-examples.js';
import { buildProgram } from './program.js';

const run = promisify(execFile);

describe('quire --help and --json', () => {
  it('every verb without examples of its own gets one made of its arguments and required options', () => {
    const program = new Command('quire');
    const keys = program.command('keys');
    keys.command('show <keyId>').requiredOption('--tenant <id or name>', 'tenant').option('--json', 'json');
    keys
      .command('list')
      .option('--json', 'json')
      .addHelpText('after', '\nExamples:\n  $ quire keys list --tenant acme\n');
    program.command('serve');
    addExamples(program);
    const help = (path: string[]) => {
      let command = program;
      for (const name of path) command = command.commands.find((c) => c.name() === name)!;
      let text = '';
      command.configureOutput({ writeOut: (s) => (text += s) });
      command.outputHelp();
      return text;
    };
    assert.match(help(['keys', 'show']), /Example:\n {2}\$ quire keys show <keyId> --tenant acme --json\n/);
    assert.doesNotMatch(help(['keys', 'list']), /Example:/, 'its own examples stay alone');
    assert.match(help(['serve']), /Example:\n {2}\$ quire serve\n/);
  });

  it('tenants list prints a table, and with --json one JSON array; --help lists --json with an example', async () => {
    const env = envFor('sqlite');
    await run(process.execPath, [QUIRE, 'tenants', 'create', 'acme'], { env });
    const table = await run(process.execPath, [QUIRE, 'tenants', 'list'], { env });
    assert.match(table.stdout, /name.*tenantId.*handle/);
    assert.match(table.stdout, /acme/);
    assert.match(table.stdout, /1 shown\n$/);
    const json = JSON.parse(
      (await run(process.execPath, [QUIRE, 'tenants', 'list', '--json'], { env })).stdout,
    );
    assert.deepEqual(
      json.map((t: { name: string }) => t.name),
      ['acme'],
    );
    const help = (await run(process.execPath, [QUIRE, 'tenants', 'list', '--help'], { env })).stdout;
    assert.match(help, /--json/);
    assert.match(help, /\$ quire tenants list --json/);
  });
});

it('every verb of quire takes --json, but the long-running ones and the CSV export', () => {
  const leaves = (command: Command, path: string[]): [string, Command][] =>
    command.commands.length === 0
      ? [[path.join(' '), command]]
      : command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
  const verbs = leaves(buildProgram(), []);
  assert.ok(verbs.length > 90, `found only ${verbs.length} verbs`);
  const without = verbs.filter(([, command]) => !command.options.some((o) => o.long === '--json'));
  assert.deepEqual(
    without.map(([path]) => path),
    ['serve', 'worker', 'forms export', 'mcp'],
    'serve, worker and mcp run until stopped; forms export prints the CSV file itself',
  );
});
