import { createHash, createHmac, randomBytes } from 'node:crypto';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';

/**
 * The ALTCHA proof of work (docs/forms.md), self-hosted: challenges are made here in altcha-lib's
 * format and checked by `altcha-lib`, the `altcha` widget (served by Quire, form-assets.ts) solves them in the
 * visitor's browser. A challenge is made for one form token and signed with a key derived from the
 * instance's hosted-pages secret; it carries the token's hash, so one solution serves one token,
 * and a token makes one submission (the unique index of form_submissions).
 */
const ALGORITHM = 'SHA-256';
/**
 * The work is the counter times the cost: some 45,000 hashes on average, under a second of a
 * phone's time in the widget's workers, paid again for every submission of a flood. Checking a
 * solution is one HMAC (the derived key is signed), not the work again.
 */
const COST = 1;
const KEY_LENGTH = 32;
const COUNTER_MIN = 30_000;
const COUNTER_MAX = 60_000;

const secretsOf = new Map<string, { signature: string; key: string }>();

function secrets(secret: string) {
  let derived = secretsOf.get(secret);
  if (derived === undefined) {
    const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');
    derived = { signature: derive('quire altcha signature v1'), key: derive('quire altcha key v1') };
    secretsOf.set(secret, derived);
  }
  return derived;
}

/**
 * Random bytes drawn from the CSPRNG 4 KB at a time and each handed out once: a draw per challenge
 * cost a tenth of a form page's time (the call, not the bytes). Copied out, as the pool is reused.
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;

function randomDraw(size: number): Buffer {
  if (poolAt + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolAt = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolAt, poolAt + size));
  pool.fill(0, poolAt, poolAt + size);
  poolAt += size;
  return bytes;
}

/**
 * A challenge for one form token, in altcha-lib's format (its `verify` checks it, and the widget
 * solves it: the form tests solve and submit such challenges, in Chromium too). Made here rather
 * than by the library's `createChallenge`, which was a third of a form page's time (it imports a
 * WebCrypto key for each of its two signatures and draws each nonce apart; docs/performance.md,
 * s8): one draw for both nonces, the key derived by one SHA-256 (COST 1), the parameters in the
 * sorted order the library signs, signed with node:crypto's HMAC as its `signChallenge` does.
 */
export function makeChallenge(secret: string, tokenHash: string, expiresAt: Date): string {
  const { signature, key } = secrets(secret);
  const counter = COUNTER_MIN + Math.floor(Math.random() * (COUNTER_MAX - COUNTER_MIN));
  const random = randomDraw(32);
  const nonce = random.subarray(0, 16);
  const salt = random.subarray(16);
  const password = Buffer.alloc(4);
  password.writeUInt32BE(counter);
  const derivedKey = createHash('sha256').update(salt).update(nonce).update(password).digest();
  const parameters = {
    algorithm: ALGORITHM,
    cost: COST,
    data: { token: tokenHash },
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
    keyLength: KEY_LENGTH,
    // Half the key: what the solver's key must start with.
    keyPrefix: derivedKey.subarray(0, KEY_LENGTH / 2).toString('hex'),
    keySignature: createHmac('sha256', key).update(derivedKey).digest('hex'),
    nonce: nonce.toString('hex'),
    salt: salt.toString('hex'),
  };
  const json = JSON.stringify(parameters);
  return `{"parameters":${json},"signature":"${createHmac('sha256', signature).update(json).digest('hex')}"}`;
}

/** Whether `payload` (the widget's field) solves a challenge made for this token. */
export async function proofHolds(secret: string, tokenHash: string, payload: string): Promise<boolean> {
  if (payload.length > 8192) return false;
  const { signature, key } = secrets(secret);
  const result = await verify(payload, deriveKey, signature, key);
  if (result.error !== null || result.payload === null || !('challenge' in result.payload)) return false;
  return result.payload.challenge.parameters.data?.token === tokenHash;
}
