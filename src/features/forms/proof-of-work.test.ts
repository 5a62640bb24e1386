import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { makeChallenge, proofHolds } from './proof-of-work.js';

const SECRET = 'proof-of-work test secret';
const expires = () => new Date(Date.now() + 60_000);

async function solved(challengeJson: string): Promise<string> {
  const challenge = JSON.parse(challengeJson);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('ALTCHA challenges made here, checked by altcha-lib', () => {
  it("altcha-lib's solver solves one and its verify accepts the solution for that token only", async () => {
    const payload = await solved(makeChallenge(SECRET, 'token-a', expires()));
    assert.equal(await proofHolds(SECRET, 'token-a', payload), true);
    assert.equal(await proofHolds(SECRET, 'token-b', payload), false);
    assert.equal(await proofHolds('another secret', 'token-a', payload), false);
  });

  it('a challenge whose parameters were changed, or a wrong key, is refused', async () => {
    const challenge = JSON.parse(makeChallenge(SECRET, 'token-a', expires()));
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const pack = (c: unknown, s: unknown) =>
      Buffer.from(JSON.stringify({ challenge: c, solution: s })).toString('base64');
    const longer = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt + 3600 },
    };
    assert.equal(await proofHolds(SECRET, 'token-a', pack(longer, solution)), false);
    const wrongKey = {
      ...solution,
      derivedKey: solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0')),
    };
    assert.equal(await proofHolds(SECRET, 'token-a', pack(challenge, wrongKey)), false);
    assert.equal(await proofHolds(SECRET, 'token-a', pack(challenge, solution)), true);
  });
});
