import Color from 'colorjs.io';
import { ApiError, type FieldError } from '../../errors.js';
import type { Brand, BrandColors } from './brands.schemas.js';

/** WCAG 2.1 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  return new Color(a).contrast(new Color(b), 'WCAG21');
}

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111827', background) ? '#ffffff' : '#111827';
}

/**
 * The pairs a page draws, and the WCAG 2.1 AA minimum of each: body text on the background and
 * button text on the primary colour are normal text (4.5:1); the accent is for large text,
 * borders and icons (3:1, AA for non-text and large text).
 */
const PAIRS: { fg: keyof Brand['colors']; bg: keyof Brand['colors']; min: number; what: string }[] = [
  { fg: 'text', bg: 'background', min: 4.5, what: 'text on background' },
  { fg: 'primaryText', bg: 'primary', min: 4.5, what: 'primaryText on primary (button text)' },
  { fg: 'accent', bg: 'background', min: 3, what: 'accent on background' },
];

/** The colours with `primaryText` filled in; a 400 naming every pair below its minimum. */
export function checkedColors(colors: BrandColors): Brand['colors'] {
  const full = { ...colors, primaryText: colors.primaryText ?? readableOn(colors.primary) };
  const errors: FieldError[] = [];
  for (const pair of PAIRS) {
    const ratio = contrastRatio(full[pair.fg], full[pair.bg]);
    if (ratio < pair.min) {
      errors.push({
        pointer: `/colors/${pair.fg}`,
        code: 'invalid_value',
        detail: `${pair.what}: ${full[pair.fg]} on ${full[pair.bg]} has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs at least ${pair.min}:1`,
      });
    }
  }
  if (errors.length > 0) {
    throw new ApiError(
      'validation_failed',
      `The brand's colours do not pass WCAG AA contrast: ${errors.map((e) => e.detail).join('; ')}`,
      errors,
    );
  }
  return full;
}
