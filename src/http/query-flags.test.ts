import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlagQuery, isFlagSet } from './query-flags.js';

describe('query flags', () => {
  it('read true/1 as set and false/0/absent as unset, in any case', () => {
    for (const value of ['true', 'TRUE', 'True', '1']) assert.equal(isFlagSet(value), true, value);
    for (const value of ['false', 'FALSE', 'fAlSe', '0', undefined]) assert.equal(isFlagSet(value), false);
  });
  it('accept exactly those values in the schema', () => {
    const pattern = new RegExp((FlagQuery('x') as unknown as { pattern: string }).pattern);
    for (const value of ['true', 'False', '1', '0']) assert.match(value, pattern);
    for (const value of ['', 'yes', 'no', 'on', '2', 'true ', ' 1', 'truefalse', '01'])
      assert.doesNotMatch(value, pattern, value);
    assert.throws(() => isFlagSet('yes'));
  });
});
