import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bearerToken } from './bearer-token.js';

describe('bearerToken', () => {
  it('takes the scheme in any case (RFC 9110, section 11.1)', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      assert.equal(bearerToken(`${scheme} abc.def`), 'abc.def', scheme);
    }
  });

  it('allows extra spaces around the token', () => {
    assert.equal(bearerToken('Bearer   tok  '), 'tok');
  });

  it('refuses other schemes, a missing token and an absent header', () => {
    for (const header of ['Basic abc', 'Bearer', 'Bearer ', 'Bearerabc', 'Token abc', '', undefined]) {
      assert.equal(bearerToken(header), '', String(header));
    }
  });
});
