import { randomBytes } from 'node:crypto';
import type { Config, InstanceConfig } from '../config.js';
import { openSecret, sealSecret, secretContext } from '../secrets/secret-box.js';
import type { Db } from './schema.js';
import { writeTransaction } from './write-transaction.js';

/** The name of the preview-link secret (HOSTED_PAGES_SECRET when that is unset) in `instance_secrets`. */
export const HOSTED_PAGES_SECRET = 'hosted-pages';

/**
 * The installation's secret called `name`: 32 random bytes (hex) made by the first process that
 * asks, then read by every process that shares the database. Two processes starting at once both
 * insert-if-absent and both read back the one row that won, so they can never disagree. Stored
 * encrypted when QUIRE_SECRET_KEYS is set (src/secrets/secret-box.ts).
 */
export async function instanceSecret(db: Db, name: string): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  await writeTransaction(db, (tx) =>
    tx
      .insertInto('instance_secrets')
      .values({
        name,
        value: sealSecret(randomBytes(32).toString('hex'), secretContext.instance(name)),
        created_at: Date.now(),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute(),
  );
  const created = await readSecret(db, name);
  if (created === undefined) throw new Error(`instance secret ${name} was not stored`);
  return created;
}

async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('instance_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row === undefined ? undefined : openSecret(row.value, secretContext.instance(name));
}

/** The configuration with HOSTED_PAGES_SECRET, or else the instance's own shared secret. */
export async function withInstanceSecrets(db: Db, config: Config): Promise<InstanceConfig> {
  const hostedPagesSecret = config.hostedPagesSecret ?? (await instanceSecret(db, HOSTED_PAGES_SECRET));
  return { ...config, hostedPagesSecret };
}
