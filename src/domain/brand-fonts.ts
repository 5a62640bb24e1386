/**
 * The system font stacks a brand may choose (issue 31): a pure catalogue, read by the server's
 * schemas and page theme and by the console's brand form and preview, so the two cannot differ.
 */
export const SYSTEM_FONTS = ['sans', 'serif', 'mono', 'rounded', 'humanist', 'geometric'] as const;
export type SystemFont = (typeof SYSTEM_FONTS)[number];

/** Font stacks that need no download: each names fonts the main systems ship. */
export const FONT_STACKS: Record<SystemFont, string> = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Times New Roman", serif',
  mono: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", monospace',
  rounded:
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", Calibri, sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
};
