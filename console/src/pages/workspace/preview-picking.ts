import { describeElement, SELECTABLE, type SelectedElement, selectableOf } from './selected-element';

const HOVER = '2px dashed #3b5bdb';
const PICKED = '3px solid #3b5bdb';

/**
 * Lets the operator pick an element of the preview: hover (or keyboard focus) outlines it, a click
 * (or Enter or Space) picks it. The preview is same-origin and runs no scripts of its own, so the
 * console listens on its document; outlines are set through the style property, which the
 * preview's CSP (style by hash) does not govern. Links do not navigate while picking.
 * Returns a function that removes the listeners.
 */
export function enablePicking(
  doc: Document,
  pickedPath: string | null,
  onPick: (selected: SelectedElement) => void,
): () => void {
  const elements = Array.from(doc.querySelectorAll<HTMLElement>(SELECTABLE));
  for (const element of elements) {
    // Focusable, so a keyboard can reach every selectable element, not only the links.
    if (!element.matches('a')) element.tabIndex = 0;
    element.style.cursor = 'pointer';
    element.title = 'Click to ask the page agent about this';
  }
  const paint = (hovered: Element | null) => {
    for (const element of elements) {
      const picked = pickedPath !== null && describeElement(element).path === pickedPath;
      element.style.outline = picked ? PICKED : element === hovered ? HOVER : '';
      element.style.outlineOffset = '2px';
    }
  };
  paint(null);
  const over = (event: Event) => paint(selectableOf(event.target));
  const out = () => paint(null);
  const pick = (event: Event) => {
    const element = selectableOf(event.target);
    if (event.type === 'click') event.preventDefault();
    if (element === null) return;
    // The event comes from the preview's realm: `instanceof KeyboardEvent` would be false.
    if (event.type === 'keydown') {
      const key = (event as KeyboardEvent).key;
      if (key !== 'Enter' && key !== ' ') return;
      event.preventDefault();
    }
    onPick(describeElement(element));
  };
  // Added and removed from one list, so the removal cannot miss one.
  const listeners: [string, (event: Event) => void][] = [
    ['mouseover', over],
    ['mouseleave', out],
    ['focusin', over],
    ['focusout', out],
    ['click', pick],
    ['keydown', pick],
  ];
  for (const [type, listener] of listeners) doc.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener);
  };
}
