import { type Static, Type } from 'typebox';
import type { PagesTable } from '../../db/schema.js';
import { AGENT_LIMITS, CONTENT_LIMITS } from '../../domain/audience-content.js';
import { type LegacySection, type PageBlock, sectionsToBlocks } from '../../domain/page-blocks.js';
import { Count, literalUnion, NullableTimestamp, PathId, Timestamp } from '../../http/common.schemas.js';
import { toIso, toIsoOrNull } from '../../time.js';
import { PageBlockInput, PageBlockOutput } from './page-blocks.schemas.js';

// Upper bounds on operator-supplied strings are Quire's own (the interface gives none): they keep
// absurd values out without limiting real pages.
const Text = (max = 2000) => Type.String({ maxLength: max });

export const Metadata = Type.Object(
  {
    // A version's content starts from these three, so they share its bounds (CONTENT_LIMITS).
    title: Type.Optional(Text(CONTENT_LIMITS.metaTitle)),
    description: Type.Optional(Text(CONTENT_LIMITS.metaDescription)),
    keywords: Type.Optional(
      Type.Array(Text(CONTENT_LIMITS.keyword), { maxItems: CONTENT_LIMITS.keywordCount }),
    ),
    author: Type.Optional(Text(500)),
    robots: Type.Optional(Type.Array(Text(100), { maxItems: 20 })),
    canonicalUrl: Type.Optional(Text()),
    ogTitle: Type.Optional(Text(500)),
    ogDescription: Type.Optional(Text()),
    ogImageUrl: Type.Optional(Text()),
    ogImageFileId: Type.Optional(Text(255)),
    ogImageAlt: Type.Optional(Text(500)),
    ogSiteName: Type.Optional(Text(500)),
    ogUrl: Type.Optional(Text()),
    twitterTitle: Type.Optional(Text(500)),
    twitterDescription: Type.Optional(Text()),
    twitterImageUrl: Type.Optional(Text()),
    twitterImageFileId: Type.Optional(Text(255)),
    twitterImageAlt: Type.Optional(Text(500)),
    twitterSite: Type.Optional(Text(500)),
    twitterCreator: Type.Optional(Text(500)),
    themeColor: Type.Optional(Text(50)),
  },
  { title: 'Metadata', additionalProperties: false },
);
export type Metadata = Static<typeof Metadata>;

export const Action = Type.Object(
  {
    actionId: Type.String({ minLength: 1, maxLength: 255 }),
    actionIndex: Type.Number(),
    purpose: Text(),
    buttonTitle: Text(500),
    actionType: Text(100),
    url: Text(),
  },
  { additionalProperties: false },
);
export type Action = Static<typeof Action>;

/**
 * An action as an operator writes it: its position is a whole number and its button title fits the
 * bound of a version's content (CONTENT_LIMITS), so the page agent never meets a page it must refuse.
 * URLs, unique ids and the header action are checked by page-content.ts.
 */
const ActionInput = Type.Object(
  {
    actionId: Type.String({ minLength: 1, maxLength: 255 }),
    actionIndex: Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'Where the action sorts among the page’s actions.',
    }),
    purpose: Text(),
    buttonTitle: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.buttonTitle }),
    actionType: Text(100),
    url: Text(CONTENT_LIMITS.actionUrl),
  },
  { additionalProperties: false },
);

const Image = Type.Object(
  { altText: Text(500), url: Text(), fileId: Text(255), assetId: Text(255) },
  { additionalProperties: false },
);

export const ActionCardWidget = Type.Object(
  {
    type: Text(100),
    title: Text(500),
    logos: Type.Array(Type.Object({ image: Image }, { additionalProperties: false }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);

export const Script = Type.Object(
  { content: Text(100_000), enabled: Type.Boolean(), name: Text(255), description: Text() },
  { additionalProperties: false },
);

export const FooterLinkGroup = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 255 }),
    title: Text(500),
    links: Type.Array(
      Type.Object(
        { id: Type.String({ minLength: 1, maxLength: 255 }), text: Text(500), url: Text() },
        { additionalProperties: false },
      ),
      { maxItems: 100 },
    ),
  },
  { additionalProperties: false },
);

const Hero = {
  // An audience's version may change these two; the agents keep to the same bounds.
  headline: Text(AGENT_LIMITS.headline),
  subheadline: Text(AGENT_LIMITS.subheadline),
};

/** A section of the body before typed blocks; still accepted on input, stored as a richText block. */
const LegacySectionInput = Type.Object(
  {
    heading: Text(300),
    text: Text(10_000),
    imageAssetId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);

/**
 * Extension: the visible body of the hosted page, written by operators (docs/hosted-pages.md): the
 * hero's headline and subheadline, and the page's typed blocks in order. `sections` is the body's
 * earlier form: each section becomes a `richText` block (after a `hero`), nothing is lost.
 */
export const PageBodyInput = Type.Object(
  {
    ...Hero,
    blocks: Type.Optional(Type.Array(PageBlockInput, { maxItems: 40 })),
    sections: Type.Optional(Type.Array(LegacySectionInput, { maxItems: 30 })),
  },
  { additionalProperties: false },
);
export type PageBodyInput = Static<typeof PageBodyInput>;

export const PageBody = Type.Object(
  { ...Hero, blocks: Type.Array(PageBlockOutput) },
  { title: 'PageBody', additionalProperties: false },
);
export interface PageBody {
  headline: string;
  subheadline: string;
  blocks: PageBlock[];
}

const Slug = Type.String({
  minLength: 1,
  maxLength: 80,
  pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
  description: "Extension: the page's kebab-case name in its public URL, unique per tenant.",
});

const PAGE_TYPES = ['inbound', 'outbound', 'call_followup', 'sales_deck', 'custom'] as const;
export const PageType = literalUnion(PAGE_TYPES);
const PAGE_STATUSES = ['archived', 'draft', 'published'] as const;
export const PageStatus = literalUnion(PAGE_STATUSES);

export const Page = Type.Object(
  {
    pageId: Type.String({ examples: ['page_01jdq8m3k4e8v9t6w5x2y1z0ab'] }),
    brandId: Type.String(),
    name: Type.String(),
    title: Type.String(),
    pageContext: Type.String(),
    pageType: PageType,
    status: PageStatus,
    audiencesCount: Count,
    actions: Type.Array(Action),
    actionCardWidgets: Type.Array(ActionCardWidget),
    scripts: Type.Array(Script),
    footerLinks: Type.Array(FooterLinkGroup),
    headerActionId: Type.Optional(Type.String()),
    metadata: Type.Optional(Metadata),
    slug: Type.Optional(Slug),
    body: Type.Optional(PageBody),
    indexable: Type.Optional(
      Type.Boolean({ description: 'Extension: whether search engines may index the page itself.' }),
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    archivedAt: NullableTimestamp,
    deletedAt: NullableTimestamp,
  },
  { title: 'Page' },
);
export type Page = Static<typeof Page>;

export const PagePath = Type.Object({ page_id: PathId });
export const RestorePageBody = Type.Object(
  {},
  { additionalProperties: false, description: 'An empty JSON object.' },
);

/** Operator API paths: a tenant, a page of a tenant. */
export const AdminTenantPath = Type.Object({ tenant: PathId });
export const AdminPagePath = Type.Object({ tenant: PathId, page_id: PathId });

/** What an operator sends to create a page (admin API and CLI). */
export const CreatePageInput = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 255 }),
    name: Type.String({ minLength: 1, maxLength: 255 }),
    title: Type.String({ minLength: 1, maxLength: 500 }),
    pageContext: Type.Optional(Text(50_000)),
    pageType: Type.Optional(PageType),
    status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published')])),
    actions: Type.Optional(Type.Array(ActionInput, { maxItems: 50 })),
    actionCardWidgets: Type.Optional(Type.Array(ActionCardWidget, { maxItems: 50 })),
    scripts: Type.Optional(Type.Array(Script, { maxItems: 50 })),
    footerLinks: Type.Optional(Type.Array(FooterLinkGroup, { maxItems: 50 })),
    headerActionId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    metadata: Type.Optional(Metadata),
    slug: Type.Optional(Slug),
    body: Type.Optional(PageBodyInput),
    indexable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreatePageInput = Static<typeof CreatePageInput>;

/** An update replaces the members it names; `headerActionId`/`metadata` null removes them. */
export const UpdatePageInput = Type.Object(
  {
    brandId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    pageContext: Type.Optional(Text(50_000)),
    pageType: Type.Optional(PageType),
    status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published')])),
    actions: Type.Optional(Type.Array(ActionInput, { maxItems: 50 })),
    actionCardWidgets: Type.Optional(Type.Array(ActionCardWidget, { maxItems: 50 })),
    scripts: Type.Optional(Type.Array(Script, { maxItems: 50 })),
    footerLinks: Type.Optional(Type.Array(FooterLinkGroup, { maxItems: 50 })),
    headerActionId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Null()])),
    metadata: Type.Optional(Type.Union([Metadata, Type.Null()])),
    slug: Type.Optional(Slug),
    body: Type.Optional(Type.Union([PageBodyInput, Type.Null()])),
    indexable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdatePageInput = Static<typeof UpdatePageInput>;

export function pageActions(row: PagesTable): Action[] {
  return JSON.parse(row.actions) as Action[];
}

export function pageMetadata(row: PagesTable): Metadata | null {
  return row.metadata === null ? null : (JSON.parse(row.metadata) as Metadata);
}

export function pageBody(row: PagesTable): PageBody | null {
  return row.body === null ? null : storedBody(JSON.parse(row.body));
}

/** A body as stored (always blocks since migration 0015; sections are read defensively). */
function storedBody(body: {
  headline: string;
  subheadline: string;
  blocks?: PageBlock[];
  sections?: LegacySection[];
}): PageBody {
  return {
    headline: body.headline,
    subheadline: body.subheadline,
    blocks: body.blocks ?? sectionsToBlocks(body.sections ?? []),
  };
}

/** The body an operator sent, as it is stored: sections become blocks (after the blocks sent, if both). */
export function bodyToStore(input: PageBodyInput): PageBody {
  const sections = input.sections === undefined ? [] : sectionsToBlocks(input.sections);
  const blocks = input.blocks ?? [];
  // The converted sections bring a hero of their own only when the blocks have none.
  const hasHero = blocks.some((b) => b.type === 'hero');
  return {
    headline: input.headline,
    subheadline: input.subheadline,
    blocks: [...blocks, ...sections.filter((b) => !(hasHero && b.type === 'hero'))],
  };
}

/** The page as an audience's content starts from it (defaultContent in src/domain/audience-content.ts). */
export function contentPageOf(row: PagesTable) {
  const body = pageBody(row);
  return {
    title: row.title,
    actions: pageActions(row),
    headerActionId: row.header_action_id,
    metadata: pageMetadata(row),
    body,
    blocks: body?.blocks ?? [],
  };
}

export function toPage(row: PagesTable): Page {
  const body = pageBody(row);
  const metadata = pageMetadata(row);
  return {
    pageId: row.id,
    brandId: row.brand_id,
    name: row.name,
    title: row.title,
    pageContext: row.page_context,
    pageType: row.page_type as Page['pageType'],
    status: row.status,
    audiencesCount: row.audiences_count,
    actions: pageActions(row),
    actionCardWidgets: JSON.parse(row.action_card_widgets),
    scripts: JSON.parse(row.scripts),
    footerLinks: JSON.parse(row.footer_links),
    ...(row.header_action_id === null ? {} : { headerActionId: row.header_action_id }),
    ...(metadata === null ? {} : { metadata }),
    ...(row.slug === null ? {} : { slug: row.slug }),
    ...(body === null ? {} : { body }),
    indexable: row.indexable === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    archivedAt: toIsoOrNull(row.archived_at),
    deletedAt: toIsoOrNull(row.deleted_at),
  };
}
