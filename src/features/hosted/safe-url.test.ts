import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { safeUrl } from './hosted-view.js';

describe('safeUrl: only http(s) URLs and same-site paths', () => {
  it('keeps same-site paths and http(s) URLs', () => {
    assert.equal(safeUrl('/pricing'), '/pricing');
    assert.equal(safeUrl('https://example.com/a'), 'https://example.com/a');
  });

  it('refuses protocol-relative paths however they are disguised (browsers drop tabs and line breaks)', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '/\t\\evil.example',
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
    ])
      assert.equal(safeUrl(value), null, JSON.stringify(value));
    // Each of the disguises is what a browser would follow off-site.
    assert.equal(new URL('/\t/evil.example', 'https://quire.example').host, 'evil.example');
  });
});
