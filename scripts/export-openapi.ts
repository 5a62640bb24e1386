// Writes the OpenAPI documents the server serves at /v0/openapi.json and /admin/v0/openapi.json
// to docs/openapi.json and docs/admin-openapi.json. `npm run openapi` after changing a route; a
// test fails when a committed file drifts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export interface ServedDocuments {
  public: unknown;
  admin: unknown;
}

export async function servedOpenApi(): Promise<ServedDocuments> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-openapi-'));
  const database = openSqlite(path.join(dir, 'quire.db'));
  // An app reads the instance's shared secret from its database at start.
  await migrateToLatest(database.db);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), database, logger: false });
  await app.ready();
  const docs = { public: app.swagger(), admin: app.adminSwagger() };
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return docs;
}

export const OPENAPI_FILE = path.resolve('docs/openapi.json');
export const ADMIN_OPENAPI_FILE = path.resolve('docs/admin-openapi.json');

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const docs = await servedOpenApi();
  for (const [file, doc] of [
    [OPENAPI_FILE, docs.public],
    [ADMIN_OPENAPI_FILE, docs.admin],
  ] as const) {
    fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  }
}
