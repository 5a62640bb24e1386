import { createHash, createHmac } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';

/**
 * The ALTCHA proof of work (docs/forms.md), self-hosted: `altcha-lib` makes and checks the
 * challenges here, the `altcha` widget (served by Quire, form-assets.ts) solves them in the
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
 * A challenge for one form token, as altcha-lib's `createChallenge` signs it, but signed with
 * node:crypto's HMAC: the library imports a WebCrypto key for each of its two signatures, which
 * was most of a form page's time (docs/performance.md, s8). altcha-lib makes the parameters and
 * the key prefix (unsigned); the key is derived again here (one SHA-256 at COST 1) and checked
 * against that prefix, then signed as the library's `signChallenge` does, so its `verify` checks
 * it (the form tests solve and submit such challenges).
 */
export async function makeChallenge(secret: string, tokenHash: string, expiresAt: Date): Promise<string> {
  const { signature, key } = secrets(secret);
  const counter = COUNTER_MIN + Math.floor(Math.random() * (COUNTER_MAX - COUNTER_MIN));
  const { parameters } = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter,
    deriveKey,
    expiresAt,
    data: { token: tokenHash },
  });
  const password = Buffer.alloc(4);
  password.writeUInt32BE(counter);
  const derivedKey = createHash('sha256')
    .update(Buffer.from(parameters.salt, 'hex'))
    .update(Buffer.from(parameters.nonce, 'hex'))
    .update(password)
    .digest();
  if (!derivedKey.toString('hex').startsWith(parameters.keyPrefix)) {
    throw new Error('altcha: the derived key does not match the challenge (has its derivation changed?)');
  }
  const keySignature = createHmac('sha256', key).update(derivedKey).digest('hex');
  // Sorted keys, as the library signs them (`data`, nested, is sorted by the library already).
  const signed = Object.fromEntries(
    Object.entries({ ...parameters, keySignature })
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const json = JSON.stringify(signed);
  return JSON.stringify({
    parameters: signed,
    signature: createHmac('sha256', signature).update(json).digest('hex'),
  });
}

/** Whether `payload` (the widget's field) solves a challenge made for this token. */
export async function proofHolds(secret: string, tokenHash: string, payload: string): Promise<boolean> {
  if (payload.length > 8192) return false;
  const { signature, key } = secrets(secret);
  const result = await verify(payload, deriveKey, signature, key);
  if (result.error !== null || result.payload === null || !('challenge' in result.payload)) return false;
  return result.payload.challenge.parameters.data?.token === tokenHash;
}
