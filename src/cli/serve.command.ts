import { Command } from 'commander';
import { boundHeapGrowth } from '../heap.js';
import { startServer } from '../server.js';
import { configOrExit } from './context.js';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Run the HTTP API (and in-process workers, see WORKERS)')
    .action(async () => {
      boundHeapGrowth();
      await startServer(configOrExit());
    });
}
