import type { AudienceContent } from '../../domain/audience-content.js';
import { primaryAction } from '../../domain/audience-content.js';
import { arrangeBlocks, type PageBlock } from '../../domain/page-blocks.js';
import { resolveImages } from './block-images.js';
import type { FormState } from './components/form-block.js';
import { type PageScript, parsePageScripts } from './page-scripts.js';
import { safeUrl } from './safe-url.js';

/**
 * Everything a hosted page shows, as plain data: what the components render. Built from the page,
 * the audience and its version content by `hostedView`; it imports no database, so the served
 * page and the operator's preview (serve-preview.ts) build it the same way. Supplementary context
 * and activity never enter it.
 */
export interface HostedView {
  title: string;
  head: HeadTags;
  headline: string;
  subheadline: string;
  /** The blocks shown, in order, with the version's text applied and every image resolved. */
  blocks: PageBlock[];
  headerAction: ButtonView | null;
  actions: ButtonView[];
  widgets: { title: string; logos: { url: string; alt: string }[] }[];
  footer: { title: string; links: { text: string; url: string }[] }[];
  /** The script elements of the operator's enabled page scripts (none in previews). */
  scripts: PageScript[];
  /** How the page's form blocks render for this request; null in previews (inert forms). */
  form: FormState | null;
  /** Where the beacon posts a view; null for previews (they record nothing). */
  beaconUrl: string | null;
  /** A CSS colour, only when it is a plain hex colour (anything else is left out). */
  accent: string | null;
  /** The brand's CSS custom properties (`--brand-primary`...), laid over the stylesheet's defaults. */
  brand: {
    cssVariables: Record<string, string>;
    logoUrl: string | null;
    faviconUrl: string | null;
    name: string | null;
    /** A self-hosted font's `@font-face` rule, else '' (the stylesheet begins with it). */
    fontFaceCss: string;
    /** That font file's URL, whose origin the page's CSP allows in `font-src`; else null. */
    fontFileUrl: string | null;
  };
}

export interface ButtonView {
  actionId: string;
  title: string;
  /** The click-through link (/.../go/{actionId}), or the target itself in a preview. */
  href: string;
}

export interface HeadTags {
  title: string;
  description: string;
  keywords: string[];
  robots: string;
  canonical: string | null;
  themeColor: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
}

/** The page fields a view is built from (the page row, parsed). */
export interface ViewPage {
  title: string;
  actions: { actionId: string; buttonTitle: string; url: string }[];
  headerActionId: string | null;
  actionCardWidgets: { title: string; logos: { image: { url: string; altText: string } }[] }[];
  scripts: { content: string; enabled: boolean }[];
  footerLinks: { title: string; links: { text: string; url: string }[] }[];
  metadata: Record<string, string | string[] | undefined> | null;
  body: { headline: string; subheadline: string; blocks: PageBlock[] } | null;
  indexable: boolean;
}

export interface ViewOptions {
  /** Absolute URL of the page itself (canonical of every audience). */
  pageUrl: string;
  /** Base of this view's own links (`/p/h/s` or `/p/h/s/key`): go links and the beacon hang off it. */
  selfPath: string;
  /** Person audiences and previews are never indexed. */
  noindex: boolean;
  /** An audience's page points search engines at the page itself (canonical). */
  audience: boolean;
  preview: boolean;
  /** The files of the assets blocks name, by asset id (trashed and deleted ones are absent). */
  assetFiles: ReadonlyMap<string, { fileId: string; alt: string }>;
  /** The brand's theme (src/features/brands/brand-theme.ts). */
  brand?: HostedView['brand'];
  /** The request's form state (serve-form.ts), when the page shows a form. */
  form?: FormState;
}

/** The URL a button sends visitors to: the audience's action URL for the primary action, else the page's. */
export function actionTarget(page: ViewPage, content: AudienceContent, actionId: string): string | null {
  const primary = primaryAction(page.actions, page.headerActionId);
  const action = page.actions.find((a) => a.actionId === actionId);
  if (action === undefined) return null;
  const url = primary?.actionId === actionId && content.actionUrl !== '' ? content.actionUrl : action.url;
  return safeUrl(url);
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

function text(meta: ViewPage['metadata'], key: string): string | undefined {
  const value = meta?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function hostedView(
  page: ViewPage,
  content: AudienceContent,
  metadata: ViewPage['metadata'],
  options: ViewOptions,
): HostedView {
  const button = (a: { actionId: string; buttonTitle: string }): ButtonView | null => {
    const target = actionTarget(page, content, a.actionId);
    if (target === null) return null;
    return {
      actionId: a.actionId,
      title: content.buttonTitles[a.actionId] ?? a.buttonTitle,
      href: options.preview ? target : `${options.selfPath}/go/${encodeURIComponent(a.actionId)}`,
    };
  };
  const actions = page.actions.flatMap((a) => button(a) ?? []);
  const header =
    page.headerActionId === null ? null : (actions.find((a) => a.actionId === page.headerActionId) ?? null);
  const themeColor = text(metadata, 'themeColor') ?? null;
  const og: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  const put = (into: Record<string, string>, key: string, value: string | undefined | null) => {
    if (value !== undefined && value !== null && value !== '') into[key] = value;
  };
  put(og, 'og:type', 'website');
  put(og, 'og:title', text(metadata, 'ogTitle') ?? content.metaTitle);
  put(og, 'og:description', text(metadata, 'ogDescription') ?? content.metaDescription);
  put(og, 'og:url', safeUrl(text(metadata, 'ogUrl')) ?? options.pageUrl);
  put(og, 'og:image', safeUrl(text(metadata, 'ogImageUrl')));
  put(og, 'og:image:alt', text(metadata, 'ogImageAlt'));
  put(og, 'og:site_name', text(metadata, 'ogSiteName'));
  put(
    twitter,
    'twitter:card',
    safeUrl(text(metadata, 'twitterImageUrl')) ? 'summary_large_image' : 'summary',
  );
  put(twitter, 'twitter:title', text(metadata, 'twitterTitle') ?? content.metaTitle);
  put(twitter, 'twitter:description', text(metadata, 'twitterDescription') ?? content.metaDescription);
  put(twitter, 'twitter:image', safeUrl(text(metadata, 'twitterImageUrl')));
  put(twitter, 'twitter:image:alt', text(metadata, 'twitterImageAlt'));
  put(twitter, 'twitter:site', text(metadata, 'twitterSite'));
  put(twitter, 'twitter:creator', text(metadata, 'twitterCreator'));
  const indexable = page.indexable && !options.noindex;
  return {
    title: page.title,
    head: {
      title: content.metaTitle || page.title,
      description: content.metaDescription,
      keywords: content.metaKeywords,
      robots: indexable ? 'index, follow' : 'noindex, nofollow',
      canonical:
        options.noindex || options.audience
          ? options.pageUrl
          : (safeUrl(text(metadata, 'canonicalUrl')) ?? options.pageUrl),
      themeColor,
      og,
      twitter,
    },
    // The version's hero (the agent personalises it); its content starts from the page's own.
    headline: content.headline || page.body?.headline || page.title,
    subheadline: content.subheadline,
    blocks: resolveImages(arrangeBlocks(page.body?.blocks ?? [], content.blocks), options.assetFiles),
    headerAction: header,
    actions: actions.filter((a) => a !== header),
    widgets: page.actionCardWidgets.map((w) => ({
      title: w.title,
      logos: w.logos.flatMap((l) => {
        const url = safeUrl(l.image.url);
        return url === null ? [] : [{ url, alt: l.image.altText }];
      }),
    })),
    footer: page.footerLinks.map((g) => ({
      title: g.title,
      links: g.links.flatMap((l) => {
        const url = safeUrl(l.url);
        return url === null ? [] : [{ text: l.text, url }];
      }),
    })),
    scripts: options.preview
      ? []
      : page.scripts.filter((s) => s.enabled).flatMap((s) => parsePageScripts(s.content)),
    form: options.preview ? null : (options.form ?? null),
    beaconUrl: options.preview ? null : `${options.selfPath}/view`,
    accent: themeColor !== null && HEX_COLOUR.test(themeColor) ? themeColor : null,
    brand: options.brand ?? {
      cssVariables: {},
      logoUrl: null,
      faviconUrl: null,
      name: null,
      fontFaceCss: '',
      fontFileUrl: null,
    },
  };
}
