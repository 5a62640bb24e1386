import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** What an agent's reply may use: text formatting, lists, code and links; no images, no raw HTML. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
];

/**
 * An agent's reply rendered from Markdown: parsed by marked, then cleaned by DOMPurify to the tags
 * above, links only to http(s) and mailto, opened in a new tab without an opener. Whatever a model
 * writes (an HTML tag, a script, a javascript: link) comes out as text or not at all.
 */
export function markdownHtml(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
