import type { ComponentChildren } from 'preact';
import { safeUrl } from '../safe-url.js';

/**
 * The safe subset of Markdown a richText block holds, rendered as Preact elements (never as HTML
 * strings, so nothing in the text can become markup): paragraphs (blank lines), `- `/`* ` and
 * `1. ` lists, **bold**, *italic* and [links](https://…) whose target is http(s) or a same-site path.
 */
export function RichText({ text }: { text: string }) {
  return <>{blocksOf(text).map((block, i) => renderBlock(block, i))}</>;
}

type TextBlock = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

function blocksOf(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      blocks.push({ kind: 'ul', items: lines.map((l) => l.replace(/^\s*[-*]\s+/, '')) });
    } else if (lines.every((l) => /^\s*\d+[.)]\s+/.test(l))) {
      blocks.push({ kind: 'ol', items: lines.map((l) => l.replace(/^\s*\d+[.)]\s+/, '')) });
    } else blocks.push({ kind: 'p', lines });
  }
  return blocks;
}

function renderBlock(block: TextBlock, key: number) {
  if (block.kind === 'p') {
    return (
      <p key={key}>
        {block.lines.map((line, i) => (
          <>
            {i > 0 && <br />}
            {inline(line)}
          </>
        ))}
      </p>
    );
  }
  const items = block.items.map((item, i) => <li key={i}>{inline(item)}</li>);
  return block.kind === 'ul' ? <ul key={key}>{items}</ul> : <ol key={key}>{items}</ol>;
}

const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|_(.+?)_|\[([^\]]+)\]\(([^)\s]+)\)/;

/** Bold, italic and links inside a line; anything else is text. */
export function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let rest = text;
  for (let guard = 0; guard < 500; guard++) {
    const match = INLINE.exec(rest);
    if (match === null) break;
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const [whole, bold, italic, underscored, label, href] = match;
    if (bold !== undefined) out.push(<strong>{inline(bold)}</strong>);
    else if (italic !== undefined || underscored !== undefined)
      out.push(<em>{inline((italic ?? underscored)!)}</em>);
    else {
      const target = linkTarget(href!);
      out.push(target === null ? label! : <a href={target}>{label}</a>);
    }
    rest = rest.slice(match.index + whole.length);
  }
  if (rest !== '') out.push(rest);
  return out;
}

/** Only http(s), mailto and same-site links (the one check of every hosted surface, ../safe-url.ts). */
function linkTarget(href: string): string | null {
  return safeUrl(href, { mail: true });
}
