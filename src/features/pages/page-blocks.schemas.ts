import { type TSchema, Type } from 'typebox';
import {
  BLOCK_TEXT_BOUNDS,
  BLOCK_TYPES,
  FORM_FIELD_KINDS,
  ICON_NAMES,
  type PageBlock,
  type TextBounds,
} from '../../domain/page-blocks.js';

/**
 * The JSON schemas of a page's blocks (src/domain/page-blocks.ts). A block is validated by the
 * schema of its `type` through `if`/`then`, so a problem is reported at the block's own field
 * (`/body/blocks/3/items/1/title`), never as "matches none of eleven schemas".
 */
const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });
/** A text a version may override: its bounds are BLOCK_TEXT_BOUNDS's, which the version checks share. */
const Own = ({ min, max }: TextBounds) => Text(max, min);
const B = BLOCK_TEXT_BOUNDS;
const Id = Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' });

export const ImageRefSchema = Type.Object(
  {
    fileId: Type.Optional(Text(255, 1)),
    assetId: Type.Optional(Text(255, 1)),
    url: Type.Optional(Text(2048, 1)),
    alt: Text(300),
    width: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000 })),
    height: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000 })),
  },
  { additionalProperties: false },
);

const TraitConditionSchema = Type.Object(
  {
    trait: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^((person|account)\\.)?[A-Za-z][A-Za-z0-9_-]*$',
    }),
    op: Type.Optional(Type.Union(['eq', 'neq', 'in', 'gte', 'lte', 'exists'].map((op) => Type.Literal(op)))),
    value: Type.Optional(
      Type.Union([
        Text(200),
        Type.Number(),
        Type.Array(Type.Union([Text(200), Type.Number()]), { minItems: 1, maxItems: 50 }),
      ]),
    ),
  },
  { additionalProperties: false },
);

const common = {
  blockId: Id,
  showWhen: Type.Optional(Type.Array(TraitConditionSchema, { maxItems: 10 })),
  group: Type.Optional(Id),
  default: Type.Optional(Type.Boolean()),
};

const Pair = Type.Object(
  { value: Own(B.stats.value), label: Own(B.stats.label) },
  { additionalProperties: false },
);
const Icon = Type.Union(ICON_NAMES.map((name) => Type.Literal(name)));

const BY_TYPE: Record<PageBlock['type'], Record<string, TSchema>> = {
  hero: { eyebrow: Type.Optional(Own(B.hero.eyebrow)), image: Type.Optional(ImageRefSchema) },
  logos: {
    heading: Own(B.logos.heading),
    logos: Type.Array(
      Type.Object(
        { name: Text(120, 1), image: Type.Optional(ImageRefSchema) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 24 },
    ),
  },
  features: {
    heading: Own(B.features.heading),
    intro: Type.Optional(Own(B.features.intro)),
    items: Type.Array(
      Type.Object(
        {
          title: Own(B.features.title),
          text: Own(B.features.text),
          icon: Type.Optional(Icon),
          image: Type.Optional(ImageRefSchema),
        },
        { additionalProperties: false },
      ),
      { minItems: 2, maxItems: 6 },
    ),
  },
  testimonial: {
    quote: Own(B.testimonial.quote),
    author: Own(B.testimonial.author),
    role: Type.Optional(Own(B.testimonial.role)),
    company: Type.Optional(Own(B.testimonial.company)),
    photo: Type.Optional(ImageRefSchema),
  },
  stats: {
    heading: Type.Optional(Own(B.stats.heading)),
    items: Type.Array(Pair, { minItems: 1, maxItems: 6 }),
  },
  caseStudy: {
    customer: Text(120, 1),
    industry: Text(80, 1),
    title: Own(B.caseStudy.title),
    summary: Own(B.caseStudy.summary),
    metrics: Type.Array(Pair, { maxItems: 3 }),
    link: Type.Optional(
      Type.Object({ text: Text(120, 1), url: Text(2048, 1) }, { additionalProperties: false }),
    ),
    logo: Type.Optional(ImageRefSchema),
  },
  faq: {
    heading: Own(B.faq.heading),
    items: Type.Array(
      Type.Object(
        { question: Own(B.faq.question), answer: Own(B.faq.answer) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
  },
  richText: {
    heading: Type.Optional(Own(B.richText.heading)),
    text: Own(B.richText.text),
    image: Type.Optional(ImageRefSchema),
  },
  image: { image: ImageRefSchema, caption: Type.Optional(Own(B.image.caption)) },
  video: {
    provider: Type.Union([Type.Literal('youtube'), Type.Literal('vimeo')]),
    videoId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    title: Own(B.video.title),
    poster: Type.Optional(ImageRefSchema),
    caption: Type.Optional(Own(B.video.caption)),
  },
  ctaBanner: {
    heading: Own(B.ctaBanner.heading),
    text: Type.Optional(Own(B.ctaBanner.text)),
    actionIds: Type.Optional(Type.Array(Text(255, 1), { maxItems: 3 })),
  },
  form: {
    heading: Type.Optional(Own(B.form.heading)),
    intro: Type.Optional(Own(B.form.intro)),
    fields: Type.Array(
      Type.Object(
        {
          field: Type.Union(FORM_FIELD_KINDS.map((kind) => Type.Literal(kind))),
          label: Own(B.form.label),
          placeholder: Type.Optional(Own(B.form.placeholder)),
          required: Type.Optional(Type.Boolean()),
          kind: Type.Optional(Type.Union([Type.Literal('select'), Type.Literal('checkbox')])),
          options: Type.Optional(Type.Array(Text(120, 1), { minItems: 1, maxItems: 30 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: FORM_FIELD_KINDS.length },
    ),
    buttonText: Own(B.form.buttonText),
    thankYouMessage: Type.Optional(Own(B.form.thankYouMessage)),
    redirectUrl: Type.Optional(Text(2048, 1)),
    consentText: Type.Optional(Own(B.form.consentText)),
    consentRequired: Type.Optional(Type.Boolean()),
    captureUtm: Type.Optional(Type.Boolean()),
    proofOfWork: Type.Optional(Type.Boolean()),
    prefillName: Type.Optional(Type.Boolean()),
  },
};

/** One block as an operator writes it: its `type` picks the schema its other members must match. */
export const PageBlockInput = Type.Unsafe<PageBlock>({
  type: 'object',
  required: ['blockId', 'type'],
  properties: { blockId: Id, type: Type.Union(BLOCK_TYPES.map((t) => Type.Literal(t))) },
  allOf: BLOCK_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
    then: Type.Object(
      { ...common, type: Type.Literal(type), ...BY_TYPE[type] },
      { additionalProperties: false },
    ),
  })),
  description:
    'Extension: one typed block of the page body (hero, logos, features, testimonial, stats, caseStudy, faq, richText, image, video, ctaBanner, form); see docs/pages-and-audiences.md.',
});

/** A block as the API shows it (written as validated above). */
export const PageBlockOutput = Type.Object(
  { blockId: Type.String(), type: Type.String() },
  { additionalProperties: true, title: 'PageBlock' },
);

const Decision = Type.Object({ blockId: Type.String(), reason: Type.String() });

/** Extension: a version's block plan (src/domain/page-blocks.ts BlockPlan). */
export const BlockPlanSchema = Type.Object(
  {
    shown: Type.Array(Decision, { description: 'The blocks shown, in display order, each with why.' }),
    hidden: Type.Array(Decision, { description: 'The blocks not shown, each with why.' }),
    text: Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
      description: 'Text overrides by blockId, then by field path (`items/1/answer`).',
    }),
  },
  {
    title: 'BlockPlan',
    description:
      "Extension: which of the page's blocks the version shows, in what order and why (the rule's trait), and its text overrides; absent: the page's own.",
  },
);
