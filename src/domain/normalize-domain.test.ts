import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeDomain } from './normalize-domain.js';

describe('normalizeDomain', () => {
  it('lowercases and strips scheme, www, port, path and trailing dot', () => {
    for (const input of [
      'acme.com',
      ' ACME.com ',
      'https://www.Acme.com:8443/about?x=1#y',
      'www.acme.com.',
      'http://user@acme.com',
    ]) {
      assert.equal(normalizeDomain(input), 'acme.com', input);
    }
    assert.equal(normalizeDomain('sub.www.acme.co.uk'), 'sub.www.acme.co.uk');
    assert.equal(normalizeDomain('bücher.de'), 'xn--bcher-kva.de');
  });

  it('rejects what is not a hostname', () => {
    for (const input of [
      '',
      'localhost',
      'not a domain',
      'acme..com',
      '-acme.com',
      '127.0.0.1',
      'https://',
      `${'a'.repeat(64)}.com`,
    ]) {
      assert.equal(normalizeDomain(input), null, input);
    }
  });
});
