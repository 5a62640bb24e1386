import { blockTextFields, type PageBlock } from '../../../../src/domain/page-blocks.js';
import type { AudienceContent } from '../../api';

export interface FieldDiff {
  field: string;
  before: string;
  after: string;
}

/** "faq" → `FAQ “faq”`: the block's kind and its id, as the page form names blocks. */
const KIND: Record<string, string> = {
  hero: 'Hero',
  logos: 'Logos',
  features: 'Features',
  testimonial: 'Testimonial',
  stats: 'Stats',
  caseStudy: 'Case study',
  faq: 'FAQ',
  richText: 'Text',
  image: 'Image',
  video: 'Video',
  ctaBanner: 'Call to action',
  form: 'Form',
};
const blockName = (block: PageBlock) => `${KIND[block.type] ?? block.type} “${block.blockId}”`;
/** `items/1/answer` → "item 2 answer". */
const pathName = (path: string) =>
  path
    .split('/')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replace(/s$/, '')))
    .join(' ');

/** Each field a version holds, as text a person reads (button titles and block texts one by one). */
function fieldsOf(content: AudienceContent | null, blocks: readonly PageBlock[]): Map<string, string> {
  const fields = new Map<string, string>();
  if (content === null) return fields;
  fields.set('Headline', content.headline);
  fields.set('Subheadline', content.subheadline);
  for (const [actionId, title] of Object.entries(content.buttonTitles))
    fields.set(`Button “${actionId}”`, title);
  fields.set('Button link', content.actionUrl);
  const plan = content.blocks;
  if (blocks.length > 0) {
    // Which blocks show, in order; without a plan of its own a version shows the page's.
    const names = new Map(blocks.map((b) => [b.blockId, blockName(b)]));
    const shown = plan ? plan.shown.map((d) => d.blockId) : blocks.map((b) => b.blockId);
    fields.set('Blocks shown', shown.map((id) => names.get(id) ?? id).join(', '));
    for (const block of blocks) {
      const overrides = plan?.text[block.blockId] ?? {};
      for (const field of blockTextFields(block))
        fields.set(`${blockName(block)}: ${pathName(field.path)}`, overrides[field.path] ?? field.value);
    }
  }
  fields.set('Meta title', content.metaTitle);
  fields.set('Meta description', content.metaDescription);
  fields.set('Meta keywords', content.metaKeywords.join(', '));
  fields.set('Context for the agent', content.supplementaryContext);
  return fields;
}

/**
 * The fields that differ between two versions' content, in the order a page shows them; with the
 * page's blocks, each block text a version overrides and the blocks it shows count too.
 */
export function diffVersions(
  from: AudienceContent | null,
  to: AudienceContent | null,
  blocks: readonly PageBlock[] = [],
): FieldDiff[] {
  const before = fieldsOf(from, blocks);
  const after = fieldsOf(to, blocks);
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names
    .map((field) => ({ field, before: before.get(field) ?? '', after: after.get(field) ?? '' }))
    .filter((d) => d.before !== d.after);
}
