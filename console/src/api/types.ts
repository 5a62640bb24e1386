/**
 * The console's types, every one derived from the schema generated from docs/admin-openapi.json,
 * so a change of the server's schemas is a type error here or in a screen, not a surprise in the
 * browser (`npm run openapi` regenerates the schema); and the lists the forms offer, checked
 * against the schema's enums.
 */
import type { components, paths } from '@quire/client/admin';
// Pure catalogues with no imports of server code (docs/architecture.md, "console/"): one list each.
import { SYSTEM_FONTS as BRAND_SYSTEM_FONTS } from '../../../src/domain/brand-fonts.js';
import type { Scope } from '../../../src/domain/scopes.js';

export type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'patch' | 'delete';
/** The JSON a successful call of this operation answers (its 200, else its 201). */
export type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : never
  : never;
/** The JSON body an operation takes. */
export type Body<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer T } };
}
  ? T
  : never;
export type ItemOf<P extends keyof paths> = Answer<P, 'get'> extends { items: (infer T)[] } ? T : never;

export type Me = Answer<'/admin/v0/me', 'get'>;
export type Operator = Me['operator'];
export type Role = Operator['role'];
export type Tenant = Schemas['TenantSummary'];

export type Page = Schemas['Page'];
export type PageStatus = Page['status'];
export type PageBody = Schemas['PageBody'];
export type PageAction = NonNullable<Page['actions']>[number];
/** What the page form sends (create: brandId, name and title required). */
export type PageInput = Schemas['AdminUpdatePageBody'] & Partial<Schemas['AdminCreatePageBody']>;

export type Audience = Schemas['Audience'];
export type FormSubmission = Schemas['FormSubmission'];
export type Version = Schemas['VersionDetail'];
export type AudienceContent = Schemas['AudienceContent'];
export type Message = Schemas['Message'];
export type Person = Schemas['Person'];
export type Account = Schemas['Account'];
/** One entry of an account's timeline: an account log, or a log of one of its linked persons. */
export type ActivityItem = Schemas['AccountActivityItem'];
export type AuditEntry = ItemOf<'/admin/v0/tenants/{tenant}/audit'>;

export type Asset = Schemas['Asset'];
export type AssetType = Asset['data']['type'];
export type AssetInput = Schemas['AdminCreateAssetBody'];
export type AssetEdit = Schemas['AdminUpdateAssetBody'];
export type Topic = Schemas['TopicWithEntries'];
export type TopicEntry = Schemas['TopicEntry'];
export type EntryContent = TopicEntry['content'];

/** What an operator sees of an API key: never the key itself, which is not stored. */
export type ApiKey = ItemOf<'/admin/v0/tenants/{tenant}/keys'>;
/** The answer to a create: the key itself, this once (absent from an idempotent replay). */
export type CreatedKey = Answer<'/admin/v0/tenants/{tenant}/keys', 'post'>;
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type FieldProblem = Schemas['FieldProblem'];

/**
 * A list of every member of the union T, in the order given: a value missing from the list, or
 * one the schema does not know, is a type error (so the list cannot drift from the server's).
 */
const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : 'missing a value')) =>
    list;

export const ROLES = everyOf<Role>()(['viewer', 'editor', 'publisher', 'admin']);
export const PAGE_TYPES = everyOf<Page['pageType']>()([
  'inbound',
  'outbound',
  'call_followup',
  'sales_deck',
  'custom',
]);
export const ASSET_TYPES = everyOf<AssetType>()(['image', 'logo', 'icon', 'video', 'custom-component']);
export const ENTRY_CONTENT_TYPES = everyOf<EntryContent['type']>()(['text', 'markdown', 'url']);

/** Traits of an account or a person (what the rules of a page's blocks read). */
export type Traits = NonNullable<Account['traits']>;
/** A change of traits: a key set to its value, or null to remove it. */
export type TraitsChange = Schemas['AdminSetAccountTraitsBody']['traits'];

export type UploadedFile = Schemas['File'];
export type Brand = Schemas['Brand'];
export type BrandFont = Brand['font'];
export type BrandInput = Schemas['AdminCreateBrandBody'];
export type BrandUpdate = Schemas['AdminUpdateBrandBody'];
/** The system font stacks a brand may choose, held to the schema's enum. */
export const SYSTEM_FONTS = everyOf<Extract<BrandFont, { kind: 'system' }>['stack']>()(BRAND_SYSTEM_FONTS);

export type EngagementCounts = Schemas['EngagementCounts'];
export type TenantSettings = Schemas['Tenant'];
export type { Scope };
