import { createHash } from 'node:crypto';
import type { RenderedPage } from './render-page.js';

export interface CachedPage {
  html: Buffer;
  csp: string;
  etag: string;
}

// Bumped when the rendering changes, so ETags from an older release never match.
const RENDER_REVISION = '1';
const MAX_ENTRIES = 2000;

/**
 * Rendered pages by what they depend on (page and audience rows' update times, version id, path):
 * each is rendered once and then served from memory. A publish or an edit changes the key, so a
 * stale entry is never served; the oldest entries go when the cache is full.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  get(key: string, render: () => RenderedPage): CachedPage {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Map order is insertion order: re-inserting makes this the newest entry (LRU).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const page = render();
    const etag = `"${createHash('sha256').update(`${RENDER_REVISION}|${key}`).digest('base64url').slice(0, 22)}"`;
    const entry = { html: Buffer.from(page.html), csp: page.csp, etag };
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}
