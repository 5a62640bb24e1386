import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/security.md): the secrets Quire must read back in clear (webhook signing
 * secrets, the instance's own secrets) are stored encrypted with AES-256-GCM under a key from the
 * environment (QUIRE_SECRET_KEYS, read once by config.ts), so a dump of the database alone cannot
 * sign a webhook or forge a preview link. A stored value is
 *
 *     enc:v1:<key id>:<base64url of 12-byte IV | ciphertext | 16-byte tag>
 *
 * and the tag also covers a context string naming where the value belongs (the table, and the
 * row's tenant and id): a ciphertext copied into another row does not open. New values are
 * sealed with the first key; any listed key opens, so keys rotate by putting a new key first,
 * re-encrypting (`quire secrets reencrypt`) and then removing the old one. A value without the
 * prefix is clear text (written before a key was configured, or with none): it is read as it is,
 * and `quire secrets reencrypt` encrypts it.
 */

export interface SecretKey {
  /** A short name stored with each value: [a-z0-9_-], at most 32 characters. */
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Parses QUIRE_SECRET_KEYS: `id:key[,id:key...]`, each key 32 bytes as 64 hex digits or base64
 * (standard or url-safe). Returns the keys, or the problem.
 */
export function parseSecretKeys(text: string): SecretKey[] | string {
  const keys: SecretKey[] = [];
  for (const part of text.split(',').map((each) => each.trim())) {
    if (part === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0) return 'each key is id:key (e.g. k1:<64 hex digits>)';
    const id = part.slice(0, colon);
    const encoded = part.slice(colon + 1);
    if (!/^[a-z0-9_-]{1,32}$/.test(id)) return `key id "${id}" must be 1 to 32 of a-z, 0-9, _ and -`;
    if (keys.some((key) => key.id === id)) return `key id "${id}" appears twice`;
    const key = /^[0-9a-fA-F]{64}$/.test(encoded)
      ? Buffer.from(encoded, 'hex')
      : Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length !== 32)
      return `key "${id}" must be 32 bytes (64 hex digits or 44 base64 characters; generate one with: openssl rand -hex 32)`;
    keys.push({ id, key });
  }
  if (keys.length === 0) return 'no key given';
  return keys;
}

/** A stored secret that cannot be opened: its key is not configured, or it was altered. */
export class SecretKeyError extends Error {
  override readonly name = 'SecretKeyError';
}

let configured: readonly SecretKey[] = [];

/**
 * Sets the keys of this process (from the configuration, at start: database.ts openDatabase).
 * An empty list: new secrets are stored in clear (docs/security.md says when that is acceptable).
 */
export function setSecretKeys(keys: readonly SecretKey[]): void {
  configured = keys;
}

/** The keys of this process, the current one first. */
export function secretKeys(): readonly SecretKey[] {
  return configured;
}

/** Whether `stored` is an encrypted value (else clear text). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The id of the key that sealed `stored`, or null for clear text. */
export function sealedWith(stored: string): string | null {
  if (!isSealed(stored)) return null;
  return stored.slice(PREFIX.length, stored.indexOf(':', PREFIX.length));
}

/** Encrypts `clear` with the current key for `context`; clear text when no key is configured. */
export function sealSecret(clear: string, context: string, keys: readonly SecretKey[] = configured): string {
  const current = keys[0];
  if (current === undefined) return clear;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  return `${PREFIX}${current.id}:${sealed}`;
}

/** Decrypts a stored value (clear text is returned as it is). Throws SecretKeyError when it cannot. */
export function openSecret(stored: string, context: string, keys: readonly SecretKey[] = configured): string {
  if (!isSealed(stored)) return stored;
  const id = sealedWith(stored)!;
  const key = keys.find((each) => each.id === id);
  if (key === undefined)
    throw new SecretKeyError(
      `A stored secret is encrypted with key "${id}", which QUIRE_SECRET_KEYS does not hold: add that key back (keys: ${keys.map((each) => each.id).join(', ') || 'none'})`,
    );
  const raw = Buffer.from(stored.slice(PREFIX.length + id.length + 1), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES)
    throw new SecretKeyError(`A stored secret (key "${id}") is truncated`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretKeyError(
      `A stored secret does not open with key "${id}": the key is not the one that sealed it, or the value was altered or moved`,
    );
  }
}

/**
 * The value to store instead of `stored` so that it is sealed with the current key, or null when
 * it already is (or no key is configured). For `quire secrets reencrypt`.
 */
export function resealed(
  stored: string,
  context: string,
  keys: readonly SecretKey[] = configured,
): string | null {
  const current = keys[0];
  if (current === undefined || sealedWith(stored) === current.id) return null;
  return sealSecret(openSecret(stored, context, keys), context, keys);
}

/** Contexts (authenticated data) of the stored secrets. */
export const secretContext = {
  webhook: (tenantId: string, endpointId: string) => `webhook_endpoints:${tenantId}:${endpointId}`,
  instance: (name: string) => `instance_secrets:${name}`,
};
