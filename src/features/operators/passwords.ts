import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * Operator passwords: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), from
 * @node-rs/argon2 (a prebuilt native module shipped inside its npm package: nothing is downloaded
 * or compiled at install). The PHC string holds the parameters, so raising them later still
 * verifies old hashes.
 */
/** Algorithm.Argon2id (a const enum, which this build cannot import by name). */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 12;
/** Bounded so a huge password cannot make hashing a denial of service. */
export const PASSWORD_MAX = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows: an unknown email still costs one verification, so timing does not tell accounts apart. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  return dummyHash;
}

/** Why a new password is refused, or null (OWASP ASVS 2.1: length, not composition rules). */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters long`;
  if (password.length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters long`;
  const name = email.toLowerCase().split('@')[0] ?? '';
  if (name.length >= 4 && password.toLowerCase().includes(name)) {
    return 'must not contain the email address';
  }
  if (new Set(password).size < 5) return 'is too predictable (too few different characters)';
  return null;
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password: 20 characters of a 56-letter alphabet (about 116 bits). */
export function oneTimePassword(): string {
  const bytes = randomBytes(40);
  let out = '';
  for (const b of bytes) {
    // Rejection sampling keeps every letter equally likely.
    if (b < 224) out += ALPHABET[b % ALPHABET.length];
    if (out.length === 20) break;
  }
  return out.length === 20 ? out : oneTimePassword();
}
