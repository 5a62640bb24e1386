import { Command } from 'commander';
import { ApiError } from '../errors.js';
import { configOrExit } from './context.js';

export function mcpCommand(): Command {
  return new Command('mcp')
    .description('Serve MCP on stdin/stdout for a local AI assistant, as one tenant (see docs/mcp.md)')
    .requiredOption('--tenant <id or name>', 'the tenant whose data the tools see')
    .action(async (options: { tenant: string }) => {
      // Loaded when the command runs, not when `quire` starts: other commands answer without loading it.
      const { runStdioServer } = await import('../mcp-stdio.js');
      try {
        await runStdioServer(configOrExit(), options.tenant);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        process.stderr.write(`quire: ${error.detail}\n`);
        process.exit(1);
      }
      process.exit(0);
    });
}
