import type { Kysely } from 'kysely';

// Issue 33, what the page agent used per version: each version records the agent that wrote it, the
// model, the model calls, tokens in and out and the cost (micro-USD; 0 for the built-in agent, null
// for a model with no price configured) and when they were recorded. A tenant's daily agent budget
// sums them, by the index on (tenant_id, agent_usage_at). Versions written before keep nulls.
const COLUMNS = [
  ['agent_name', 'text'],
  ['agent_model', 'text'],
  ['agent_calls', 'integer'],
  ['agent_input_tokens', 'bigint'],
  ['agent_output_tokens', 'bigint'],
  ['agent_cost_micros', 'bigint'],
  ['agent_usage_at', 'bigint'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('audience_versions').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('audience_versions_agent_usage')
    .on('audience_versions')
    .columns(['tenant_id', 'agent_usage_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audience_versions_agent_usage').execute();
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('audience_versions').dropColumn(name).execute();
  }
}
