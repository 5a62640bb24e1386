/**
 * What a stored link or image source may be on a hosted page, whatever was stored: an http(s) URL
 * or a path on the page's own site. Checked at render time (a `javascript:` or `data:` URL written
 * before a rule existed is dropped too), in one place for links, buttons, images and rich text.
 */

/**
 * Characters a browser drops from a URL (tab, line feed, carriage return: WHATWG URL) or trims at
 * its ends (C0 controls), and every other control or format character (DEL, C1, zero-width and
 * direction marks, BOM), which no stored path needs and which some browser, proxy or server drops.
 */
const CONTROL = /[\p{Cc}\p{Cf}]/u;
/** Spaces of any kind (space, NBSP, U+2000-U+200A, U+3000...): never right after the leading `/`. */
const SPACE = /^\p{Z}/u;

/** Decodes percent-escapes until nothing changes (at most a few rounds), so `%2509` is seen as a tab. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * `value` when it is a path on the page's own site, else null. A browser follows `//evil.example`,
 * `/\evil.example` (a backslash is a slash in http URLs) and `/\t/evil.example` (the tab is dropped)
 * off-site; servers and proxies decode `%09`, `%2F` and `%5C`, and fold odd spaces. So the path
 * (before `?` or `#`), percent-decoded, must start with one `/` followed by neither a slash, a
 * backslash nor a space, and hold no backslash and no control or format character; the query and
 * fragment hold no raw control character.
 */
export function sameSitePath(value: string): string | null {
  if (!value.startsWith('/') || CONTROL.test(value)) return null;
  const end = value.search(/[?#]/);
  const path = decodeFully(end === -1 ? value : value.slice(0, end));
  if (path.startsWith('//') || path.includes('\\') || CONTROL.test(path) || SPACE.test(path.slice(1)))
    return null;
  return value;
}

/** An http(s) URL (normalised) or a same-site path, else null; `mailto:` too where `mail` is set. */
export function safeUrl(value: string | undefined | null, options: { mail?: boolean } = {}): string | null {
  if (value === undefined || value === null) return null;
  // Browsers drop tabs and line breaks anywhere in a URL (WHATWG URL): `java\tscript:` is `javascript:`.
  const url = value.trim();
  if (url.startsWith('/')) return sameSitePath(url);
  try {
    const parsed = new URL(url.replace(/[\t\n\r]/g, ''));
    const allowed = ['http:', 'https:', ...(options.mail ? ['mailto:'] : [])];
    return allowed.includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}
