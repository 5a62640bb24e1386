import type { Generated, Kysely, Transaction } from 'kysely';

/**
 * Table types, shared by both dialects. Conventions (the migrations follow them):
 * - timestamps are epoch milliseconds in BIGINT columns (`*_at`), null when not set;
 * - booleans are INTEGER 0/1 (SQLite has no boolean, and better-sqlite3 cannot bind one);
 * - free-form JSON is TEXT, so payloads round-trip byte for byte (PostgreSQL jsonb would reorder keys);
 * - every tenant-owned table has `tenant_id` and a primary key that starts with it.
 */
export interface TenantsTable {
  id: string;
  name: string;
  /** Unique kebab-case name in public URLs (`/p/{handle}/...`); set by migration 0006 and every insert. */
  handle: string | null;
  created_at: number;
}

/** A host name mapped to a tenant's hosted pages (`pages.acme.com`). */
export interface TenantHostsTable {
  host: string;
  tenant_id: string;
  created_at: number;
}

/** A host a tenant asked for and has not proven yet (migration 0017); not served. */
export interface TenantHostClaimsTable {
  tenant_id: string;
  host: string;
  created_at: number;
}

/** A view or click of a hosted page; audience_id is '' for the page itself. */
export interface PageEventsTable {
  tenant_id: string;
  id: string;
  page_id: string;
  audience_id: string;
  version_id: string | null;
  kind: 'view' | 'click';
  action_id: string | null;
  /** Daily-rotating salted hash of the visitor (src/features/hosted/visitor-hash.ts). */
  visitor_hash: string;
  created_at: number;
}

/** A lead captured by a page's form (src/features/forms, docs/forms.md). */
export interface FormSubmissionsTable {
  tenant_id: string;
  id: string;
  page_id: string;
  /** '' for the page itself. */
  audience_id: string;
  version_id: string | null;
  block_id: string;
  person_id: string;
  account_id: string | null;
  person_log_id: string;
  email: string;
  /** JSON: the visitor's fields by name. */
  fields: string;
  /** JSON: the consent text shown, whether ticked, when, which page version; null without a box. */
  consent: string | null;
  /** JSON: the UTM parameters carried by the hidden fields. */
  utm: string;
  referrer_host: string | null;
  /** 1: the ALTCHA proof of work was verified; 0: none could run (no JavaScript) or the form asks none. */
  proven: number;
  /** 1: marked a test by an operator; left out of every count. */
  test: number;
  /** SHA-256 of the form token: unique, so one token makes one submission. */
  token_key: string;
  /** SHA-256 of the submitted fields: a repeat with the same token and fields is the same lead. */
  fingerprint: string;
  created_at: number;
}

/** An experiment on a hosted page (src/features/experiments, docs/experiments.md). */
export interface ExperimentsTable {
  tenant_id: string;
  id: string;
  page_id: string;
  name: string;
  /** JSON: the metric (click, form or an activity type within N days). */
  metric: string;
  status: 'running' | 'stopped';
  current_phase: number;
  created_at: number;
  updated_at: number;
  stopped_at: number | null;
}

/** A phase of an experiment: its arms and split (JSON), never changed once a later phase starts. */
export interface ExperimentPhasesTable {
  tenant_id: string;
  experiment_id: string;
  phase: number;
  arms: string;
  started_at: number;
  ended_at: number | null;
}

/** A unit's exposure to an experiment: its arm for good, and the phase that assigned it. */
export interface ExperimentAssignmentsTable {
  tenant_id: string;
  experiment_id: string;
  unit_kind: 'account' | 'person' | 'visitor';
  unit_key: string;
  phase: number;
  arm: string;
  audience_id: string;
  first_exposed_at: number;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  /** The first characters of the key, shown to operators to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  label: string | null;
  created_at: number;
  revoked_at: number | null;
  /** Space-separated scopes (see src/domain/scopes.ts); null is full access (keys from before scopes). */
  scopes: string | null;
  /** When the key last authenticated a request; written at most once a minute. */
  last_used_at: number | null;
}

/** The first response to an operator's `Idempotency-Key`, replayed to retries. */
export interface AdminIdempotencyTable {
  idempotency_key: string;
  request_fingerprint: string;
  /** Null while the first request is running. */
  status_code: number | null;
  response_body: string | null;
  created_at: number;
}

/** Maintained counts, so `totalCount` never needs count(*) over a big table. */
export interface CountersTable {
  tenant_id: string;
  /** What is counted, e.g. `persons`. */
  name: string;
  value: number;
}

export interface PersonsTable {
  tenant_id: string;
  id: string;
  name: string;
  email: string | null;
  domain: string | null;
  slug: string;
  phone_number: string | null;
  linkedin_profile_url: string | null;
  /** The account of the person's domain (linked by the accounts feature). */
  account_id: string | null;
  /** JSON object of traits (industry, region, custom keys) the rules of a page's blocks read. */
  traits: string;
  created_at: number;
  updated_at: number;
}

export interface AssetsTable {
  tenant_id: string;
  id: string;
  /** `data.type`: image, logo, icon, video, custom-component. */
  data_type: string;
  file_id: string;
  name: string;
  purpose: string;
  /** JSON array of strings. */
  tags: string;
  ai_description: string | null;
  parent_asset_id: string | null;
  hidden: number;
  lifecycle_state: 'active' | 'trashed' | 'deleted';
  idempotency_key: string | null;
  /** Fingerprint of the create request that used `idempotency_key`. */
  request_fingerprint: string | null;
  /** Normalised words for search (` word word `), see src/features/assets/search-text.ts. */
  search_name: string;
  search_tags: string;
  search_purpose: string;
  search_ai: string;
  created_at: number;
  updated_at: number;
  trashed_at: number | null;
  deleted_at: number | null;
}

export interface TopicsTable {
  tenant_id: string;
  id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface TopicEntriesTable {
  tenant_id: string;
  id: string;
  topic_id: string;
  sort_order: number;
  content_type: 'text' | 'markdown' | 'url';
  content: string;
  created_at: number;
  updated_at: number;
}

/** A company, identified in its tenant by its normalised domain. */
export interface AccountsTable {
  tenant_id: string;
  id: string;
  domain: string;
  name: string;
  /** JSON object of traits (industry, employees, region, tier, custom keys). */
  traits: string;
  created_at: number;
  updated_at: number;
  /** Newest createdAt of the account's live logs and its persons' live logs; else created_at. */
  latest_activity_at: number;
  linked_persons_count: number;
}

/** The columns account logs and person logs share. */
/** The two tables of logs: same columns (LogColumns), different owners. */
export type LogTable = 'account_logs' | 'person_logs';

export interface LogColumns {
  tenant_id: string;
  id: string;
  source: string;
  type: string;
  /** The client's JSON object, as text. */
  payload: string;
  idempotency_key: string | null;
  /** requestFingerprint of the create request, to tell a replay from a reused key. */
  request_fingerprint: string | null;
  created_at: number;
  updated_at: number | null;
  deleted_at: number | null;
}

export interface AccountLogsTable extends LogColumns {
  account_id: string;
}

export interface PersonLogsTable extends LogColumns {
  person_id: string;
  /** The person's account when the log was written (persons never change account). */
  account_id: string | null;
}

export type PageStatus = 'archived' | 'draft' | 'published';
export type VersionStatus =
  | 'archived'
  | 'cancelled'
  | 'draft'
  | 'pending'
  | 'processing'
  | 'published'
  | 'queued';

/** A landing page. actions, action_card_widgets, scripts, footer_links, metadata: JSON text. */
export interface PagesTable {
  tenant_id: string;
  id: string;
  brand_id: string;
  name: string;
  title: string;
  page_context: string;
  page_type: string;
  status: PageStatus;
  /** The status the page had when it was archived; restore returns to it. */
  status_before_archive: PageStatus | null;
  actions: string;
  action_card_widgets: string;
  scripts: string;
  footer_links: string;
  header_action_id: string | null;
  metadata: string | null;
  /** Unique per tenant, kebab-case: the page's public path (`/p/{handle}/{slug}`). */
  slug: string | null;
  /**
   * The visible body JSON: `{headline, subheadline, blocks}` (typed blocks, src/domain/page-blocks.ts;
   * read by pageBody in src/features/pages/pages.schemas.ts, which still reads the `sections` of a
   * body written before migration 0015).
   */
  body: string | null;
  /** 1 when the page itself may be indexed by search engines (person pages never are). */
  indexable: number;
  /** Non-archived audiences, maintained in the transactions that create and archive them. */
  audiences_count: number;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
  deleted_at: number | null;
}

export interface AudiencesTable {
  tenant_id: string;
  id: string;
  page_id: string;
  person_id: string | null;
  custom_name: string | null;
  is_new_page_agent: number;
  action_form_id_override: string | null;
  action_form_instructions_override: string | null;
  action_url_override: string | null;
  supplementary_context: string | null;
  /** Metadata JSON text. */
  metadata_override: string | null;
  /** The audience's public path segment; a person's carries 65 random bits (docs/hosted-pages.md). */
  route_key: string | null;
  last_version_number: number;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
}

/** A version of an audience, and the page agent's work queue (status queued/processing + lease). */
export interface AudienceVersionsTable {
  tenant_id: string;
  id: string;
  audience_id: string;
  version_number: number;
  status: VersionStatus;
  is_new_page_agent: number;
  supplementary_context: string | null;
  /** AudienceContent JSON, set when the agent's draft is written. */
  content: string | null;
  /** The user message that asked for this version (null for audience creation and POST .../versions). */
  request_message_id: string | null;
  /** The agent's reply message (set when the version becomes draft or is cancelled by failure). */
  reply_message_id: string | null;
  operation_key: string | null;
  fingerprint: string | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  available_at: number;
  last_error: string | null;
  queue_duration_ms: number | null;
  created_at: number;
  queued_at: number | null;
  became_draft_at: number | null;
  published_at: number | null;
  archived_at: number | null;
  obsolete_at: number | null;
  cancelled_at: number | null;
  /** What the agent run that wrote the version used (null before one did; issue 33). */
  agent_name: string | null;
  agent_model: string | null;
  agent_calls: number | null;
  agent_input_tokens: number | null;
  agent_output_tokens: number | null;
  /** Cost in millionths of a US dollar: 0 for the built-in agent, null for an unpriced model. */
  agent_cost_micros: number | null;
  /** When the usage was recorded (ms): the day a tenant's agent budget counts it in. */
  agent_usage_at: number | null;
}

export interface ConversationsTable {
  tenant_id: string;
  id: string;
  audience_id: string;
  published_message_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface MessagesTable {
  tenant_id: string;
  id: string;
  conversation_id: string;
  role: 'user' | 'agent';
  content: string;
  /** Epoch ms. */
  timestamp: number;
  has_snapshot: number;
  reasoning: string;
  is_interrupted: number;
  client_message_id: string | null;
  fingerprint: string | null;
  selected_element: string | null;
  version_id: string | null;
}

export interface VersionChangesTable {
  tenant_id: string;
  id: string;
  audience_id: string;
  version_id: string;
  message_id: string;
  position: number;
  field: string;
  previous_value: string;
  new_value: string;
}

/** A secret of the whole installation that every process shares (src/db/instance-secrets.ts). */
export interface InstanceSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** Where an operator stands: each role includes the ones before it (docs/console.md). */
export type OperatorRole = 'viewer' | 'editor' | 'publisher' | 'admin';

/** A person who signs in to the console; instance-level (the email is unique per instance). */
export interface OperatorsTable {
  id: string;
  /** Null for an instance admin, who reaches every tenant. */
  tenant_id: string | null;
  /** Lowercased. */
  email: string;
  role: OperatorRole;
  instance_admin: number;
  /** argon2id, PHC string (src/features/operators/passwords.ts). */
  password_hash: string;
  /** 1 after a one-time password: the operator must choose one before doing anything else. */
  must_change_password: number;
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A signed-in console session; the cookie holds the id, the table only its SHA-256. */
export interface OperatorSessionsTable {
  id_hash: string;
  operator_id: string;
  /** Sent back by the console in X-CSRF-Token on every state-changing call. */
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

/** Failed sign-ins in the current window, per client address and per account. */
export interface LoginFailuresTable {
  subject: string;
  failures: number;
  window_started_at: number;
}

export type AuditActorKind = 'operator' | 'api_key' | 'admin_token' | 'cli';

/** Who did what to which record, when and from where; '' tenant for instance-wide actions. */
export interface AuditLogTable {
  tenant_id: string;
  id: string;
  actor_kind: AuditActorKind;
  /** The operator's or key's id; null for the admin token and the CLI. */
  actor_id: string | null;
  /** The operator's email, the key's prefix, `admin-token` or `cli`. */
  actor_label: string;
  action: string;
  record_type: string | null;
  record_id: string | null;
  /** Small JSON documents, secrets removed; null when not recorded. */
  before: string | null;
  after: string | null;
  ip: string | null;
  request_id: string | null;
  created_at: number;
}

/** The outbox: one row per event, written in the transaction of the change (src/outbox/emit.ts). */
export interface EventsTable {
  tenant_id: string;
  id: string;
  type: string;
  /** The audience the event is about, if any: per-audience delivery order and the stream filter. */
  audience_id: string | null;
  /** Set only on a test event: delivered to that endpoint alone, never streamed. */
  target_endpoint_id: string | null;
  /** The event's `data`, JSON text. */
  data: string;
  created_at: number;
  /** PostgreSQL: insert order from a sequence (column default); null on SQLite (rowid order). */
  seq: Generated<number | null>;
  /** The place in the stream, given after commit by the sequencer; null until then. */
  position: number | null;
}

/** How far the sequencer ('sequence') and the webhook fan-out ('fanout') have got. */
export interface EventCursorsTable {
  name: 'sequence' | 'fanout';
  position: number;
}

export interface WebhookEndpointsTable {
  tenant_id: string;
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event types and wildcards. */
  event_types: string;
  enabled: number;
  disabled_reason: string | null;
  disabled_at: number | null;
  /** `whsec_` + base64: Standard Webhooks signing secret (needed in clear to sign). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  failing_since: number | null;
  last_success_at: number | null;
  created_at: number;
  updated_at: number;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  tenant_id: string;
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  event_position: number;
  /** '' when unordered; else the audience id: its deliveries go one at a time, in position order. */
  ordering_key: string;
  status: DeliveryStatus;
  attempt_count: number;
  max_attempts: number;
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_expires_at: number | null;
  last_error: string | null;
  replay_of: string | null;
  replayed_by: string | null;
  created_at: number;
  completed_at: number | null;
}

export interface WebhookAttemptsTable {
  tenant_id: string;
  id: string;
  delivery_id: string;
  endpoint_id: string;
  attempted_at: number;
  duration_ms: number;
  outcome: 'succeeded' | 'failed';
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

/** An uploaded file (src/features/files): its served original and its variants live in file storage. */
export interface FilesTable {
  id: string;
  tenant_id: string;
  /** The name it was uploaded under (shown to operators only). */
  name: string;
  /** Of the served original: image/png, image/jpeg, image/webp, image/avif, image/gif, image/svg+xml, font/woff2... */
  content_type: string;
  bytes: number;
  /** The original and every variant: what the file costs the tenant's quota. */
  stored_bytes: number;
  width: number | null;
  height: number | null;
  /** JSON array of the stored variants' names (`original`, `w640.webp`...). */
  variants: string;
  created_at: number;
}

/** A tenant's brand (src/features/brands): what pages naming it in `brandId` render in. */
export interface BrandsTable {
  tenant_id: string;
  id: string;
  name: string;
  logo_file_id: string | null;
  favicon_file_id: string | null;
  /** JSON: { primary, primaryText, accent, background, text } as #rrggbb. */
  colors: string;
  /** JSON: { kind: 'system', stack } or { kind: 'file', family, fileId }. */
  font: string;
  button_radius: number;
  created_at: number;
  updated_at: number;
}

/** An import job of a target list into a page (issue 34, docs/imports.md). */
export interface ImportsTable {
  tenant_id: string;
  id: string;
  page_id: string;
  /** running | done | cancelled | failed */
  status: string;
  /** csv | jsonl */
  format: string;
  file_name: string | null;
  bytes: number;
  /** JSON: column (header) -> field name, `trait:<key>` or `ignore`. */
  mapping: string;
  /** The file while the job runs; null once it ended. */
  source: string | null;
  rows_total: number;
  /** The first data line (1-based line of the file) not yet applied. */
  next_line: number;
  rows_read: number;
  persons_created: number;
  persons_updated: number;
  accounts_created: number;
  accounts_updated: number;
  audiences_created: number;
  rows_unchanged: number;
  /** Existing audiences given a new queued version because a row changed their traits. */
  drafts_requeued: number;
  rejects_count: number;
  error: string | null;
  /** The process applying the job (a random id per run) and until when its lease holds (ms). */
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface ImportRejectsTable {
  tenant_id: string;
  import_id: string;
  line: number;
  column_name: string;
  reason: string;
}

export interface ImportRowsTable {
  tenant_id: string;
  import_id: string;
  line: number;
  audience_id: string;
  person_id: string | null;
  account_id: string | null;
  /** created | updated | unchanged */
  outcome: string;
}

export interface ImportTargetsTable {
  tenant_id: string;
  page_id: string;
  target_key: string;
  audience_id: string;
  created_at: number;
}

export interface DB {
  tenants: TenantsTable;
  api_keys: ApiKeysTable;
  admin_idempotency: AdminIdempotencyTable;
  counters: CountersTable;
  persons: PersonsTable;
  pages: PagesTable;
  audiences: AudiencesTable;
  audience_versions: AudienceVersionsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  version_changes: VersionChangesTable;
  assets: AssetsTable;
  topics: TopicsTable;
  topic_entries: TopicEntriesTable;
  accounts: AccountsTable;
  account_logs: AccountLogsTable;
  person_logs: PersonLogsTable;
  tenant_hosts: TenantHostsTable;
  tenant_host_claims: TenantHostClaimsTable;
  page_events: PageEventsTable;
  form_submissions: FormSubmissionsTable;
  experiments: ExperimentsTable;
  experiment_phases: ExperimentPhasesTable;
  experiment_assignments: ExperimentAssignmentsTable;
  instance_secrets: InstanceSecretsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  events: EventsTable;
  event_cursors: EventCursorsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  files: FilesTable;
  brands: BrandsTable;
  imports: ImportsTable;
  import_rejects: ImportRejectsTable;
  import_rows: ImportRowsTable;
  import_targets: ImportTargetsTable;
}

export type Db = Kysely<DB>;
/** A repository function takes either the database or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;
