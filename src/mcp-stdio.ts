import os from 'node:os';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createAgent } from './agent/create-agent.js';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { injectCaller } from './features/mcp/api-caller.js';
import { createMcpServer } from './features/mcp/mcp-server.js';
import { sendMessageAndWaitTool } from './features/mcp/send-message-and-wait.tool.js';
import { createApiKey, revokeKey } from './features/tenants/tenants.service.js';
import { startWorkers, type WorkerPool } from './worker/worker-pool.js';

/**
 * `quire mcp --tenant T`: the MCP server on stdin/stdout for an assistant on this machine. It
 * builds the same application as `quire serve` without listening, and calls the /v0 API through it
 * with a key of its own: created for the tenant when the session starts (labelled with the host
 * and process) and revoked when it ends, so the session is an ordinary, logged, rate-limited
 * caller. stdout carries only the protocol; logs go to stderr. The tenant's versions are drafted
 * by in-process workers (WORKERS, like `quire serve`) so a message gets its reply without a server.
 */
export async function runStdioServer(config: Config, tenant: string): Promise<void> {
  const database = openDatabase(config, { poolSize: 2 });
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    database,
    logger: { write: (line: string) => process.stderr.write(line) },
  });
  await app.ready();
  const key = await createApiKey(
    database.db,
    tenant,
    `quire mcp (stdio) on ${os.hostname()}, pid ${process.pid}`,
  );
  let workers: WorkerPool | null = null;
  if (config.inProcessWorkers > 0) {
    workers = startWorkers(
      database.db,
      config,
      createAgent(config.agent),
      config.inProcessWorkers,
      app.log,
      key.tenantId,
    );
  }
  const server = createMcpServer(app, injectCaller(app, { apiKey: key.apiKey }), [sendMessageAndWaitTool]);

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await revokeKey(database.db, key.keyId).catch((error) =>
        app.log.error({ err: error }, 'could not revoke the session key'),
      );
      await workers?.stop();
      await app.close();
      await database.close();
    })();
    return closing;
  };
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve());
  });
  await server.connect(transport);
  app.log.info({ tenantId: key.tenantId, keyId: key.keyId }, 'quire mcp: serving MCP on stdio');
  await ended;
  await server.close();
  await close();
}
