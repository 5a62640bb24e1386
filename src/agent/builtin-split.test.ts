import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readList, readValue, splitRequests } from './builtin-split.js';

describe('splitting a message into requests', () => {
  it('splits at sentence ends, new lines, "and" and commas that start a new request', () => {
    assert.deepEqual(
      splitRequests(
        'Please set the title to X. Add keyword Y and remove keyword Z, then use https://a.example as the action URL\ncontext: hi',
      ),
      [
        'set the title to X.',
        'Add keyword Y',
        'remove keyword Z',
        'use https://a.example as the action URL',
        'context: hi',
      ],
    );
  });

  it('keeps quoted text and ordinary prose whole', () => {
    assert.deepEqual(splitRequests('set the title to "Plan. Set. Ship." and add keyword b'), [
      'set the title to "Plan. Set. Ship."',
      'add keyword b',
    ]);
    assert.deepEqual(
      splitRequests('change the description to: Fast analytics. Built for teams and finance.'),
      ['change the description to: Fast analytics. Built for teams and finance.'],
    );
    assert.deepEqual(splitRequests("rename the 'Book a demo' button to 'Let's talk'"), [
      "rename the 'Book a demo' button to 'Let's talk'",
    ]);
  });

  it('drops courtesy around requests', () => {
    assert.deepEqual(splitRequests('Hi! Could you please set the title to X? Thanks!'), [
      'Hi',
      'set the title to X',
      'Thanks',
    ]);
    assert.deepEqual(splitRequests("Ok, I'd like you to add keyword x, please."), ['add keyword x']);
  });
});

describe('reading values', () => {
  it('takes the inside of quotes, or the text without its final period', () => {
    assert.equal(readValue('"Talk to us".'), 'Talk to us');
    assert.equal(readValue('“Talk to us” please'), 'Talk to us');
    assert.equal(readValue('Talk to us.'), 'Talk to us');
    assert.equal(readValue('Built for teams.', true), 'Built for teams.');
    assert.equal(readValue('"A" and "B"'), '"A" and "B"');
  });

  it('splits lists on commas, "and", "or" and semicolons, keeping quoted items whole', () => {
    assert.deepEqual(readList('a, b and c'), ['a', 'b', 'c']);
    assert.deepEqual(readList('"research and development", dbt; Looker.'), [
      'research and development',
      'dbt',
      'Looker',
    ]);
  });
});
