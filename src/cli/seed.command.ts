import { Command } from 'commander';
import { listOperators } from '../features/operators/operators.service.js';
import { print, withDatabase } from './context.js';
import { cliLinks } from './public-base.js';

export function seedCommand(): Command {
  const seed = new Command('seed').description('Load data');
  seed
    .command('demo')
    .description(
      'Load demo data with an API key into a new tenant, or with --tenant into an existing one; prints the ids to try the API with',
    )
    .option('--tenant <id or name>', 'an existing tenant: its operators see the demo in the console')
    .option('--json', 'print exactly one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  $ quire seed demo --tenant acme\n  $ quire seed demo --json\n')
    .action(async (options: { json?: boolean; tenant?: string }) => {
      await withDatabase(async ({ db }, config) => {
        // Loaded when the command runs (it brings the page agent and the worker), not at start-up.
        const { seedDemo } = await import('../seed/demo.js');
        const links = cliLinks(config);
        const { storageFromConfig } = await import('../features/files/storage-from-config.js');
        const result = await seedDemo(db, links, options.tenant, {
          storage: storageFromConfig(config),
          config,
        });
        const consoleUrl = `${links.baseUrl}/console`;
        print({ ...result, consoleUrl }, options.json === true);
        const operators = (await listOperators(db, result.tenantId, { limit: 100 })).items;
        process.stderr.write(
          operators.length === 0
            ? `quire: no operator can see this tenant in the console yet; create one: quire operators create --tenant ${result.tenantId} --email you@example.com --role admin (or load the demo into your tenant: quire seed demo --tenant <name>)\n`
            : `quire: ${operators.map((o) => o.email).join(', ')} (and instance admins) see the demo at ${consoleUrl}\n`,
        );
      });
    });
  return seed;
}
