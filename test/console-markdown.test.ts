import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';

// The console's Markdown of agent replies (console/src/pages/workspace/markdown-html.ts), in a
// jsdom window as the browser gives it: DOMPurify binds to the window it finds when loaded.
let markdownHtml: (text: string) => string;

describe("the console renders the agent's Markdown safely (issues 30, 33)", () => {
  before(async () => {
    const { window } = new JSDOM('<!doctype html><html><body></body></html>');
    Object.assign(globalThis, { window, document: window.document });
    ({ markdownHtml } = await import('../console/src/pages/workspace/markdown-html.js'));
  });

  it('renders bold, code, lists and links', () => {
    const html = markdownHtml(
      'Done: the headline is **bold** now, see `headline`.\n\n- one\n- two\n\n[docs](https://example.com/a)',
    );
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /<code>headline<\/code>/);
    assert.match(html, /<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    assert.match(
      html,
      /<a href="https:\/\/example.com\/a" target="_blank" rel="noopener noreferrer">docs<\/a>/,
    );
  });

  it('keeps no script, handler, image, style or javascript: link a model might write', () => {
    const html = markdownHtml(
      'Hi <script>alert(1)</script><img src=x onerror="alert(2)"> <b onclick="x()">b</b> ' +
        '<style>body{display:none}</style>[click](javascript:alert(3)) ![i](https://example.com/i.png) <iframe src="https://e.com"></iframe>',
    );
    assert.doesNotMatch(html, /<script|onerror|onclick|<img|<style|<iframe|javascript:/i, html);
    assert.match(html, /<b>b<\/b>/, 'an allowed tag keeps its text, without its handler');
    assert.match(html, />click<\/a>|click/);
  });

  it('shows plain text as text', () => {
    assert.match(markdownHtml('a < b & c'), /^<p>a &lt; b &amp; c<\/p>\s*$/);
  });
});
