/**
 * A count and its noun, the noun plural but for one: "1 asset", "3 assets", "0 assets"; `many`
 * for a noun whose plural is not the singular with an s ("1 delivery", "2 deliveries").
 */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
