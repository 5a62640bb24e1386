import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstFreeName, isKebabName, kebabName, personRouteKey } from './public-paths.js';

describe('public paths', () => {
  it('makes kebab-case names with a fallback', () => {
    assert.equal(kebabName('Acme Corp.', 'tenant'), 'acme-corp');
    assert.equal(kebabName('!!!', 'tenant'), 'tenant');
    assert.ok(isKebabName('acme-corp'));
    assert.ok(!isKebabName('Acme'));
    assert.ok(!isKebabName('a--b'));
  });

  it('takes the first free name', () => {
    assert.equal(firstFreeName('acme', []), 'acme');
    assert.equal(firstFreeName('acme', ['acme', 'acme-2']), 'acme-3');
  });

  it('gives person route keys 65 random bits after the readable slug', () => {
    const key = personRouteKey('grace-hopper');
    assert.match(key, /^grace-hopper-[a-z2-9]{13}$/);
    assert.notEqual(personRouteKey('grace-hopper'), key);
  });
});
