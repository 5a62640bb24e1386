// Writes the OpenAPI document the server serves at /v0/openapi.json to docs/openapi.json.
// `npm run openapi` after changing a route; a test fails when the committed file drifts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export async function servedOpenApi(): Promise<unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-openapi-'));
  const database = openSqlite(path.join(dir, 'quire.db'));
  // An app reads the instance's shared secret from its database at start.
  await migrateToLatest(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return doc;
}

export const OPENAPI_FILE = path.resolve('docs/openapi.json');

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  fs.writeFileSync(OPENAPI_FILE, `${JSON.stringify(await servedOpenApi(), null, 2)}\n`);
  process.stdout.write(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}\n`);
}
