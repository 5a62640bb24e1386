import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SortKey } from '../db/sort-key.js';
import { containsPattern, SEARCH_WINDOW, windowedSearchPage } from './windowed-search.js';

describe('windowedSearchPage', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ at: 1000 - i, id: `r${i}` }));
  const search = (matches: { at: number; id: string }[], windowEnd: SortKey | undefined) => ({
    shape: ['number', 'string'] as const,
    filters: { q: 'x' },
    fetch: async (_after: SortKey | null, window: number, limit: number) => {
      assert.equal(window, SEARCH_WINDOW);
      return matches.slice(0, limit);
    },
    windowEnd: async () => windowEnd,
    keyOf: (r: { at: number; id: string }) => [r.at, r.id] as SortKey,
    map: (r: { at: number; id: string }) => r.id,
  });

  it('pages after its last match when the page is full', async () => {
    const page = await windowedSearchPage({ limit: 2 }, search(rows(3), [1, 'end']));
    assert.deepEqual(page.items, ['r0', 'r1']);
    assert.equal(page.hasMore, true);
    assert.equal(page.totalCount, null);
    const next = JSON.parse(Buffer.from(page.nextCursor as string, 'base64url').toString());
    assert.deepEqual(next.k, [999, 'r1']);
  });

  it('goes on after the window when the window ran out before the page filled, even with no match', async () => {
    const page = await windowedSearchPage({ limit: 5 }, search([], [7, 'last-examined']));
    assert.deepEqual(page.items, []);
    assert.equal(page.hasMore, true);
    const next = JSON.parse(Buffer.from(page.nextCursor as string, 'base64url').toString());
    assert.deepEqual(next.k, [7, 'last-examined']);
  });

  it('ends when the window was not full', async () => {
    const page = await windowedSearchPage({ limit: 5 }, search(rows(2), undefined));
    assert.deepEqual(page.items, ['r0', 'r1']);
    assert.equal(page.hasMore, false);
    assert.equal(page.nextCursor, null);
  });

  it('makes LIKE wildcards literal', () => {
    assert.equal(containsPattern('50%_a\\B'), '%50\\%\\_a\\\\b%');
  });
});
