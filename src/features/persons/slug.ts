import slugify from '@sindresorhus/slugify';

const MAX_BASE_LENGTH = 80;

/** The kebab-case ASCII form of a name (`Zoë Smith-Jones` -> `zoe-smith-jones`); `person` if nothing is left. */
export function baseSlug(name: string): string {
  const slug = slugify(name, { decamelize: false }).slice(0, MAX_BASE_LENGTH).replace(/-+$/, '');
  return slug.length > 0 ? slug : 'person';
}

/** The first free slug: `base`, else `base-2`, `base-3`... after the highest suffix in use. */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const takenSet = new Set(taken);
  if (!takenSet.has(base)) return base;
  let highest = 1;
  for (const slug of taken) {
    const suffix = slug.slice(base.length + 1);
    if (slug.startsWith(`${base}-`) && /^[1-9]\d{0,8}$/.test(suffix))
      highest = Math.max(highest, Number(suffix));
  }
  return `${base}-${highest + 1}`;
}
