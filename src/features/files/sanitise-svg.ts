import type createDOMPurify from 'dompurify';

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Promise<Purifier> | null = null;

/** A local reference (`#id`) is the only kind an uploaded SVG may keep. */
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;

/**
 * DOMPurify over a jsdom window, made once (jsdom is loaded only when an SVG arrives). Beyond its
 * SVG profile (no script, no foreignObject, no event handler), every reference leaves the file:
 * `href`/`xlink:href` other than `#id`, and `url(...)` to anything but `#id` in attributes;
 * `<style>` elements go too (they can `@import`).
 */
function getPurifier(): Promise<Purifier> {
  purifier ??= makePurifier();
  return purifier;
}

async function makePurifier(): Promise<Purifier> {
  const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  const { window } = new JSDOM('');
  const made = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if ((name === 'href' || name === 'xlink:href' || name === 'src') && !value.startsWith('#')) {
      data.keepAttr = false;
    }
    if (EXTERNAL_URL.test(value)) data.keepAttr = false;
  });
  return made;
}

/**
 * The SVG without anything that runs or loads: null when the text is not an SVG document at all.
 * The answer is what Quire stores and serves (and it is served with a CSP that blocks scripts too).
 */
export async function sanitiseSvg(text: string): Promise<string | null> {
  if (
    !/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      text,
    )
  ) {
    return null;
  }
  const clean = (await getPurifier()).sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'foreignObject', 'script'],
    RETURN_TRUSTED_TYPE: false,
  });
  if (!/^<svg[\s>]/i.test(clean.trim())) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean.trim()}\n`;
}
