import { Command } from 'commander';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { renameTopic } from '../features/topics/rename-topic.service.js';
import {
  AddEntryBody,
  ChangeEntryBody,
  CreateTopicBody,
  toTopic,
  toTopicEntry,
} from '../features/topics/topics.schemas.js';
import {
  addEntry,
  changeEntry,
  createTopic,
  removeEntry,
  reorderEntries,
} from '../features/topics/topics.service.js';
import { print, withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';
import { checkInput } from './validate-input.js';

/** The options as the admin API's body; `--sort-order` a number (the schema refuses "1.5" or "x"). */
function entryBody(o: { type?: string; content?: string; sortOrder?: string }) {
  return {
    ...(o.content === undefined ? {} : { content: { type: o.type ?? 'text', content: o.content } }),
    ...(o.sortOrder === undefined ? {} : { sortOrder: Number(o.sortOrder) }),
  };
}

export function topicsCommand(): Command {
  const topics = new Command('topics').description('Manage topics and their entries');
  idempotencyOption(
    topics
      .command('create <name>')
      .description('Create a topic')
      .requiredOption('--tenant <id or name>', 'the tenant of the topic')
      .option('--json', 'print the result as one JSON object'),
  ).action(async (name: string, o) => {
    await withDatabase(async ({ db }) => {
      const tenantId = await requireTenant(db, o.tenant);
      const input = checkInput(CreateTopicBody, { name });
      const created = await createOnceFromCli(
        db,
        o.idempotencyKey,
        { operation: 'topics create', input: { tenantId, input } },
        async () => ({ ...toTopic(await createTopic(db, tenantId, input.name)) }),
      );
      printCreated(created, o.json === true, print);
    });
  });
  topics
    .command('rename <topicId>')
    .description('Rename a topic')
    .requiredOption('--tenant <id or name>', 'the tenant of the topic')
    .requiredOption('--name <name>', 'the new name')
    .option('--json', 'print the result as one JSON object')
    .action(async (topicId: string, o) => {
      await withDatabase(async ({ db }) => {
        const { name } = checkInput(CreateTopicBody, { name: o.name });
        print(
          toTopic(await renameTopic(db, await requireTenant(db, o.tenant), topicId, name)),
          o.json === true,
        );
      });
    });
  idempotencyOption(
    topics
      .command('add-entry <topicId>')
      .description('Add an entry (after the last one unless --sort-order is given)')
      .requiredOption('--tenant <id or name>', 'the tenant of the topic')
      .requiredOption('--content <text>', 'the entry content')
      .option('--type <type>', 'text, markdown or url', 'text')
      .option('--sort-order <n>', 'an integer; entries list in ascending order')
      .option('--json', 'print the result as one JSON object'),
  ).action(async (topicId: string, o) => {
    await withDatabase(async ({ db }) => {
      const input = checkInput(AddEntryBody, entryBody(o));
      const tenantId = await requireTenant(db, o.tenant);
      const created = await createOnceFromCli(
        db,
        o.idempotencyKey,
        { operation: 'topics add-entry', input: { tenantId, topicId, input } },
        async () => ({ ...toTopicEntry(await addEntry(db, tenantId, topicId, input)) }),
      );
      printCreated(created, o.json === true, print);
    });
  });
  topics
    .command('update-entry <topicId> <entryId>')
    .description('Change the content and/or sortOrder of an entry')
    .requiredOption('--tenant <id or name>', 'the tenant of the topic')
    .option('--content <text>', 'the new content')
    .option('--type <type>', 'text, markdown or url (with --content)')
    .option('--sort-order <n>', 'the new sortOrder')
    .option('--json', 'print the result as one JSON object')
    .action(async (topicId: string, entryId: string, o) => {
      await withDatabase(async ({ db }) => {
        const entry = await changeEntry(
          db,
          await requireTenant(db, o.tenant),
          topicId,
          entryId,
          checkInput(ChangeEntryBody, entryBody(o)),
        );
        print(toTopicEntry(entry), o.json === true);
      });
    });
  topics
    .command('delete-entry <topicId> <entryId>')
    .description('Delete an entry')
    .requiredOption('--tenant <id or name>', 'the tenant of the topic')
    .action(async (topicId: string, entryId: string, o) => {
      await withDatabase(async ({ db }) => {
        await removeEntry(db, await requireTenant(db, o.tenant), topicId, entryId);
        process.stdout.write(`deleted ${entryId}\n`);
      });
    });
  topics
    .command('reorder <topicId> <entryIds...>')
    .description('Put every entry of the topic in the order given (sortOrder 0, 1, 2...)')
    .requiredOption('--tenant <id or name>', 'the tenant of the topic')
    .action(async (topicId: string, entryIds: string[], o) => {
      await withDatabase(async ({ db }) => {
        await reorderEntries(db, await requireTenant(db, o.tenant), topicId, entryIds);
        process.stdout.write(`reordered ${entryIds.length} entries\n`);
      });
    });
  return topics;
}
