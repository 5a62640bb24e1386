import { Command } from 'commander';
import { CreateBrandBody, UpdateBrandBody } from '../features/brands/brands.schemas.js';
import {
  createBrand,
  deleteBrand,
  getBrand,
  listBrands,
  updateBrand,
} from '../features/brands/brands.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { checkInput } from './validate-input.js';

/** The options as the admin API's body (checked against the same schema). */
function brandBody(o: Record<string, string | undefined>) {
  const colors = {
    ...(o.primary === undefined ? {} : { primary: o.primary }),
    ...(o.primaryText === undefined ? {} : { primaryText: o.primaryText }),
    ...(o.accent === undefined ? {} : { accent: o.accent }),
    ...(o.background === undefined ? {} : { background: o.background }),
    ...(o.text === undefined ? {} : { text: o.text }),
  };
  const font =
    o.fontFile !== undefined
      ? {
          kind: 'file',
          family: o.fontFamily ?? 'Brand',
          fileId: o.fontFile,
          ...(o.font === undefined ? {} : { fallback: o.font }),
        }
      : o.font !== undefined
        ? { kind: 'system', stack: o.font }
        : undefined;
  return {
    ...(o.name === undefined ? {} : { name: o.name }),
    ...(o.logo === undefined ? {} : { logoFileId: o.logo === '' ? null : o.logo }),
    ...(o.favicon === undefined ? {} : { faviconFileId: o.favicon === '' ? null : o.favicon }),
    ...(Object.keys(colors).length === 0 ? {} : { colors }),
    ...(font === undefined ? {} : { font }),
    ...(o.radius === undefined ? {} : { buttonRadius: Number(o.radius) }),
  };
}

function brandOptions(command: Command, colorsRequired: boolean): Command {
  const color = colorsRequired ? command.requiredOption.bind(command) : command.option.bind(command);
  color('--primary <#rrggbb>', 'buttons');
  color('--accent <#rrggbb>', 'large text, borders, icons');
  color('--background <#rrggbb>', 'page background');
  color('--text <#rrggbb>', 'body text');
  return command
    .option('--logo <fileId>', 'an uploaded image ("" removes it)')
    .option('--favicon <fileId>', 'an uploaded image ("" removes it)')
    .option('--primary-text <#rrggbb>', 'text on buttons (default: white or near-black)')
    .option(
      '--font <stack>',
      'sans, serif, mono, rounded, humanist or geometric (with --font-file: the fallback)',
    )
    .option('--font-file <fileId>', 'an uploaded WOFF2/WOFF font')
    .option('--font-family <name>', 'the name of the --font-file font')
    .option('--radius <px>', 'button corner radius in pixels')
    .option('--json', 'print the result as one JSON object');
}

/** `quire brands`: the same services as /admin/v0/tenants/{tenant}/brands. */
export function brandsCommand(): Command {
  const brands = new Command('brands').description("Manage a tenant's brands (the look of its pages)");
  brandOptions(
    brands
      .command('create <name>')
      .description('Create a brand; colours must pass WCAG AA contrast')
      .requiredOption('--tenant <id or name>', 'the tenant')
      .option('--id <brandId>', 'the id pages name in brandId (default: a new brand_... id)'),
    true,
  ).action(async (name: string, o) => {
    await withDatabase(async ({ db }) => {
      const input = checkInput(CreateBrandBody, {
        ...(o.id === undefined ? {} : { brandId: o.id }),
        ...brandBody({ ...o, name }),
      });
      print({ ...(await createBrand(db, await requireTenant(db, o.tenant), input)) }, o.json === true);
    });
  });
  brandOptions(
    brands
      .command('edit <brandId>')
      .description('Change a brand (colours: give all four again)')
      .requiredOption('--tenant <id or name>', 'the tenant')
      .option('--name <name>', 'the new name'),
    false,
  ).action(async (brandId: string, o) => {
    await withDatabase(async ({ db }) => {
      const input = checkInput(UpdateBrandBody, brandBody(o));
      print(
        { ...(await updateBrand(db, await requireTenant(db, o.tenant), brandId, input)) },
        o.json === true,
      );
    });
  });
  brands
    .command('list')
    .description("List the tenant's brands")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the list as one JSON object')
    .action(async (o) => {
      await withDatabase(async ({ db }) => {
        const list = await listBrands(db, await requireTenant(db, o.tenant));
        if (o.json === true) return print({ ...list }, true);
        for (const b of list.items) process.stdout.write(`${b.brandId}  ${b.name}  ${b.colors.primary}\n`);
      });
    });
  brands
    .command('show <brandId>')
    .description('Show a brand')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object')
    .action(async (brandId: string, o) => {
      await withDatabase(async ({ db }) =>
        print({ ...(await getBrand(db, await requireTenant(db, o.tenant), brandId)) }, o.json === true),
      );
    });
  brands
    .command('delete <brandId>')
    .description('Delete a brand (pages naming it render with the default look)')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object')
    .action(async (brandId: string, o) => {
      await withDatabase(async ({ db }) => {
        await deleteBrand(db, await requireTenant(db, o.tenant), brandId);
        process.stdout.write(o.json ? `${JSON.stringify({ deleted: brandId })}\n` : `deleted ${brandId}\n`);
      });
    });
  return brands;
}
