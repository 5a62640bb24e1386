import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseSlug, nextFreeSlug } from './slug.js';

describe('slugs', () => {
  it('are kebab-case ASCII', () => {
    assert.equal(baseSlug('Ada Lovelace'), 'ada-lovelace');
    assert.equal(baseSlug('Zoë Martín-Ortega'), 'zoe-martin-ortega');
    assert.equal(baseSlug("  O'Brien & Sons  "), 'o-brien-and-sons');
    assert.equal(baseSlug('李雷'), 'person');
    assert.match(baseSlug('x'.repeat(300)), /^x{80}$/);
  });

  it('take the next suffix after the highest in use', () => {
    assert.equal(nextFreeSlug('ada', []), 'ada');
    assert.equal(nextFreeSlug('ada', ['ada']), 'ada-2');
    assert.equal(nextFreeSlug('ada', ['ada', 'ada-2', 'ada-7', 'ada-lovelace']), 'ada-8');
  });
});
