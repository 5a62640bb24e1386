import type { Db } from '../db/schema.js';
import { writeTransaction } from '../db/write-transaction.js';
import { resealed, secretContext, secretKeys } from './secret-box.js';
import {
  instanceSecretRows,
  replaceInstanceSecret,
  replaceWebhookSecrets,
  webhookSecretsAfter,
} from './secrets.repository.js';

const BATCH = 200;

export interface ReencryptResult {
  /** The key every stored secret is now sealed with. */
  key: string;
  webhookEndpoints: number;
  instanceSecrets: number;
}

/**
 * Seals every stored secret with the current key (the first of QUIRE_SECRET_KEYS): clear-text
 * values written before a key was configured, and values sealed with an older key. Safe to run
 * while the service runs and more than once: a row changed meanwhile (a rotation) is left as its
 * writer sealed it. `quire secrets reencrypt`; docs/security.md, "Secrets at rest".
 */
export async function reencryptSecrets(db: Db): Promise<ReencryptResult> {
  const current = secretKeys()[0];
  if (current === undefined)
    throw new Error('QUIRE_SECRET_KEYS is not set: there is no key to encrypt with (docs/security.md)');
  let webhookEndpoints = 0;
  let after: { tenantId: string; id: string } | null = null;
  for (;;) {
    const rows = await webhookSecretsAfter(db, after, BATCH);
    for (const row of rows) {
      const context = secretContext.webhook(row.tenant_id, row.id);
      const secret = resealed(row.secret, context);
      const previous = row.previous_secret === null ? null : resealed(row.previous_secret, context);
      if (secret === null && previous === null) continue;
      const changed = await writeTransaction(db, (tx) =>
        replaceWebhookSecrets(tx, row.tenant_id, row.id, row, {
          secret: secret ?? row.secret,
          previous_secret: previous ?? row.previous_secret,
        }),
      );
      if (changed) webhookEndpoints++;
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    after = { tenantId: last.tenant_id, id: last.id };
  }
  let instanceSecrets = 0;
  for (const row of await instanceSecretRows(db)) {
    const value = resealed(row.value, secretContext.instance(row.name));
    if (value === null) continue;
    if (await writeTransaction(db, (tx) => replaceInstanceSecret(tx, row.name, row.value, value)))
      instanceSecrets++;
  }
  return { key: current.id, webhookEndpoints, instanceSecrets };
}
