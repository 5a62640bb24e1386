import { Command } from 'commander';
import packageJson from '../../package.json' with { type: 'json' };
import { accountsCommand } from './accounts.command.js';
import { agentCommand } from './agent.command.js';
import { assetsCommand } from './assets.command.js';
import { audiencesCommand, versionsCommand } from './audiences.command.js';
import { auditCommand } from './audit.command.js';
import { auditCliWrites } from './audit-writes.js';
import { brandsCommand } from './brands.command.js';
import { experimentsCommand } from './experiments.command.js';
import { filesCommand } from './files.command.js';
import { formsCommand } from './forms.command.js';
import { addExamples } from './help-examples.js';
import { importCommand } from './import.command.js';
import { importsCommand } from './imports.command.js';
import { keysCommand } from './keys.command.js';
import { logsCommand } from './logs.command.js';
import { mcpCommand } from './mcp.command.js';
import { migrateCommand } from './migrate.command.js';
import { operatorsCommand } from './operators.command.js';
import { pagesCommand } from './pages.command.js';
import { personsCommand } from './persons.command.js';
import { addReadCommands } from './read.commands.js';
import { secretsCommand } from './secrets.command.js';
import { seedCommand } from './seed.command.js';
import { serveCommand } from './serve.command.js';
import { tenantsCommand } from './tenants.command.js';
import { topicsCommand } from './topics.command.js';
import { webhooksCommand } from './webhooks.command.js';
import { workerCommand } from './worker.command.js';

/**
 * `quire`: the operator's command. It reads the same environment as the server and works directly
 * on the configured database, so it runs before the server ever started and while it runs.
 * Results go to stdout; logs and errors go to stderr.
 */
export function buildProgram(): Command {
  const program = new Command('quire')
    .description('Quire: personalised landing pages. Configuration comes from the environment (see README).')
    .version(packageJson.version)
    .showHelpAfterError()
    .addHelpText(
      'after',
      `
  Examples:
    $ quire tenants create acme
    $ quire pages list --tenant acme --status published
    $ quire audiences list --tenant acme --page page_01... --json
    $ quire versions show version_01... --tenant acme
  Every command says on stderr which database it uses; --json prints one JSON document on stdout.`,
    );

  program.addCommand(serveCommand());
  program.addCommand(migrateCommand());
  program.addCommand(secretsCommand());
  program.addCommand(tenantsCommand());
  program.addCommand(keysCommand());
  program.addCommand(seedCommand());
  program.addCommand(workerCommand());
  program.addCommand(agentCommand());
  program.addCommand(pagesCommand());
  program.addCommand(formsCommand());
  program.addCommand(importCommand());
  program.addCommand(importsCommand());
  program.addCommand(experimentsCommand());
  program.addCommand(audiencesCommand());
  program.addCommand(versionsCommand());
  program.addCommand(assetsCommand());
  program.addCommand(topicsCommand());
  program.addCommand(filesCommand());
  program.addCommand(brandsCommand());
  program.addCommand(logsCommand());
  program.addCommand(mcpCommand());
  program.addCommand(accountsCommand());
  program.addCommand(personsCommand());
  program.addCommand(operatorsCommand());
  program.addCommand(auditCommand());
  program.addCommand(webhooksCommand());
  addReadCommands(program);
  auditCliWrites(program);
  addExamples(program);
  return program;
}
