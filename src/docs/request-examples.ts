/**
 * The example requests of the API reference: realistic bodies and query strings, one per
 * operation, each accepted as pasted (src/docs/request-examples.test.ts sends every one of them).
 * Path parameters are shell variables named like the README's (`$PAGEID` for `page_id`), the key
 * is `$APIKEY`, as the README exports the demo tenant's key.
 */
export const REQUEST_BODIES: Record<string, unknown> = {
  createPerson: { name: 'Ada Lovelace', email: 'ada@acme.com', domain: 'acme.com' },
  createAccountLog: {
    source: 'hubspot',
    type: 'deal-won',
    domain: 'acme.com',
    payload: { amount: 12500, currency: 'EUR' },
    idempotencyKey: 'evt_1',
  },
  createAsset: {
    assetType: 'image',
    name: 'Harbour at dawn',
    purpose: 'hero image',
    fileId: 'file_harbour_1',
    idempotencyKey: 'asset-1',
  },
  createAudienceVersion: { operationKey: 'regenerate-2026-11-21' },
  sendAudienceMessage: {
    message: 'Change the title to "A two-day close for Analytical Engines"',
    clientMessageId: 'demo-1',
  },
  updateAccountLog: { text: 'Called the CFO; follow up on Friday' },
  updatePersonLog: { text: 'Asked for the security questionnaire' },
  restorePage: {},
  createAudience: {
    customName: 'Fintech CFOs',
    routeKey: 'fintech-cfos',
    supplementaryContext: 'CFOs of European fintech scale-ups; they care about the month-end close.',
  },
  publishAudienceVersion: {},
  restoreAudienceVersion: {},
};

export const QUERY_EXAMPLES: Record<string, Record<string, string>> = {
  listPersons: { limit: '10' },
  searchAssets: { query: 'harbour da', limit: '5' },
  listTopicEntries: { limit: '10' },
  listAccountActivity: { includePersonActivity: 'true', limit: '10' },
  listAccounts: { includeEmptyOnly: 'false', limit: '10' },
  listPages: { status: 'published', limit: '10' },
  listAudiences: { published: 'true', limit: '10' },
};

/** `page_id` -> `$PAGEID`, the names `quire seed demo` output is exported under in the README. */
export function pathVariable(parameter: string): string {
  return `$${parameter.replaceAll('_', '').toUpperCase()}`;
}

/** A curl command for an operation; `base` is where the page was loaded from. */
export function curlExample(base: string, method: string, path: string, operationId: string): string {
  const query = new URLSearchParams(QUERY_EXAMPLES[operationId] ?? {}).toString();
  const url = `${base}${path.replace(/\{(\w+)\}/g, (_m, name: string) => pathVariable(name))}${query ? `?${query}` : ''}`;
  const lines = [`curl -s -X ${method.toUpperCase()} "${url}"`, '  -H "x-api-key: $APIKEY"'];
  const body = REQUEST_BODIES[operationId];
  if (body !== undefined) {
    lines.push('  -H "content-type: application/json"');
    lines.push(`  -d '${JSON.stringify(body).replaceAll("'", "'\\''")}'`);
  }
  return lines.join(' \\\n');
}
