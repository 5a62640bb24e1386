import { Command } from 'commander';
import { AudienceInput, toVersion } from '../features/audiences/audiences.schemas.js';
import {
  archiveAudience,
  createAudience,
  presentAudience,
  updateAudience,
} from '../features/audiences/audiences.service.js';
import { restoreVersion, revertMessage, unarchiveAudience } from '../features/audiences/rollback.service.js';
import { cancelVersion, publishVersion } from '../features/audiences/versions.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';
import { cliLinks } from './public-base.js';
import { readJsonInput } from './validate-input.js';

type Options = {
  tenant: string;
  page?: string;
  data?: string;
  file?: string;
  json?: boolean;
  idempotencyKey?: string;
  publish?: boolean;
};

const tenantOption = (command: Command) =>
  command
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object');

/** `quire audiences create|update|archive`: an audience is a page's personalised variant. */
export function audiencesCommand(): Command {
  const audiences = new Command('audiences').description('Manage audiences of pages (operators)');
  idempotencyOption(
    tenantOption(
      audiences.command('create').description('Create an audience of a page; queues version 1 for the agent'),
    ),
  )
    .requiredOption('--page <pageId>', 'the page')
    .option('--data <json>', 'personId, customName, supplementaryContext, overrides... as JSON')
    .option('--file <path>', 'read the JSON from a file (- for stdin)')
    .action(async (options: Options) => {
      await withDatabase(async ({ db }, config) => {
        const tenantId = await requireTenant(db, options.tenant);
        const input = readJsonInput(AudienceInput, options);
        const created = await createOnceFromCli(
          db,
          options.idempotencyKey,
          { operation: 'audiences create', input: { tenantId, page: options.page, input } },
          async () => {
            const { audience } = await createAudience(db, tenantId, options.page!, input);
            return { ...(await presentAudience(db, audience, undefined, cliLinks(config))) };
          },
        );
        printCreated(created, options.json === true, print);
      });
    });
  tenantOption(audiences.command('update <audienceId>').description('Change members of an audience'))
    .option('--data <json>', 'the members to change, as JSON')
    .option('--file <path>', 'read the JSON from a file (- for stdin)')
    .action(async (audienceId: string, options: Options) => {
      await withDatabase(async ({ db }, config) => {
        const tenantId = await requireTenant(db, options.tenant);
        const input = readJsonInput(AudienceInput, options);
        print(
          await presentAudience(
            db,
            await updateAudience(db, tenantId, audienceId, input),
            undefined,
            cliLinks(config),
          ),
          options.json === true,
        );
      });
    });
  tenantOption(
    audiences
      .command('archive <audienceId>')
      .description('Archive an audience; cancels its waiting versions'),
  ).action(async (audienceId: string, options: Options) => {
    await withDatabase(async ({ db }, config) => {
      const tenantId = await requireTenant(db, options.tenant);
      print(
        await presentAudience(
          db,
          await archiveAudience(db, tenantId, audienceId),
          undefined,
          cliLinks(config),
        ),
        options.json === true,
      );
    });
  });
  rollbackCommands(audiences);
  return audiences;
}

/** `quire audiences restore|revert|unarchive`: rollback and undo (the admin API's restore, revert, unarchive). */
function rollbackCommands(audiences: Command): void {
  tenantOption(
    audiences
      .command('unarchive <audienceId>')
      .description('Bring an archived audience back (its cancelled versions stay cancelled)'),
  ).action(async (audienceId: string, options: Options) => {
    await withDatabase(async ({ db }) => {
      const tenantId = await requireTenant(db, options.tenant);
      print(
        await presentAudience(db, await unarchiveAudience(db, tenantId, audienceId)),
        options.json === true,
      );
    });
  });
  for (const [verb, action, what] of [
    [
      'restore <versionId>',
      restoreVersion,
      "Restore an earlier version: a new draft version with that version's content",
    ],
    [
      'revert <messageId>',
      revertMessage,
      'Undo one message: restore the version before the one the message asked for',
    ],
  ] as const) {
    tenantOption(audiences.command(verb).description(what))
      .option('--publish', 'publish the new version at once')
      .action(async (id: string, options: Options) => {
        await withDatabase(async ({ db }) => {
          const tenantId = await requireTenant(db, options.tenant);
          const version = await action(db, tenantId, id, { publish: options.publish === true });
          print(toVersion(version), options.json === true);
        });
      });
  }
}

/** `quire versions publish|cancel`: an operator publishes a draft or cancels a waiting version. */
export function versionsCommand(): Command {
  const versions = new Command('versions').description('Publish or cancel audience versions (operators)');
  for (const [verb, action, what] of [
    [
      'publish',
      publishVersion,
      'Publish a draft: it becomes the audience publishedVersion; the previous one is archived',
    ],
    ['cancel', cancelVersion, 'Cancel a pending or queued version'],
  ] as const) {
    tenantOption(versions.command(`${verb} <versionId>`).description(what)).action(
      async (versionId: string, options: Options) => {
        await withDatabase(async ({ db }) => {
          const tenantId = await requireTenant(db, options.tenant);
          print(toVersion(await action(db, tenantId, versionId)), options.json === true);
        });
      },
    );
  }
  return versions;
}
