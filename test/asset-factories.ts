import { randomBytes } from 'node:crypto';
import type { AssetsTable } from '../src/db/schema.js';
import { createAsset, type NewAsset } from '../src/features/assets/assets.service.js';
import { applyAssetAction } from '../src/features/assets/assets-operator.service.js';
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
