/**
 * Realistic values for the reference's samples where a schema has no `examples` of its own, by
 * member name: Redoc would otherwise show "string" for every one of them. Only the reference
 * document gets them (src/docs/reference-document.ts); the served OpenAPI document is unchanged.
 */
const ID = '01jdq8m3k4e8v9t6w5x2y1z0ab';

const BY_NAME: Record<string, string> = {
  actionFormIdOverride: 'demo-request-form',
  actionFormInstructionsOverride: 'Ask for the company size first',
  actionId: 'book-demo',
  actionType: 'link',
  actionUrlOverride: 'https://acme.com/demo?ref=finops',
  aiDescription: 'A harbour at dawn with fishing boats and a lighthouse',
  altText: 'Acme logo',
  author: 'Acme Inc.',
  buttonTitle: 'Book a demo',
  clientMessageId: 'demo-1',
  computedName: 'CFOs at mid-size manufacturers',
  content: 'Our customers close their books in two days.',
  currentMetaDescription: 'Close your books in two days.',
  currentMetaKeywords: 'finance, close, automation',
  currentMetaTitle: 'A two-day close | Acme',
  currentSupplementaryContext: 'Met at the FinOps Summit; interested in automating the close.',
  customName: 'FinOps Summit follow-up',
  description: 'How Acme shortens the monthly close',
  detail: 'name must be at least 1 character long',
  effectiveName: 'FinOps Summit follow-up',
  field: 'title',
  fileId: 'file_harbour_1',
  header: 'x-api-key',
  idempotencyKey: 'evt_1',
  keywords: 'finance',
  message: 'Change the title to "A two-day close for Analytical Engines"',
  name: 'Ada Lovelace',
  newValue: 'A two-day close for Analytical Engines',
  nextCursor: 'eyJrIjpbMTc2MzcxOTIwMDAwMCwicGVyc29uXzAxIl19',
  ogSiteName: 'Acme',
  operationKey: 'regenerate-2026-11-21',
  pageContext: 'Acme sells close automation to finance teams of mid-size companies.',
  parameter: 'limit',
  personName: 'Ada Lovelace',
  personRouteKey: 'ada-lovelace',
  pointer: '/name',
  previousValue: 'Close your books faster',
  purpose: 'Hero image of the pricing page',
  reasoning: 'The request names the title; only the title changed.',
  requestId: 'req_4394779a8d25437eba12d8ff90669cfb',
  robots: 'index',
  source: 'hubspot',
  supplementaryContext: 'Met at the FinOps Summit; interested in automating the close.',
  tags: 'harbour',
  text: 'Called the CFO; follow up on Friday',
  themeColor: '#0b5fff',
  title: 'A two-day close for Analytical Engines',
  twitterCreator: '@ada',
  twitterSite: '@acme',
  type: 'about:blank',
};

/** An example for a string member named `name`, or undefined when nothing fits. */
export function fieldExample(name: string): string | undefined {
  if (BY_NAME[name] !== undefined) return BY_NAME[name];
  if (name === 'id') return `item_${ID}`;
  if (name.endsWith('Id')) return `${name.slice(0, -2).toLowerCase()}_${ID}`;
  if (/url$/i.test(name)) return `https://acme.com/${name.replace(/url$/i, '').toLowerCase() || 'page'}`;
  if (/Title$/.test(name)) return BY_NAME.title;
  if (/Description$/.test(name)) return BY_NAME.description;
  if (/Alt$/.test(name)) return BY_NAME.altText;
  return undefined;
}
