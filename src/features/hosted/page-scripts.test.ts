import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePageScripts } from './page-scripts.js';

describe('page scripts', () => {
  it('reads external and inline script elements out of a snippet', () => {
    const scripts = parsePageScripts(
      '<script defer data-domain="loomwork.example.com" src="https://plausible.io/js/script.js"></script>' +
        '<div>dropped</div><script>window.x = 1;</script>',
    );
    assert.deepEqual(scripts, [
      {
        src: 'https://plausible.io/js/script.js',
        code: '',
        defer: true,
        async: false,
        module: false,
        data: { 'data-domain': 'loomwork.example.com' },
      },
      { src: null, code: 'window.x = 1;', defer: false, async: false, module: false, data: {} },
    ]);
  });

  it('takes bare code as one inline script and drops non-http sources', () => {
    assert.equal(parsePageScripts('console.log(1)')[0]?.code, 'console.log(1)');
    assert.deepEqual(parsePageScripts('<script src="javascript:alert(1)"></script>'), []);
    assert.deepEqual(parsePageScripts('<script src="https://a.example/x;y.js"></script>'), []);
  });
});
