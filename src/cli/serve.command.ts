import { Command } from 'commander';
import { boundHeapGrowth } from '../heap.js';
import { startServer } from '../server.js';
import { configOrExit } from './context.js';
import { startupFailureMessage } from './startup-failure.js';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Run the HTTP API (and in-process workers, see WORKERS)')
    .action(async () => {
      boundHeapGrowth();
      const config = configOrExit();
      try {
        await startServer(config);
      } catch (error) {
        // An operator's problem (a port taken, a database down), not a bug: one sentence, no stack.
        process.stderr.write(`quire: ${startupFailureMessage(error, config)}\n`);
        process.exit(1);
      }
    });
}
