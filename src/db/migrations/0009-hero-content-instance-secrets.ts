import type { Kysely } from 'kysely';

// Two additions of the hosted-pages follow-up (one migration number was given to this change):
// - a version's content gains the hosted page's hero, `headline` and `subheadline`, which the page
//   agent personalises. Every stored version with content gets the hero its page shows today (the
//   body's headline, else the title; the body's subheadline, else ''), so nothing a visitor sees
//   changes and every reader of content can rely on both members;
// - `instance_secrets`: secrets of the whole installation that every process must share (the
//   preview-link secret, unless HOSTED_PAGES_SECRET sets one), written once by whichever process
//   needs one first (src/db/instance-secrets.ts). Not tenant data: one row per secret.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped Kysely
type AnyDb = Kysely<any>;

const BATCH = 500;

interface StoredVersion {
  tenant_id: string;
  id: string;
  content: string;
  title: string;
  body: string | null;
}

/** The page's hero as the renderer showed it before versions held one. Copied, not imported: migrations never change. */
function heroOf(title: string, body: string | null): { headline: string; subheadline: string } {
  const parsed = body === null ? null : (JSON.parse(body) as { headline?: string; subheadline?: string });
  return { headline: parsed?.headline || title, subheadline: parsed?.subheadline ?? '' };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Keyset batches, so a large table is never read at once.
  let after: { tenant_id: string; id: string } | null = null;
  for (;;) {
    const last: { tenant_id: string; id: string } | null = after;
    const rows: StoredVersion[] = await any
      .selectFrom('audience_versions as v')
      .innerJoin('audiences as a', (j) =>
        j.onRef('a.tenant_id', '=', 'v.tenant_id').onRef('a.id', '=', 'v.audience_id'),
      )
      .innerJoin('pages as p', (j) =>
        j.onRef('p.tenant_id', '=', 'a.tenant_id').onRef('p.id', '=', 'a.page_id'),
      )
      .select(['v.tenant_id', 'v.id', 'v.content', 'p.title', 'p.body'])
      .where('v.content', 'is not', null)
      .$if(last !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('v.tenant_id', '>', last!.tenant_id),
            eb.and([eb('v.tenant_id', '=', last!.tenant_id), eb('v.id', '>', last!.id)]),
          ]),
        ),
      )
      .orderBy('v.tenant_id')
      .orderBy('v.id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const content = JSON.parse(row.content) as Record<string, unknown>;
      if (typeof content.headline === 'string' && typeof content.subheadline === 'string') continue;
      await any
        .updateTable('audience_versions')
        .set({ content: JSON.stringify({ ...content, ...heroOf(row.title, row.body) }) })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) break;
    const end = rows[rows.length - 1]!;
    after = { tenant_id: end.tenant_id, id: end.id };
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The hero members stay in the content JSON: older code ignores members it does not know.
  await db.schema.dropTable('instance_secrets').execute();
}
