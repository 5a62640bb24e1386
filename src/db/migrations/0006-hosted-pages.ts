import { randomBytes } from 'node:crypto';
import slugify from '@sindresorhus/slugify';
import type { Kysely } from 'kysely';

// Hosted pages: tenant handles and mapped hosts, page slugs and visible body, audience route keys,
// and the engagement events of the public pages. Same conventions as 0001. The new key columns are
// nullable in the DDL (SQLite cannot add a NOT NULL column without a default) but every row gets a
// value here and every insert sets one; unique indexes keep them unique.

const BASE32 = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 13 characters of a 32-letter alphabet: 65 random bits. Copied, not imported: migrations never change. */
function randomSuffix(): string {
  const bytes = randomBytes(13);
  return Array.from(bytes, (b) => BASE32[b % 32]).join('');
}

function kebab(name: string, fallback: string): string {
  const slug = slugify(name, { decamelize: false }).slice(0, 60).replace(/-+$/, '');
  return slug.length > 0 ? slug : fallback;
}

function firstFree(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  taken.add(candidate);
  return candidate;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped Kysely
type AnyDb = Kysely<any>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  await db.schema.alterTable('tenants').addColumn('handle', 'text').execute();
  await db.schema.alterTable('pages').addColumn('slug', 'text').execute();
  // JSON { headline, subheadline, sections: [{ heading, text, imageAssetId }] }: the visible body.
  await db.schema.alterTable('pages').addColumn('body', 'text').execute();
  await db.schema
    .alterTable('pages')
    .addColumn('indexable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('audiences').addColumn('route_key', 'text').execute();

  const tenants = await any.selectFrom('tenants').select(['id', 'name']).orderBy('created_at').execute();
  const handles = new Set<string>();
  for (const t of tenants) {
    const handle = firstFree(kebab(t.name, 'tenant'), handles);
    await any.updateTable('tenants').set({ handle }).where('id', '=', t.id).execute();
  }
  const pages = await any
    .selectFrom('pages')
    .select(['tenant_id', 'id', 'name'])
    .orderBy('created_at')
    .execute();
  const slugs = new Map<string, Set<string>>();
  for (const p of pages) {
    const taken = slugs.get(p.tenant_id) ?? new Set<string>();
    slugs.set(p.tenant_id, taken);
    const slug = firstFree(kebab(p.name, 'page'), taken);
    await any
      .updateTable('pages')
      .set({ slug })
      .where('tenant_id', '=', p.tenant_id)
      .where('id', '=', p.id)
      .execute();
  }
  const audiences = await any
    .selectFrom('audiences')
    .leftJoin('persons', (j) =>
      j
        .onRef('persons.tenant_id', '=', 'audiences.tenant_id')
        .onRef('persons.id', '=', 'audiences.person_id'),
    )
    .select([
      'audiences.tenant_id',
      'audiences.id',
      'audiences.page_id',
      'audiences.custom_name',
      'persons.slug',
    ])
    .orderBy('audiences.created_at')
    .execute();
  const keys = new Map<string, Set<string>>();
  for (const a of audiences) {
    const scope = `${a.tenant_id} ${a.page_id}`;
    const taken = keys.get(scope) ?? new Set<string>();
    keys.set(scope, taken);
    const routeKey =
      a.slug !== null && a.slug !== undefined
        ? `${a.slug}-${randomSuffix()}`
        : firstFree(kebab(a.custom_name ?? '', 'audience'), taken);
    taken.add(routeKey);
    await any
      .updateTable('audiences')
      .set({ route_key: routeKey })
      .where('tenant_id', '=', a.tenant_id)
      .where('id', '=', a.id)
      .execute();
  }

  await db.schema.createIndex('tenants_handle').on('tenants').column('handle').unique().execute();
  await db.schema.createIndex('pages_slug').on('pages').columns(['tenant_id', 'slug']).unique().execute();
  await db.schema
    .createIndex('audiences_route_key')
    .on('audiences')
    .columns(['tenant_id', 'page_id', 'route_key'])
    .unique()
    .execute();

  // A host name a tenant maps to its pages (`pages.acme.com`): one tenant per host.
  await db.schema
    .createTable('tenant_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tenant_hosts_tenant').on('tenant_hosts').column('tenant_id').execute();

  // Views and clicks of hosted pages. audience_id is '' for the page itself. Views are deduplicated
  // per visitor (a daily-rotating salted hash, never an address) and audience for 30 minutes.
  await db.schema
    .createTable('page_events')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('audience_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action_id', 'text')
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_events_pk', ['tenant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('page_events_visitor')
    .on('page_events')
    .columns(['tenant_id', 'audience_id', 'visitor_hash', 'created_at'])
    .execute();
  await db.schema
    .createIndex('page_events_page')
    .on('page_events')
    .columns(['tenant_id', 'page_id', 'audience_id', 'version_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_events').execute();
  await db.schema.dropTable('tenant_hosts').execute();
  await db.schema.dropIndex('audiences_route_key').execute();
  await db.schema.dropIndex('pages_slug').execute();
  await db.schema.dropIndex('tenants_handle').execute();
  await db.schema.alterTable('audiences').dropColumn('route_key').execute();
  await db.schema.alterTable('pages').dropColumn('indexable').execute();
  await db.schema.alterTable('pages').dropColumn('body').execute();
  await db.schema.alterTable('pages').dropColumn('slug').execute();
  await db.schema.alterTable('tenants').dropColumn('handle').execute();
}
