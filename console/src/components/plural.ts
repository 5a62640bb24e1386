/** A count and its noun, the noun plural but for one: "1 asset", "3 assets", "0 assets". */
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
