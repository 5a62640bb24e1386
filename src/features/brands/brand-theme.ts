import Color from 'colorjs.io';
import { FONT_STACKS, type SystemFont } from '../../domain/brand-fonts.js';
import { fileUrl } from '../files/file-urls.js';
import type { Brand } from './brands.schemas.js';
import { contrastRatio } from './contrast.js';

export interface BrandTheme {
  /** Exactly the `--brand-*` custom properties below, for a `:root{...}` rule. */
  cssVariables: Record<BrandVariable, string>;
  fontStack: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  name: string | null;
  /**
   * `@font-face` rule of a self-hosted font (its URL served by Quire), else ''. The hosted page puts
   * it first in its inline stylesheet and allows `fontFileUrl`'s origin in `font-src`.
   */
  fontFaceCss: string;
  /** The self-hosted font file's URL (file-urls.ts: `/files/...` or under PUBLIC_FILE_BASE_URL), else null. */
  fontFileUrl: string | null;
}

export type BrandVariable =
  | '--brand-primary'
  | '--brand-primary-text'
  | '--brand-accent'
  | '--brand-background'
  | '--brand-text'
  | '--brand-muted'
  | '--brand-font'
  | '--brand-radius';

/** The look of a page without a brand: a calm blue on white that passes AA everywhere. */
const DEFAULTS = {
  primary: '#1d4ed8',
  primaryText: '#ffffff',
  accent: '#0e7490',
  background: '#ffffff',
  text: '#111827',
  radius: 8,
};

/**
 * What a page needs to render in a brand: CSS custom properties, the font stack, logo and favicon
 * URLs (served by Quire, file-urls.ts). A null brand (none named, or none of that id) gives the
 * defaults. `--brand-muted` (secondary text) is the text colour mixed toward the background as far
 * as it still reads at 4.5:1, so it passes AA whatever the brand's colours.
 */
export function brandTheme(brand: Brand | null): BrandTheme {
  const colors = brand?.colors ?? DEFAULTS;
  const font = brand?.font ?? { kind: 'system' as const, stack: 'sans' as const };
  const fontStack =
    font.kind === 'system'
      ? FONT_STACKS[font.stack as SystemFont]
      : `"${font.family}", ${FONT_STACKS[(font.fallback ?? 'sans') as SystemFont]}`;
  const radius = brand?.buttonRadius ?? DEFAULTS.radius;
  const fontFileUrl = font.kind === 'file' ? fileUrl(font.fileId) : null;
  return {
    cssVariables: {
      '--brand-primary': colors.primary,
      '--brand-primary-text': colors.primaryText,
      '--brand-accent': colors.accent,
      '--brand-background': colors.background,
      '--brand-text': colors.text,
      '--brand-muted': mutedOf(colors.text, colors.background),
      '--brand-font': fontStack,
      '--brand-radius': `${radius}px`,
    },
    fontStack,
    logoUrl: brand?.logoFileId ? fileUrl(brand.logoFileId) : null,
    faviconUrl: brand?.faviconFileId ? fileUrl(brand.faviconFileId) : null,
    name: brand?.name ?? null,
    // The family is letters, digits, spaces, '_' and '-' (brands.schemas.ts), the URL a file id's.
    fontFaceCss:
      font.kind === 'file'
        ? `@font-face{font-family:"${font.family}";src:url("${fontFileUrl}");font-display:swap}`
        : '',
    fontFileUrl,
  };
}

/**
 * The lightest mix of text toward background that keeps 6:1 against the background (tried in steps
 * of 5 %): secondary text also sits on tinted sections (a little of the primary colour mixed into
 * the background), where it must still pass WCAG AA's 4.5:1.
 */
function mutedOf(text: string, background: string): string {
  const from = new Color(text);
  for (let amount = 0.5; amount > 0; amount -= 0.05) {
    const mixed = from.mix(background, amount, { space: 'srgb' }).toString({ format: 'hex' });
    const hex = expandHex(mixed);
    if (contrastRatio(hex, background) >= 6) return hex;
  }
  return text;
}

function expandHex(hex: string): string {
  return /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}
