/**
 * A page's body as typed blocks, in one place: the block types and their fields, the text fields a
 * version may override (and their bounds), the trait rules that choose which blocks an audience is
 * shown, and how a version's block plan is laid over the page's blocks. The page schemas, the hosted
 * renderer, the agents and the worker all use this module, so they never disagree on what a block is.
 * Imports nothing else of Quire's: the console can use it too.
 */

/** An image: an uploaded file (`fileId`), an asset of the tenant (`assetId`) or an http(s) `url`. */
export interface ImageRef {
  fileId?: string;
  assetId?: string;
  url?: string;
  alt: string;
  /** Intrinsic size, when known: reserves the image's box before it loads (no layout shift). */
  width?: number;
  height?: number;
}

/** A trait condition: `key` is `industry`, `person.region`, `account.tier`... (bare keys: the person's, else the account's). */
export interface TraitCondition {
  trait: string;
  /** `eq` (default) and `in` compare case-insensitively; `gte`/`lte` compare numbers; `exists`. */
  op?: 'eq' | 'neq' | 'in' | 'gte' | 'lte' | 'exists';
  value?: string | number | (string | number)[];
}

interface BlockBase {
  /** Stable id, unique in the page (kebab-case); versions name blocks by it. */
  blockId: string;
  /** All conditions must hold for the block to be shown (none: shown to everyone). */
  showWhen?: TraitCondition[];
  /**
   * Alternatives: of the blocks sharing a group, one at most is shown, the first (in page order)
   * whose `showWhen` holds, else the group's `default` block, else its first block without a rule
   * (else none).
   */
  group?: string;
  default?: boolean;
}

/**
 * Why a hero block is always shown: it carries the page's headline (its one h1) and its buttons.
 * No version hides it and it has no rule or group (page-content.ts); a version may move it.
 */
export const HERO_ALWAYS_SHOWN = "it carries the page's headline and buttons, so every version shows it";

export interface HeroBlock extends BlockBase {
  type: 'hero';
  /** A short line above the headline. The headline and subheadline are the page's (`body.headline`). */
  eyebrow?: string;
  image?: ImageRef;
}
export interface LogosBlock extends BlockBase {
  type: 'logos';
  heading: string;
  /** Each logo an image, or just the name (shown as a word mark). */
  logos: { name: string; image?: ImageRef }[];
}
export interface FeaturesBlock extends BlockBase {
  type: 'features';
  heading: string;
  intro?: string;
  items: { title: string; text: string; icon?: IconName; image?: ImageRef }[];
}
export interface TestimonialBlock extends BlockBase {
  type: 'testimonial';
  quote: string;
  author: string;
  role?: string;
  company?: string;
  photo?: ImageRef;
}
export interface StatsBlock extends BlockBase {
  type: 'stats';
  heading?: string;
  items: { value: string; label: string }[];
}
export interface CaseStudyBlock extends BlockBase {
  type: 'caseStudy';
  customer: string;
  industry: string;
  title: string;
  summary: string;
  metrics: { value: string; label: string }[];
  link?: { text: string; url: string };
  logo?: ImageRef;
}
export interface FaqBlock extends BlockBase {
  type: 'faq';
  heading: string;
  items: { question: string; answer: string }[];
}
export interface RichTextBlock extends BlockBase {
  type: 'richText';
  heading?: string;
  /** A safe subset of Markdown: paragraphs, `- ` lists, **bold**, *italic*, [links](https://…). */
  text: string;
  image?: ImageRef;
}
export interface ImageBlock extends BlockBase {
  type: 'image';
  image: ImageRef;
  caption?: string;
}
export interface VideoBlock extends BlockBase {
  type: 'video';
  provider: 'youtube' | 'vimeo';
  videoId: string;
  title: string;
  /** The poster shown until a click; without one a neutral panel with a play button. */
  poster?: ImageRef;
  caption?: string;
}
export interface CtaBannerBlock extends BlockBase {
  type: 'ctaBanner';
  heading: string;
  text?: string;
  /** Which of the page's actions it shows (none: the primary action). */
  actionIds?: string[];
}

/** The visitor's fields a form may ask for; `email` is always asked (docs/forms.md). */
export const FORM_FIELD_KINDS = [
  'email',
  'name',
  'company',
  'jobTitle',
  'phone',
  'message',
  'choice',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

export interface FormField {
  field: FormFieldKind;
  label: string;
  placeholder?: string;
  /** `email` is always required; the others only when this says so. */
  required?: boolean;
  /** `choice` only: a select of the operator's options, or one checkbox (its label is the text). */
  kind?: 'select' | 'checkbox';
  options?: string[];
}

/** A lead form: the visitor's fields, optional consent, a thank-you message or a redirect. */
export interface FormBlock extends BlockBase {
  type: 'form';
  heading?: string;
  intro?: string;
  /** In display order; exactly one `email`, each kind at most once. */
  fields: FormField[];
  buttonText: string;
  /** Shown after a submission (default: a plain thank you), unless `redirectUrl` is set. */
  thankYouMessage?: string;
  /** An absolute http(s) URL the visitor is sent to after submitting. */
  redirectUrl?: string;
  /** The consent checkbox's text; its exact words, whether ticked, the time and version are stored. */
  consentText?: string;
  /** Whether the consent box must be ticked to submit (default true when there is one). */
  consentRequired?: boolean;
  /** Hidden fields carrying the URL's UTM parameters (default true). */
  captureUtm?: boolean;
  /** The ALTCHA proof of work (default true); off for forms where JavaScript cannot be assumed. */
  proofOfWork?: boolean;
  /** On a person's page, prefill the person's name (never the email or phone). */
  prefillName?: boolean;
}

export type PageBlock =
  | HeroBlock
  | LogosBlock
  | FeaturesBlock
  | TestimonialBlock
  | StatsBlock
  | CaseStudyBlock
  | FaqBlock
  | RichTextBlock
  | ImageBlock
  | VideoBlock
  | CtaBannerBlock
  | FormBlock;
export type BlockType = PageBlock['type'];

export const BLOCK_TYPES = [
  'hero',
  'logos',
  'features',
  'testimonial',
  'stats',
  'caseStudy',
  'faq',
  'richText',
  'image',
  'video',
  'ctaBanner',
  'form',
] as const satisfies readonly BlockType[];

/** The built-in icons a feature may show (inline SVG, no request). */
export const ICON_NAMES = [
  'check',
  'clock',
  'chart',
  'shield',
  'link',
  'spark',
  'users',
  'document',
  'bank',
  'globe',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** How a block is named in a sentence ("the case study", "the FAQ"). */
export const BLOCK_LABELS: Record<BlockType, string> = {
  hero: 'the hero',
  logos: 'the logos',
  features: 'the features',
  testimonial: 'the testimonial',
  stats: 'the figures',
  caseStudy: 'the case study',
  faq: 'the FAQ',
  richText: 'the text',
  image: 'the image',
  video: 'the video',
  ctaBanner: 'the call to action',
  form: 'the form',
};

// ---------------------------------------------------------------------------------------------
// Text fields: what a version may override, named by a path inside the block ("items/1/answer").

/** A text's bounds in characters: at least `min`, at most `max`. */
export interface TextBounds {
  min: number;
  max: number;
}
const bounds = (max: number, min = 0): TextBounds => ({ min, max });
/** A figure and its label: a stats item and a case study's metric. */
const PAIR_BOUNDS = { value: bounds(24, 1), label: bounds(120, 1) };

/**
 * The bounds of every text a version may override, by block type and field name (a list item's
 * field by its own name: `items/<i>/answer` is `answer`). These are the page's own bounds: the
 * block schemas (src/features/pages/page-blocks.schemas.ts) are built from this table, so a version
 * can never write a text the page itself would refuse, and no bound is written twice.
 */
export const BLOCK_TEXT_BOUNDS = {
  hero: { eyebrow: bounds(80) },
  logos: { heading: bounds(200) },
  features: { heading: bounds(200, 1), intro: bounds(600), title: bounds(200, 1), text: bounds(1000, 1) },
  testimonial: { quote: bounds(600, 1), author: bounds(120, 1), role: bounds(120), company: bounds(120) },
  stats: { heading: bounds(200), ...PAIR_BOUNDS },
  caseStudy: { title: bounds(200, 1), summary: bounds(800, 1), ...PAIR_BOUNDS },
  faq: { heading: bounds(200, 1), question: bounds(300, 1), answer: bounds(1500, 1) },
  richText: { heading: bounds(300), text: bounds(10_000) },
  image: { caption: bounds(300) },
  video: { title: bounds(200, 1), caption: bounds(300) },
  ctaBanner: { heading: bounds(200, 1), text: bounds(600) },
  form: {
    heading: bounds(200),
    intro: bounds(600),
    buttonText: bounds(60, 1),
    thankYouMessage: bounds(600),
    consentText: bounds(600, 1),
    label: bounds(120, 1),
    placeholder: bounds(120),
  },
} as const satisfies Record<BlockType, Record<string, TextBounds>>;

export interface BlockTextField {
  /** The path inside the block, e.g. `heading`, `items/1/answer`. */
  path: string;
  value: string;
  /** The field's own bounds (BLOCK_TEXT_BOUNDS): a version's text for it must keep to them. */
  min: number;
  max: number;
}

const LIST_FIELDS: Partial<Record<BlockType, { list: string; fields: string[] }>> = {
  features: { list: 'items', fields: ['title', 'text'] },
  stats: { list: 'items', fields: ['value', 'label'] },
  caseStudy: { list: 'metrics', fields: ['value', 'label'] },
  faq: { list: 'items', fields: ['question', 'answer'] },
  form: { list: 'fields', fields: ['label', 'placeholder'] },
};

const OWN_FIELDS: Record<BlockType, string[]> = {
  hero: ['eyebrow'],
  logos: ['heading'],
  features: ['heading', 'intro'],
  testimonial: ['quote', 'author', 'role', 'company'],
  stats: ['heading'],
  caseStudy: ['title', 'summary'],
  faq: ['heading'],
  richText: ['heading', 'text'],
  image: ['caption'],
  video: ['title', 'caption'],
  ctaBanner: ['heading', 'text'],
  form: ['heading', 'intro', 'buttonText', 'thankYouMessage', 'consentText'],
};

const boundsOf = (type: BlockType, name: string): TextBounds =>
  (BLOCK_TEXT_BOUNDS[type] as Record<string, TextBounds>)[name]!;

/** Why a version cannot write `value` into a block's text field (named `blockId/path`), or null. */
export function blockTextProblem(field: BlockTextField, name: string, value: string): string | null {
  if (value.trim().length < field.min) return `${name} cannot be empty`;
  if (value.length > field.max) {
    return `${name} can be at most ${field.max} characters (this one has ${value.length})`;
  }
  return null;
}

/** Every text field of a block a version may override, in reading order (present ones only). */
export function blockTextFields(block: PageBlock): BlockTextField[] {
  const record = block as unknown as Record<string, unknown>;
  const fields: BlockTextField[] = [];
  for (const name of OWN_FIELDS[block.type]) {
    const value = record[name];
    if (typeof value === 'string') fields.push({ path: name, value, ...boundsOf(block.type, name) });
  }
  const list = LIST_FIELDS[block.type];
  if (list !== undefined) {
    const items = (record[list.list] as Record<string, unknown>[] | undefined) ?? [];
    items.forEach((item, i) => {
      for (const name of list.fields) {
        const value = item[name];
        if (typeof value === 'string') {
          fields.push({ path: `${list.list}/${i}/${name}`, value, ...boundsOf(block.type, name) });
        }
      }
    });
  }
  return fields;
}

/** The block with its text overrides applied (paths that no longer exist are ignored). */
export function withBlockText(block: PageBlock, overrides: Readonly<Record<string, string>> | undefined) {
  if (overrides === undefined || Object.keys(overrides).length === 0) return block;
  const copy = structuredClone(block) as unknown as Record<string, unknown>;
  const known = new Set(blockTextFields(block).map((f) => f.path));
  for (const [path, value] of Object.entries(overrides)) {
    if (!known.has(path)) continue;
    const parts = path.split('/');
    let target: Record<string, unknown> = copy;
    for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
    target[parts[parts.length - 1]!] = value;
  }
  return copy as unknown as PageBlock;
}

// ---------------------------------------------------------------------------------------------
// Traits and the rules that choose blocks.

export type TraitValue = string | number | boolean;
export type Traits = Record<string, TraitValue>;

/** The traits a rule may read: the person's and the account's (a bare key: the person's, else the account's). */
export interface AudienceTraits {
  person: Traits;
  account: Traits;
}

export const NO_TRAITS: AudienceTraits = { person: {}, account: {} };

function traitOf(traits: AudienceTraits, key: string): { value: TraitValue | undefined; from: string } {
  if (key.startsWith('person.')) return { value: traits.person[key.slice(7)], from: `the person's` };
  if (key.startsWith('account.')) return { value: traits.account[key.slice(8)], from: `the account's` };
  if (traits.person[key] !== undefined) return { value: traits.person[key], from: `the person's` };
  return { value: traits.account[key], from: `the account's` };
}

const same = (a: TraitValue, b: string | number) =>
  String(a).trim().toLowerCase() === String(b).trim().toLowerCase();

/** Whether one condition holds, and a sentence saying why (names the trait and its value). */
export function checkCondition(
  condition: TraitCondition,
  traits: AudienceTraits,
): { holds: boolean; why: string } {
  const { value, from } = traitOf(traits, condition.trait);
  const name = condition.trait.replace(/^(person|account)\./, '');
  const shown = value === undefined ? 'unset' : JSON.stringify(value);
  const wanted = condition.value;
  const op = condition.op ?? (Array.isArray(wanted) ? 'in' : 'eq');
  let holds = false;
  if (op === 'exists') holds = value !== undefined && value !== '';
  else if (value !== undefined && wanted !== undefined) {
    const list = Array.isArray(wanted) ? wanted : [wanted];
    if (op === 'eq' || op === 'in') holds = list.some((w) => same(value, w));
    else if (op === 'neq') holds = !list.some((w) => same(value, w));
    else {
      const n = Number(value);
      const limit = Number(list[0]);
      holds = Number.isFinite(n) && Number.isFinite(limit) && (op === 'gte' ? n >= limit : n <= limit);
    }
  } else if (op === 'neq') holds = true;
  const expectation =
    op === 'exists'
      ? 'set'
      : `${{ eq: '', in: 'one of ', neq: 'not ', gte: '≥ ', lte: '≤ ' }[op]}${Array.isArray(wanted) ? wanted.join(', ') : String(wanted)}`;
  return { holds, why: `${from} ${name} is ${shown} (rule: ${expectation})` };
}

export interface BlockDecision {
  blockId: string;
  /** Why it is shown or hidden: names the trait when a rule decided. */
  reason: string;
}

/** Which blocks an audience with these traits sees, in page order, and why each is shown or hidden. */
export function selectBlocks(
  blocks: readonly PageBlock[],
  traits: AudienceTraits,
): { shown: BlockDecision[]; hidden: BlockDecision[] } {
  const shown: BlockDecision[] = [];
  const hidden: BlockDecision[] = [];
  const verdicts = new Map<string, { holds: boolean; why: string }>();
  for (const block of blocks) {
    const checks = (block.showWhen ?? []).map((c) => checkCondition(c, traits));
    verdicts.set(block.blockId, {
      holds: checks.every((c) => c.holds),
      why: checks.map((c) => c.why).join(' and '),
    });
  }
  const groupWinner = new Map<string, { blockId: string; reason: string }>();
  for (const block of blocks) {
    if (block.group === undefined || groupWinner.has(block.group)) continue;
    const members = blocks.filter((b) => b.group === block.group);
    const match = members.find((b) => (b.showWhen ?? []).length > 0 && verdicts.get(b.blockId)!.holds);
    const fallback = members.find((b) => b.default) ?? members.find((b) => (b.showWhen ?? []).length === 0);
    if (match) {
      groupWinner.set(block.group, {
        blockId: match.blockId,
        reason: `shown of group "${block.group}" because ${verdicts.get(match.blockId)!.why}`,
      });
    } else if (fallback) {
      groupWinner.set(block.group, {
        blockId: fallback.blockId,
        reason: `the default of group "${block.group}": no alternative's rule holds`,
      });
    }
  }
  for (const block of blocks) {
    const verdict = verdicts.get(block.blockId)!;
    if (block.group !== undefined) {
      const winner = groupWinner.get(block.group);
      if (winner?.blockId === block.blockId) shown.push({ blockId: block.blockId, reason: winner.reason });
      else {
        hidden.push({
          blockId: block.blockId,
          reason: `an alternative of group "${block.group}" is shown instead${verdict.why ? ` (${verdict.why})` : ''}`,
        });
      }
    } else if ((block.showWhen ?? []).length === 0) {
      shown.push({ blockId: block.blockId, reason: 'shown to everyone' });
    } else if (verdict.holds) {
      shown.push({ blockId: block.blockId, reason: `shown because ${verdict.why}` });
    } else {
      hidden.push({ blockId: block.blockId, reason: `hidden because ${verdict.why}` });
    }
  }
  return { shown, hidden };
}

// ---------------------------------------------------------------------------------------------
// A version's block plan: which blocks it shows, in what order and why, and its text overrides.

export interface BlockPlan {
  /** The blocks shown, in display order, each with why. */
  shown: BlockDecision[];
  /** The blocks the version decided not to show, with why. */
  hidden: BlockDecision[];
  /** Text overrides by blockId, then by field path (`items/1/answer`). */
  text: Record<string, Record<string, string>>;
}

/** The plan of an audience before any agent touched it: the rules applied to its traits, no overrides. */
export function defaultPlan(blocks: readonly PageBlock[], traits: AudienceTraits = NO_TRAITS): BlockPlan {
  return { ...selectBlocks(blocks, traits), text: {} };
}

/**
 * The blocks a visitor sees, in order, with the version's text applied. Blocks the plan names that
 * the page no longer has are skipped; a block added to the page after the plan was made is placed
 * by the page's own rules (no traits) after the block that precedes it on the page.
 */
export function arrangeBlocks(blocks: readonly PageBlock[], plan: BlockPlan | null | undefined): PageBlock[] {
  const effective = plan ?? defaultPlan(blocks);
  const byId = new Map(blocks.map((b) => [b.blockId, b]));
  // A hero a plan hides (a version written before the hero was always shown) is placed as if the
  // plan did not name it: where the page has it, with its eyebrow and image.
  const heroes = new Set(blocks.filter((b) => b.type === 'hero').map((b) => b.blockId));
  const decided = new Set(
    [...effective.shown, ...effective.hidden.filter((d) => !heroes.has(d.blockId))].map((d) => d.blockId),
  );
  const order = effective.shown.map((d) => d.blockId).filter((id) => byId.has(id));
  const newcomers = new Set(
    selectBlocks(blocks, NO_TRAITS)
      .shown.map((d) => d.blockId)
      .filter((id) => !decided.has(id)),
  );
  blocks.forEach((block, index) => {
    if (!newcomers.has(block.blockId)) return;
    const before = blocks
      .slice(0, index)
      .reverse()
      .find((b) => order.includes(b.blockId));
    const at = before === undefined ? 0 : order.indexOf(before.blockId) + 1;
    order.splice(at, 0, block.blockId);
  });
  return order.map((id) => withBlockText(byId.get(id)!, effective.text[id]));
}

/** The plan's order as a change shows it: the shown block ids joined with ", ". */
export function planOrderText(plan: BlockPlan): string {
  return plan.shown.map((d) => d.blockId).join(', ');
}

/** Checks a plan an agent proposes against the page's blocks; returns the problems (empty when sound). */
export function planProblems(blocks: readonly PageBlock[], plan: unknown): string[] {
  const problems: string[] = [];
  if (plan === null || typeof plan !== 'object') return ['blocks must be an object'];
  const p = plan as Record<string, unknown>;
  const ids = new Map(blocks.map((b) => [b.blockId, b]));
  const seen = new Set<string>();
  for (const key of ['shown', 'hidden'] as const) {
    const list = p[key];
    if (!Array.isArray(list)) {
      problems.push(`blocks.${key} must be an array`);
      continue;
    }
    for (const [i, entry] of list.entries()) {
      const d = entry as Record<string, unknown>;
      if (typeof d?.blockId !== 'string' || typeof d.reason !== 'string' || d.reason.length > 1000) {
        problems.push(`blocks.${key}[${i}] must be {blockId, reason} strings`);
      } else if (!ids.has(d.blockId))
        problems.push(`blocks.${key}[${i}] names an unknown block ${d.blockId}`);
      else if (seen.has(d.blockId)) problems.push(`blocks.${key}[${i}]: block ${d.blockId} is named twice`);
      else if (key === 'hidden' && ids.get(d.blockId)!.type === 'hero') {
        problems.push(`blocks.hidden[${i}]: the hero ${d.blockId} cannot be hidden: ${HERO_ALWAYS_SHOWN}`);
      } else seen.add(d.blockId);
    }
  }
  const text = p.text;
  if (text === null || typeof text !== 'object' || Array.isArray(text))
    problems.push('blocks.text must be an object');
  else {
    for (const [blockId, fields] of Object.entries(text as Record<string, unknown>)) {
      const block = ids.get(blockId);
      if (block === undefined) {
        problems.push(`blocks.text names an unknown block ${blockId}`);
        continue;
      }
      const known = new Map(blockTextFields(block).map((f) => [f.path, f]));
      if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
        problems.push(`blocks.text.${blockId} must be an object`);
        continue;
      }
      for (const [path, value] of Object.entries(fields as Record<string, unknown>)) {
        const field = known.get(path);
        if (field === undefined) problems.push(`blocks.text.${blockId} has no text field ${path}`);
        else if (typeof value !== 'string') problems.push(`blocks.text.${blockId}.${path} must be a string`);
        else {
          const problem = blockTextProblem(field, `${blockId}/${path}`, value);
          if (problem !== null) problems.push(problem);
        }
      }
    }
  }
  const extra = Object.keys(p).filter((k) => !['shown', 'hidden', 'text'].includes(k));
  if (extra.length > 0) problems.push(`blocks has unknown members: ${extra.join(', ')}`);
  return problems;
}

/** Every override as a change field and its value: `block:<blockId>/<path>`. */
export function planTextFields(blocks: readonly PageBlock[], plan: BlockPlan): Map<string, string> {
  const values = new Map<string, string>();
  for (const block of blocks) {
    const overrides = plan.text[block.blockId] ?? {};
    for (const field of blockTextFields(block)) {
      values.set(`block:${block.blockId}/${field.path}`, overrides[field.path] ?? field.value);
    }
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Legacy sections (before typed blocks): each becomes a richText block, its image kept.

export interface LegacySection {
  heading: string;
  text: string;
  imageAssetId?: string;
}

export function sectionsToBlocks(sections: readonly LegacySection[]): PageBlock[] {
  const hero: HeroBlock = { blockId: 'hero', type: 'hero' };
  return [
    hero,
    ...sections.map(
      (s, i): RichTextBlock => ({
        blockId: `section-${i + 1}`,
        type: 'richText',
        ...(s.heading === '' ? {} : { heading: s.heading }),
        text: s.text,
        ...(s.imageAssetId === undefined ? {} : { image: { assetId: s.imageAssetId, alt: s.heading } }),
      }),
    ),
  ];
}
