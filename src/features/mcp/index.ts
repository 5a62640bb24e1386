import type { App } from '../../http/app-types.js';
import { mcpRoute } from './mcp.route.js';

export { acceptBearerApiKey } from './bearer-key.js';
export { MCP_PATH } from './mcp.route.js';

/** POST /mcp (and 405 for GET and DELETE /mcp) */
export function mcpRoutes(app: App): void {
  mcpRoute(app);
}
