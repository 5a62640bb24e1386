/**
 * Every TanStack Query key of the console, in one place: a screen reads and invalidates through
 * these, never through a literal, so a list and the write that must refresh it cannot drift apart.
 * A key made of a tenant alone (`pages(tenant)`) is the prefix of every key under it, which is
 * what an invalidation after a write uses.
 */
export const queryKeys = {
  me: ['me'] as const,
  tenants: ['tenants'] as const,
  tenantSettings: (tenant: string) => ['tenant-settings', tenant] as const,
  tenantHosts: (tenant: string) => ['tenant-settings', tenant, 'hosts'] as const,

  // Experiments (docs/experiments.md)
  experiments: (tenant: string) => ['experiments', tenant] as const,
  pageExperiments: (tenant: string, pageId: string) => ['experiments', tenant, 'page', pageId] as const,
  experiment: (tenant: string, experimentId: string) => ['experiments', tenant, experimentId] as const,
  experimentResults: (tenant: string, experimentId: string) =>
    ['experiments', tenant, experimentId, 'results'] as const,

  // Pages and audiences
  pages: (tenant: string) => ['pages', tenant] as const,
  pageList: (tenant: string, search: string, status: string | null) =>
    ['pages', tenant, search, status] as const,
  page: (tenant: string, pageId: string | undefined) => ['page', tenant, pageId] as const,
  engagement: (tenant: string, pageId?: string) =>
    pageId === undefined ? (['engagement', tenant] as const) : (['engagement', tenant, pageId] as const),
  /** The keys an audience's event (a message, a version, an archive) makes stale, tenant-wide. */
  audienceViews: (tenant: string) =>
    (['audience', 'versions', 'conversation', 'audiences'] as const).map((name) => [name, tenant] as const),
  audiences: (tenant: string, pageId: string) => ['audiences', tenant, pageId] as const,
  /** A page's leads; without `includeTests` the prefix of both lists. */
  leads: (tenant: string, pageId: string, includeTests?: boolean) =>
    includeTests === undefined
      ? (['leads', tenant, pageId] as const)
      : (['leads', tenant, pageId, includeTests] as const),
  /** A page's imports (docs/imports.md), and one import's engagement. */
  pageImports: (tenant: string, pageId: string) => ['imports', tenant, pageId] as const,
  importEngagement: (tenant: string, importId: string) => ['import-engagement', tenant, importId] as const,
  audience: (tenant: string, audienceId: string) => ['audience', tenant, audienceId] as const,
  versions: (tenant: string, audienceId: string) => ['versions', tenant, audienceId] as const,
  conversation: (tenant: string, audienceId: string) => ['conversation', tenant, audienceId] as const,
  preview: (tenant: string, versionId: string | undefined) => ['preview', tenant, versionId] as const,

  // People and accounts
  personList: (tenant: string, q: string) => ['persons', tenant, 'list', q] as const,
  /** The newest persons, page after page, an account's linked persons are looked for among. */
  personPages: (tenant: string) => ['persons', tenant, 'pages'] as const,
  /** The newest hundred persons, a new audience's person is chosen among. */
  newestPersons: (tenant: string) => ['persons', tenant, 'newest'] as const,
  personSearch: (tenant: string, q: string) => ['persons', tenant, 'search', q] as const,
  accounts: (tenant: string) => ['accounts', tenant] as const,
  accountList: (tenant: string, q: string) => ['accounts', tenant, q] as const,
  account: (tenant: string, accountId: string) => ['account', tenant, accountId] as const,
  activity: (tenant: string, accountId: string) => ['activity', tenant, accountId] as const,
  person: (tenant: string, personId: string) => ['person', tenant, personId] as const,

  // Assets and topics
  assets: (tenant: string) => ['assets', tenant] as const,
  assetList: (tenant: string, search: string, removed: boolean) =>
    ['assets', tenant, search, removed] as const,
  asset: (tenant: string, assetId: string) => ['asset', tenant, assetId] as const,
  topics: (tenant: string) => ['topics', tenant] as const,
  topic: (tenant: string, topicId: string) => ['topic', tenant, topicId] as const,
  /** An uploaded file's facts (name, type, size), shown beside the image chosen. */
  file: (tenant: string, fileId: string) => ['file', tenant, fileId] as const,
  brands: (tenant: string) => ['brands', tenant] as const,

  // Settings: the audit log, operators, keys, webhooks
  audit: (tenant: string, filters: object) => ['audit', tenant, filters] as const,
  operators: (tenant: string) => ['operators', tenant] as const,
  keys: (tenant: string) => ['keys', tenant] as const,
  webhooks: (tenant: string) => ['webhooks', tenant] as const,
  webhook: (tenant: string, webhookId: string) => ['webhook', tenant, webhookId] as const,
  deliveries: (tenant: string, webhookId: string) => ['deliveries', tenant, webhookId] as const,
};
