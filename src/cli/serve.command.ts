import { Command } from 'commander';
import { debugRequested } from '../config.js';
import { boundHeapGrowth } from '../heap.js';
import { configOrExit } from './context.js';
import { startupExitCode, startupFailureMessage } from './startup-failure.js';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Run the HTTP API (and in-process workers, see WORKERS)')
    .action(async () => {
      boundHeapGrowth();
      const config = configOrExit();
      // Loaded when the command runs, not when `quire` starts: other commands answer without loading it.
      const { startServer } = await import('../server.js');
      try {
        await startServer(config);
      } catch (error) {
        // An operator's problem (a port taken, a database down), not a bug: one sentence, no stack.
        if (debugRequested())
          process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
        process.stderr.write(`quire: ${startupFailureMessage(error, config)}\n`);
        process.exit(startupExitCode(error, config));
      }
    });
}
