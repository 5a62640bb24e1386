import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clip } from './builtin-text.js';

describe('built-in agent text tools', () => {
  it('clips at a word boundary with an ellipsis', () => {
    assert.equal(clip('short', 10), 'short');
    assert.equal(clip('one two three four', 12), 'one two…');
    assert.ok(clip('x'.repeat(50), 20).length <= 20);
  });
});
