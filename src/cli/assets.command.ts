import { Command } from 'commander';
import {
  AssetEditBody,
  type AssetType,
  OperatorAssetBody,
  toAsset,
} from '../features/assets/assets.schemas.js';
import { createAsset } from '../features/assets/assets.service.js';
import { type AssetAction, applyAssetAction, editAsset } from '../features/assets/assets-operator.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';
import { checkInput } from './validate-input.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function assetsCommand(): Command {
  const assets = new Command('assets').description(
    'Manage assets (any type, tags, aiDescription, lifecycle)',
  );
  idempotencyOption(assets.command('create'))
    .description('Create an asset of any type: image, logo, icon, video, custom-component')
    .requiredOption('--tenant <id or name>', 'the tenant the asset belongs to')
    .requiredOption('--type <assetType>', 'image, logo, icon, video or custom-component')
    .requiredOption('--name <name>', 'the asset name')
    .requiredOption('--file-id <fileId>', 'the stored file')
    .option('--purpose <purpose>', 'what the asset is for', '')
    .option('--tag <tag>', 'a tag (repeat for more)', collect)
    .option('--ai-description <text>', 'a description of the content')
    .option('--parent <assetId>', 'the parent asset')
    .option('--hidden', 'keep it out of search')
    .option('--json', 'print the result as one JSON object')
    .action(async (o) => {
      await withDatabase(async ({ db }, config) => {
        const body = checkInput(OperatorAssetBody, {
          assetType: o.type,
          name: o.name,
          purpose: o.purpose,
          fileId: o.fileId,
          ...(o.parent === undefined ? {} : { parentAssetId: o.parent }),
          hidden: o.hidden === true,
          tags: o.tag ?? [],
          aiDescription: o.aiDescription ?? null,
        });
        const tenantId = await requireTenant(db, o.tenant);
        const created = await createOnceFromCli(
          db,
          o.idempotencyKey,
          { operation: 'assets create', input: { tenantId, body } },
          async () => {
            const { record } = await createAsset(db, tenantId, {
              ...body,
              assetType: body.assetType as AssetType,
              purpose: body.purpose ?? '',
              hidden: body.hidden ?? false,
              tags: body.tags ?? [],
              aiDescription: body.aiDescription ?? null,
            });
            return { ...toAsset(record, config.publicFileBaseUrl) };
          },
        );
        printCreated(created, o.json === true, print);
      });
    });
  assets
    .command('edit <assetId>')
    .description('Replace the tags and/or aiDescription of an asset, or hide/show it')
    .requiredOption('--tenant <id or name>', 'the tenant of the asset')
    .option('--tag <tag>', 'a tag (repeat for more); replaces all tags', collect)
    .option('--no-tags', 'remove every tag')
    .option('--ai-description <text>', 'the new description')
    .option('--hidden <true|false>', 'hide it from search or show it again')
    .option('--json', 'print the result as one JSON object')
    .action(async (assetId: string, o) => {
      await withDatabase(async ({ db }, config) => {
        const changes = checkInput(AssetEditBody, {
          ...(o.tag !== undefined ? { tags: o.tag } : o.tags === false ? { tags: [] } : {}),
          ...(o.aiDescription === undefined ? {} : { aiDescription: o.aiDescription }),
          ...(o.hidden === undefined
            ? {}
            : { hidden: ({ true: true, false: false } as Record<string, unknown>)[o.hidden] ?? o.hidden }),
        });
        const row = await editAsset(db, await requireTenant(db, o.tenant), assetId, changes);
        print({ ...toAsset(row, config.publicFileBaseUrl) }, o.json === true);
      });
    });
  const actions: [AssetAction, string][] = [
    ['trash', 'Move an active asset to the trash (out of search)'],
    ['restore', 'Bring a trashed asset back'],
    ['delete', 'Delete an asset (soft: it keeps its row with deletedAt; final)'],
  ];
  for (const [action, description] of actions) {
    assets
      .command(`${action} <assetId>`)
      .description(description)
      .requiredOption('--tenant <id or name>', 'the tenant of the asset')
      .option('--json', 'print the result as one JSON object')
      .action(async (assetId: string, o) => {
        await withDatabase(async ({ db }, config) => {
          const row = await applyAssetAction(db, await requireTenant(db, o.tenant), assetId, action);
          print({ ...toAsset(row, config.publicFileBaseUrl) }, o.json === true);
        });
      });
  }
  return assets;
}
