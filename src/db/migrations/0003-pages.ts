import type { Kysely } from 'kysely';

// Pages, audiences, the version queue, conversations, messages and changes. Same conventions as
// 0001: text, integer and bigint only; JSON as text; epoch-ms timestamps; tenant_id leads every key.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('page_context', 'text', (c) => c.notNull())
    .addColumn('page_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_before_archive', 'text')
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('action_card_widgets', 'text', (c) => c.notNull())
    .addColumn('scripts', 'text', (c) => c.notNull())
    .addColumn('footer_links', 'text', (c) => c.notNull())
    .addColumn('header_action_id', 'text')
    .addColumn('metadata', 'text')
    .addColumn('audiences_count', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('archived_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addPrimaryKeyConstraint('pages_pk', ['tenant_id', 'id'])
    .execute();

  await db.schema
    .createTable('audiences')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('person_id', 'text')
    .addColumn('custom_name', 'text')
    .addColumn('is_new_page_agent', 'integer', (c) => c.notNull())
    .addColumn('action_form_id_override', 'text')
    .addColumn('action_form_instructions_override', 'text')
    .addColumn('action_url_override', 'text')
    .addColumn('supplementary_context', 'text')
    .addColumn('metadata_override', 'text')
    // The last versionNumber handed out: incremented under the audience's row lock, so no gaps.
    .addColumn('last_version_number', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('archived_at', 'bigint')
    .addPrimaryKeyConstraint('audiences_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema.createIndex('audiences_page').on('audiences').columns(['tenant_id', 'page_id']).execute();

  await db.schema
    .createTable('audience_versions')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('version_number', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_new_page_agent', 'integer', (c) => c.notNull())
    .addColumn('supplementary_context', 'text')
    .addColumn('content', 'text')
    .addColumn('request_message_id', 'text')
    .addColumn('reply_message_id', 'text')
    .addColumn('operation_key', 'text')
    .addColumn('fingerprint', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    // A failed attempt waits until then before it is claimed again (backoff).
    .addColumn('available_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('queue_duration_ms', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('queued_at', 'bigint')
    .addColumn('became_draft_at', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('archived_at', 'bigint')
    .addColumn('obsolete_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addPrimaryKeyConstraint('audience_versions_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('audience_versions_number', ['tenant_id', 'audience_id', 'version_number'])
    .addUniqueConstraint('audience_versions_operation_key', ['tenant_id', 'audience_id', 'operation_key'])
    .execute();
  // The work queue: workers look for queued versions (oldest first) and expired leases.
  await db.schema
    .createIndex('audience_versions_queue')
    .on('audience_versions')
    .columns(['status', 'available_at', 'queued_at'])
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('published_message_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversations_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('conversations_audience', ['tenant_id', 'audience_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('has_snapshot', 'integer', (c) => c.notNull())
    .addColumn('reasoning', 'text', (c) => c.notNull())
    .addColumn('is_interrupted', 'integer', (c) => c.notNull())
    .addColumn('client_message_id', 'text')
    .addColumn('fingerprint', 'text')
    .addColumn('selected_element', 'text')
    .addColumn('version_id', 'text')
    .addPrimaryKeyConstraint('messages_pk', ['tenant_id', 'id'])
    .addUniqueConstraint('messages_client_message_id', ['tenant_id', 'conversation_id', 'client_message_id'])
    .execute();
  await db.schema
    .createIndex('messages_conversation_order')
    .on('messages')
    .columns(['tenant_id', 'conversation_id', 'timestamp', 'id'])
    .execute();

  await db.schema
    .createTable('version_changes')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('previous_value', 'text', (c) => c.notNull())
    .addColumn('new_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('version_changes_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('version_changes_audience')
    .on('version_changes')
    .columns(['tenant_id', 'audience_id', 'version_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'version_changes',
    'messages',
    'conversations',
    'audience_versions',
    'audiences',
    'pages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
