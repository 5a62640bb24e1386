/**
 * A page's scripts are operator-written snippets, usually `<script src="..."></script>` tags as an
 * analytics vendor gives them, sometimes bare JavaScript. They are not pasted into the page as HTML:
 * each <script> element is read out (its http(s) `src` or its inline code and a few safe attributes)
 * and rendered again as an element, so the page's CSP can allow exactly these scripts (the inline
 * ones by hash, the external ones by their exact URL). Any other markup in a snippet is dropped.
 */
export interface PageScript {
  /** Absolute http(s) URL of an external script, or null for inline code. */
  src: string | null;
  /** The inline code (empty for external scripts). */
  code: string;
  defer: boolean;
  async: boolean;
  module: boolean;
  /** data-* attributes (vendors configure their scripts with them). */
  data: Record<string, string>;
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function externalUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    // A CSP source cannot hold `;` or `,`: a URL with them could not be allowed exactly.
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || /[;,\s]/.test(url.href)) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function parsePageScripts(snippet: string): PageScript[] {
  if (!/<script\b/i.test(snippet)) {
    return snippet.trim() === ''
      ? []
      : [{ src: null, code: snippet, defer: false, async: false, module: false, data: {} }];
  }
  const scripts: PageScript[] = [];
  for (const [, rawAttributes = '', code = ''] of snippet.matchAll(SCRIPT_ELEMENT)) {
    const attributes = new Map<string, string>();
    for (const [, name = '', a, b, c] of rawAttributes.matchAll(ATTRIBUTE)) {
      attributes.set(name.toLowerCase(), a ?? b ?? c ?? '');
    }
    const data: Record<string, string> = {};
    for (const [name, value] of attributes) if (/^data-[a-z0-9-]+$/.test(name)) data[name] = value;
    const src = attributes.has('src') ? externalUrl(attributes.get('src')!) : null;
    if (attributes.has('src') && src === null) continue;
    if (src === null && code.trim() === '') continue;
    scripts.push({
      src,
      code: src === null ? code : '',
      defer: attributes.has('defer'),
      async: attributes.has('async'),
      module: attributes.get('type') === 'module',
      data,
    });
  }
  return scripts;
}
