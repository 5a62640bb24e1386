/**
 * STAND-IN for the `files` branch's module of the same path (issue 31): the contract only, returning
 * the default theme, so this branch compiles. The integrator replaces it with the real brands module.
 */
export interface BrandTheme {
  cssVariables: Record<string, string>;
  fontStack: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  name: string | null;
}

export function brandTheme(_brand: unknown | null): BrandTheme {
  return { cssVariables: {}, fontStack: '', logoUrl: null, faviconUrl: null, name: null };
}
