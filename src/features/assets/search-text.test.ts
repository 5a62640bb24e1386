import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fts5Match, MAX_WORD_LENGTH, searchTerms, searchText, tsquery, words } from './search-text.js';

describe('asset search text', () => {
  it('splits on anything but letters and digits, lowercases and drops diacritics', () => {
    assert.deepEqual(words('Zoë\'s "Red-Apple" logo_v2, 李雷!'), [
      'zoe',
      's',
      'red',
      'apple',
      'logo',
      'v2',
      '李雷',
    ]);
    assert.deepEqual(words('OR NEAR * : ( ) % _ - \'"'), ['or', 'near']);
    assert.equal(words('x'.repeat(500))[0]!.length, MAX_WORD_LENGTH);
  });

  it('stores fields with a space at each end so whole words can be found', () => {
    assert.equal(searchText('Red apple', null, 'Fruit'), ' red apple fruit ');
    assert.equal(searchText(null, '!!!'), ' ');
  });

  it('makes the last word a prefix and quotes every word in both query languages', () => {
    const terms = searchTerms('red "apple" red fru')!;
    assert.deepEqual(terms, { exact: ['red', 'apple'], prefix: 'fru' });
    assert.equal(tsquery(terms), "'~red' & '~apple' & '~fru':*");
    assert.equal(
      fts5Match('custom-component', terms),
      'kind : "~customcomponent" AND ' +
        '{search_name search_tags search_purpose search_ai} : ("~red" AND "~apple" AND "~fru"*)',
    );
    assert.equal(searchTerms('  *** "" '), null);
    assert.equal(searchTerms(undefined), null);
  });
});
