import type { Kysely } from 'kysely';

// Issue 31, typed blocks and traits:
// - a page's `body.sections` become typed blocks: a `hero` (the body's headline and subheadline stay
//   where they are) and one `richText` block per section, its heading, text and image kept, so
//   nothing an operator wrote is lost and the page shows the same words;
// - accounts and persons get `traits` (a JSON object: industry, employees, region, tier, custom
//   keys), which the rules of a page's blocks read. Existing rows get `{}`.

// biome-ignore lint/suspicious/noExplicitAny: migrations run against an untyped Kysely
type AnyDb = Kysely<any>;

const BATCH = 500;

interface Section {
  heading: string;
  text: string;
  imageAssetId?: string;
}

/** Copied, not imported: a migration never changes with the code. */
function blocksOf(sections: Section[]) {
  return [
    { blockId: 'hero', type: 'hero' },
    ...sections.map((s, i) => ({
      blockId: `section-${i + 1}`,
      type: 'richText',
      ...(s.heading === '' ? {} : { heading: s.heading }),
      text: s.text,
      ...(s.imageAssetId === undefined ? {} : { image: { assetId: s.imageAssetId, alt: s.heading } }),
    })),
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const any = db as AnyDb;
  for (const table of ['accounts', 'persons']) {
    await db.schema
      .alterTable(table)
      .addColumn('traits', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
  let after: { tenant_id: string; id: string } | null = null;
  for (;;) {
    const last: { tenant_id: string; id: string } | null = after;
    const rows: { tenant_id: string; id: string; body: string }[] = await any
      .selectFrom('pages')
      .select(['tenant_id', 'id', 'body'])
      .where('body', 'is not', null)
      .$if(last !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('tenant_id', '>', last!.tenant_id),
            eb.and([eb('tenant_id', '=', last!.tenant_id), eb('id', '>', last!.id)]),
          ]),
        ),
      )
      .orderBy('tenant_id')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const body = JSON.parse(row.body) as {
        headline: string;
        subheadline: string;
        sections?: Section[];
        blocks?: unknown;
      };
      if (body.blocks !== undefined) continue;
      const { sections = [], ...rest } = body;
      await any
        .updateTable('pages')
        .set({ body: JSON.stringify({ ...rest, blocks: blocksOf(sections) }) })
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
  // Blocks stay in the body JSON (older code reads `sections`, absent: a body without sections).
  for (const table of ['accounts', 'persons']) {
    await db.schema.alterTable(table).dropColumn('traits').execute();
  }
}
