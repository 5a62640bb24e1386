import { createHash } from 'node:crypto';
import type { FormBlock } from '../../domain/page-blocks.js';
import type { RenderedPage } from './render-page.js';

/** A form page rendered once, split where each request's token and challenge go (serve-form.ts). */
export interface FormTemplate {
  /** The HTML between the slots, encoded once (one more part than slots). */
  parts: Buffer[];
  slots: { index: number; kind: 't' | 'c' }[];
  csp: string;
  forms: FormBlock[];
}

export interface CachedPage extends RenderedPage {
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
  private readonly templates = new Map<string, FormTemplate>();

  /** A form page's template (serve-form.ts), by the same key and the request's script origin. */
  template(key: string, render: () => FormTemplate): FormTemplate {
    let hit = this.templates.get(key);
    if (hit === undefined) {
      hit = render();
      this.templates.set(key, hit);
      if (this.templates.size > MAX_ENTRIES) this.templates.delete(this.templates.keys().next().value!);
    }
    return hit;
  }

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
    const entry = { ...page, etag };
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}
