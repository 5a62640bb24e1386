/** A page's headers over the document ones (security-headers.ts); page-lane.ts sends the same. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Same-site navigations (the click-through links) keep the page's query, for UTM parameters.
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'cross-origin',
};
