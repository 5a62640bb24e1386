import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderToString } from 'preact-render-to-string';
import { imageView } from './block-images.js';
import { RichText } from './components/rich-text.js';
import { safeUrl, sameSitePath } from './safe-url.js';

/** Every disguise of an off-site link as a same-site path that the check must refuse. */
const OFF_SITE = [
  '//evil.example',
  '/\\evil.example',
  '/\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/\t\\evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0D%0A/evil.example',
  '/%2509/evil.example',
  '/%2f/evil.example',
  '/%2F%2Fevil.example',
  '/%5c/evil.example',
  '/%5Cevil.example',
  '/\u000b/evil.example',
  '/\u000c/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u00a0/evil.example',
  '/%C2%A0/evil.example',
  '/\u200b/evil.example',
  '/\u2028/evil.example',
  '/\u3000/evil.example',
  '/\ufeff/evil.example',
  '/ /evil.example',
  '/%20/evil.example',
];

describe('safeUrl: only http(s) URLs and same-site paths', () => {
  it('keeps same-site paths and http(s) URLs', () => {
    assert.equal(safeUrl('/pricing'), '/pricing');
    assert.equal(safeUrl('/'), '/');
    assert.equal(safeUrl('/pricing?plan=team%20plus#faq'), '/pricing?plan=team%20plus#faq');
    assert.equal(safeUrl('/files/my%20report.pdf'), '/files/my%20report.pdf');
    assert.equal(safeUrl('/caf%C3%A9'), '/caf%C3%A9');
    assert.equal(safeUrl('  /pricing  '), '/pricing');
    assert.equal(safeUrl('https://example.com/a'), 'https://example.com/a');
    assert.equal(safeUrl('mailto:a@example.com'), null);
    assert.equal(safeUrl('mailto:a@example.com', { mail: true }), 'mailto:a@example.com');
  });

  it('refuses protocol-relative paths however they are disguised (tabs, backslashes, escapes, spaces, controls)', () => {
    for (const value of OFF_SITE) {
      assert.equal(safeUrl(value), null, JSON.stringify(value));
      if (value.startsWith('/')) assert.equal(sameSitePath(value), null, JSON.stringify(value));
    }
    for (const value of ['javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x'])
      assert.equal(safeUrl(value), null, value);
    // The disguises are what a browser would follow off-site.
    assert.equal(new URL('/\t/evil.example', 'https://quire.example').host, 'evil.example');
    assert.equal(new URL('/\\evil.example', 'https://quire.example').host, 'evil.example');
  });

  it('checks rich-text links and block images the same way', () => {
    for (const value of ['/\t/evil.example', '/\\evil.example', '/%09/evil.example', '//evil.example']) {
      const html = renderToString(RichText({ text: `[go](${value})` }));
      assert.doesNotMatch(html, /<a /, JSON.stringify(value));
      assert.equal(imageView({ url: value, alt: 'x' }, new Map()), null, JSON.stringify(value));
    }
    assert.match(renderToString(RichText({ text: '[go](/pricing)' })), /<a href="\/pricing">go<\/a>/);
  });
});
