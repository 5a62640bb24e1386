/**
 * What the operator clicked in the live preview, in the shape the page agents read
 * (src/agent/builtin-parse.ts selectedFieldOf, builtin-buttons.ts selectedActionOf): `field` names a
 * content field the agent may change (headline, subheadline), `actionId` and `actionIndex` a button;
 * `path` and `text` say which element it was for the agents (and people) that read more.
 * The hosted page's markup (src/features/hosted/components/hosted-page.tsx) is what is read here.
 */
// A type, not an interface: it is sent as the API's free-form object (Record<string, unknown>).
export type SelectedElement = {
  field?: string;
  actionId?: string;
  actionIndex?: number;
  section?: number;
  path: string;
  text: string;
};

/** The elements of a hosted page an operator can talk about, most specific first. */
export const SELECTABLE =
  'a[data-action-id], .hero h1, .hero p.sub, .top .brand, section h2, section p, section img, footer a';

const TEXT_LIMIT = 200;

/** The selectable element an event's target is in, or null (a click on the page's margin). */
export function selectableOf(target: EventTarget | null): Element | null {
  // The target comes from the preview's realm, so `instanceof Node` would be false: read its type.
  const node = target as Node | null;
  if (node === null || typeof node.nodeType !== 'number') return null;
  const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
  return element?.closest(SELECTABLE) ?? null;
}

export function describeElement(element: Element): SelectedElement {
  const text = (element.getAttribute('alt') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const described: SelectedElement = { path: pathOf(element), text: text.slice(0, TEXT_LIMIT) };
  const actionId = element.getAttribute('data-action-id');
  if (actionId !== null) {
    const buttons = Array.from(element.ownerDocument.querySelectorAll('.hero a[data-action-id]'));
    const index = buttons.findIndex((b) => b.getAttribute('data-action-id') === actionId);
    return { ...described, actionId, ...(index >= 0 ? { actionIndex: index } : {}) };
  }
  if (element.matches('.hero h1')) return { field: 'headline', ...described };
  if (element.matches('.hero p.sub')) return { field: 'subheadline', ...described };
  const block = element.closest('section.block');
  if (block) {
    const blocks = Array.from(element.ownerDocument.querySelectorAll('section.block'));
    return { ...described, section: blocks.indexOf(block) };
  }
  return described;
}

/** How the composer and the conversation name a selected element: "Headline", "Button “Book a demo”". */
export function elementLabel(selected: SelectedElement): string {
  if (selected.field === 'headline') return 'Headline';
  if (selected.field === 'subheadline') return 'Subheadline';
  if (selected.actionId !== undefined) return `Button “${selected.text}”`;
  const kind = selected.path.split(' > ').pop()?.replace(/:.*/, '') ?? 'element';
  const name = KIND_NAMES[kind] ?? kind;
  const where = selected.section !== undefined ? ` in section ${selected.section + 1}` : '';
  return `${name}${where}${selected.text ? ` “${short(selected.text)}”` : ''}`;
}

const KIND_NAMES: Record<string, string> = {
  h2: 'Heading',
  p: 'Paragraph',
  img: 'Image',
  a: 'Link',
  'span.brand': 'Page title',
};

function short(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** A stable path from the body: `main > section.block:nth-of-type(2) > p:nth-of-type(1)`. */
function pathOf(element: Element): string {
  const steps: string[] = [];
  for (let e: Element | null = element; e && e.tagName !== 'BODY'; e = e.parentElement) {
    const tag = e.tagName.toLowerCase();
    const cls = e.classList[0] ? `.${e.classList[0]}` : '';
    const same = e.parentElement
      ? Array.from(e.parentElement.children).filter((c) => c.tagName === e?.tagName)
      : [];
    steps.unshift(same.length > 1 ? `${tag}${cls}:nth-of-type(${same.indexOf(e) + 1})` : `${tag}${cls}`);
  }
  return steps.join(' > ');
}
