import { createHmac } from 'node:crypto';
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

function secrets(secret: string) {
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');
  return { signature: derive('quire altcha signature v1'), key: derive('quire altcha key v1') };
}

export async function makeChallenge(secret: string, tokenHash: string, expiresAt: Date): Promise<string> {
  const { signature, key } = secrets(secret);
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: COUNTER_MIN + Math.floor(Math.random() * (COUNTER_MAX - COUNTER_MIN)),
    deriveKey,
    expiresAt,
    data: { token: tokenHash },
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
  return JSON.stringify(challenge);
}

/** Whether `payload` (the widget's field) solves a challenge made for this token. */
export async function proofHolds(secret: string, tokenHash: string, payload: string): Promise<boolean> {
  if (payload.length > 8192) return false;
  const { signature, key } = secrets(secret);
  const result = await verify(payload, deriveKey, signature, key);
  if (result.error !== null || result.payload === null || !('challenge' in result.payload)) return false;
  return result.payload.challenge.parameters.data?.token === tokenHash;
}
