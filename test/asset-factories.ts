import { randomBytes } from 'node:crypto';
import type { AssetsTable, Db } from '../src/db/schema.js';
import type { AssetType } from '../src/features/assets/assets.schemas.js';
import { createAsset, type NewAsset } from '../src/features/assets/assets.service.js';
import { applyAssetAction } from '../src/features/assets/assets-operator.service.js';
import { countAssetsByWords, searchAssetsByWords } from '../src/features/assets/assets-search.repository.js';
import { searchTerms } from '../src/features/assets/search-text.js';
import { addEntry, createTopic } from '../src/features/topics/topics.service.js';
import type { TestTenant } from './factories.js';
import type { TestContext } from './harness.js';

/** An asset made the way operators make them (any type, tags, aiDescription). */
export async function makeAsset(
  ctx: TestContext,
  tenant: TestTenant,
  fields: Partial<NewAsset> & { state?: 'trashed' | 'deleted' } = {},
): Promise<AssetsTable> {
  const { state, ...input } = fields;
  const { record } = await createAsset(ctx.database.db, tenant.tenantId, {
    assetType: 'image',
    name: `Asset ${randomBytes(3).toString('hex')}`,
    purpose: '',
    fileId: `file_${randomBytes(4).toString('hex')}`,
    hidden: false,
    tags: [],
    aiDescription: null,
    ...input,
  });
  if (state === undefined) return record;
  return applyAssetAction(
    ctx.database.db,
    tenant.tenantId,
    record.id,
    state === 'trashed' ? 'trash' : 'delete',
  );
}

/** The input of an image asset named `name`, for bulk loads (bulkCreateAssets). */
export function assetInput(name: string, extra: Partial<NewAsset> = {}): NewAsset {
  return {
    assetType: 'image',
    name,
    purpose: 'hero',
    fileId: `file_${name}`,
    hidden: false,
    tags: [],
    aiDescription: null,
    ...extra,
  };
}

/** A word search straight from the repository: the first page's names (sorted) and the count. */
export async function searchByWords(db: Db, tenantId: string, query: string, assetType?: AssetType) {
  const terms = searchTerms(query);
  if (terms === null) throw new Error(`"${query}" has no words`);
  const rows = await searchAssetsByWords(db, tenantId, { terms, assetType, after: null, limit: 50 });
  const count = await countAssetsByWords(db, tenantId, terms, assetType);
  return { names: rows.map((row) => row.name).sort(), count };
}

/** A topic of `tenant` with entries added in the order given. */
export async function makeTopic(
  ctx: TestContext,
  tenant: TestTenant,
  entries: { type?: 'text' | 'markdown' | 'url'; content: string; sortOrder?: number }[] = [],
) {
  const topic = await createTopic(
    ctx.database.db,
    tenant.tenantId,
    `Topic ${randomBytes(3).toString('hex')}`,
  );
  const created = [];
  for (const entry of entries) {
    created.push(
      await addEntry(ctx.database.db, tenant.tenantId, topic.id, {
        content: { type: entry.type ?? 'text', content: entry.content },
        sortOrder: entry.sortOrder,
      }),
    );
  }
  return { topic, entries: created };
}
