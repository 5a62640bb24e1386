/**
 * Keyset pagination: a list is read after the sort key of the last row of the previous page, in
 * the order of an index, so a page costs the same however deep it is.
 */

/** A sort key: the values of the ordering columns of one row, last one the id. */
export type SortKey = readonly (string | number)[];
/** What each element of a sort key must be, so a forged cursor cannot inject other types. */
export type SortKeyShape = readonly ('string' | 'number')[];
