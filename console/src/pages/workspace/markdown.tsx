import { markdownHtml } from './markdown-html';

export function Markdown({ text }: { text: string }) {
  // Sanitised by markdownHtml: the only HTML that reaches the page is DOMPurify's output.
  return (
    <div
      className="agent-markdown cell-wrap"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by markdownHtml (DOMPurify)
      dangerouslySetInnerHTML={{ __html: markdownHtml(text) }}
    />
  );
}
