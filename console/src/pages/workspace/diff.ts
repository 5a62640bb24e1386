import type { AudienceContent } from '../../api';

export interface FieldDiff {
  field: string;
  before: string;
  after: string;
}

/** Each field a version holds, as text a person reads (button titles one by one). */
function fieldsOf(content: AudienceContent | null): Map<string, string> {
  const fields = new Map<string, string>();
  if (content === null) return fields;
  fields.set('Headline', content.headline);
  fields.set('Subheadline', content.subheadline);
  for (const [actionId, title] of Object.entries(content.buttonTitles))
    fields.set(`Button “${actionId}”`, title);
  fields.set('Button link', content.actionUrl);
  fields.set('Meta title', content.metaTitle);
  fields.set('Meta description', content.metaDescription);
  fields.set('Meta keywords', content.metaKeywords.join(', '));
  fields.set('Context for the agent', content.supplementaryContext);
  return fields;
}

/** The fields that differ between two versions' content, in the order a page shows them. */
export function diffVersions(from: AudienceContent | null, to: AudienceContent | null): FieldDiff[] {
  const before = fieldsOf(from);
  const after = fieldsOf(to);
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names
    .map((field) => ({ field, before: before.get(field) ?? '', after: after.get(field) ?? '' }))
    .filter((d) => d.before !== d.after);
}
