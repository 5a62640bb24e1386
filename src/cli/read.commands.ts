import { type Command, InvalidArgumentError, Command as NewCommand, Option } from 'commander';
import type { InstanceConfig } from '../config.js';
import type { Db } from '../db/schema.js';
import { listAccounts, searchAccountList, showAccount } from '../features/accounts/accounts-reads.service.js';
import { listActivity } from '../features/activity/activity-reads.service.js';
import { ASSET_TYPES } from '../features/assets/assets.schemas.js';
import { listAssets, showAsset } from '../features/assets/assets-reads.service.js';
import {
  listAudiences,
  listConversation,
  listVersions,
  showAudience,
  showVersion,
} from '../features/audiences/audiences-reads.service.js';
import { listPages, showPage } from '../features/pages/pages-reads.service.js';
import { listPersons, searchPersonList, showPerson } from '../features/persons/persons-reads.service.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { showTenant } from '../features/tenants/tenants-reads.service.js';
import { listTopics, showTopic } from '../features/topics/topics-reads.service.js';
import type { Page } from '../lists/pagination.js';
import type { SearchPage } from '../lists/windowed-search.js';
import { withDatabase } from './context.js';
import { type Column, printPage, printRecord } from './output.js';
import { cliLinks } from './public-base.js';

/**
 * `list` and `show` for every resource an operator manages. They call the same read services as
 * the admin API's GET routes (src/features/<feature>/*-reads.service.ts), so both surfaces
 * always show the same thing. Lists are keyset-paged like the API: --limit and --cursor.
 */
type Options = Record<string, string | boolean | number | undefined> & {
  tenant: string;
  json?: boolean;
  cursor?: string;
  limit?: number;
};
interface Context {
  db: Db;
  // With the instance's shared secrets (preview links are signed with them).
  config: InstanceConfig;
  tenantId: string;
}

export function parseLimit(value: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(value)) throw new InvalidArgumentError('a whole number from 1');
  return Number(value);
}

/** `--q`: the admin lists' search text (1 to 100 characters once trimmed, as `q` there). */
export function parseSearch(value: string): string {
  const text = value.trim();
  if (text === '' || text.length > 100) throw new InvalidArgumentError('from 1 to 100 characters');
  return text;
}

function parseFlag(value: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new InvalidArgumentError('true or false');
}

/** The command group of that name (created when the CLI has none yet). */
function group(program: Command, name: string, description: string): Command {
  const existing = program.commands.find((command) => command.name() === name);
  if (existing !== undefined) return existing;
  const created = new NewCommand(name).description(description);
  program.addCommand(created);
  return created;
}

function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
}

async function inTenant<T>(options: Options, action: (context: Context) => Promise<T>): Promise<T> {
  return withDatabase(async ({ db }, config) =>
    action({ db, config, tenantId: await requireTenant(db, options.tenant) }),
  );
}

function listVerb<T>(
  parent: Command,
  spec: {
    description: string;
    examples: string[];
    options?: (command: Command) => Command;
    // A search's page has no total (null), as in the admin API.
    list: (context: Context, options: Options) => Promise<Page<T> | SearchPage<T>>;
    columns: Column<T>[];
  },
): void {
  let command = parent
    .command('list')
    .description(spec.description)
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--limit <n>', 'page size (20 by default, at most 100)', parseLimit)
    .option('--cursor <cursor>', 'the next page, as the previous page said')
    .option('--json', 'print the page as one JSON document');
  if (spec.options) command = spec.options(command);
  examples(command, spec.examples).action(async (options: Options) => {
    await inTenant(options, async (context) =>
      printPage(await spec.list(context, options), spec.columns, options.json === true),
    );
  });
}

function showVerb(
  parent: Command,
  spec: {
    argument: string;
    description: string;
    examples: string[];
    show: (c: Context, id: string) => Promise<object>;
  },
): void {
  examples(
    parent
      .command(`show <${spec.argument}>`)
      .description(spec.description)
      .requiredOption('--tenant <id or name>', 'the tenant')
      .option('--json', 'print the result as one JSON document'),
    spec.examples,
  ).action(async (id: string, options: Options) => {
    await inTenant(options, async (context) =>
      printRecord(await spec.show(context, id), options.json === true),
    );
  });
}

const paging = (options: Options) => ({ cursor: options.cursor, limit: options.limit });
const when = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

export function addReadCommands(program: Command): void {
  examples(
    group(program, 'tenants', 'Manage tenants')
      .command('show <tenant>')
      .description('Show a tenant (by id or name) and its keys (prefixes only)')
      .option('--json', 'print the result as one JSON document'),
    ['quire tenants show acme', 'quire tenants show acme --json'],
  ).action(async (tenant: string, options: { json?: boolean }) => {
    await withDatabase(async ({ db }) => printRecord(await showTenant(db, tenant), options.json === true));
  });

  const pages = group(program, 'pages', 'Manage pages (operators)');
  listVerb(pages, {
    description: 'List pages, newest first (archived and deleted ones too)',
    examples: [
      'quire pages list --tenant acme',
      'quire pages list --tenant acme --status published --search launch',
    ],
    options: (c) =>
      c
        .addOption(
          new Option('--status <status>', 'the page status').choices(['draft', 'published', 'archived']),
        )
        .option('--search <text>', 'a part of the name, any case'),
    list: ({ db, tenantId }, o) =>
      listPages(db, tenantId, {
        ...when('status', o.status as 'draft' | 'published' | 'archived' | undefined),
        ...when('search', o.search as string | undefined),
        ...paging(o),
      }),
    columns: [
      ['pageId', (p) => p.pageId],
      ['name', (p) => p.name],
      ['status', (p) => p.status],
      ['audiences', (p) => p.audiencesCount],
      ['createdAt', (p) => p.createdAt],
    ],
  });
  showVerb(pages, {
    argument: 'pageId',
    description: 'Show a page with all its members',
    examples: ['quire pages show page_01... --tenant acme --json'],
    show: ({ db, tenantId }, id) => showPage(db, tenantId, id),
  });

  const audiences = group(program, 'audiences', 'Manage audiences of pages (operators)');
  listVerb(audiences, {
    description: "List a page's audiences, newest first",
    examples: [
      'quire audiences list --tenant acme --page page_01...',
      'quire audiences list --tenant acme --page page_01... --published false --status draft',
    ],
    options: (c) =>
      c
        .requiredOption('--page <pageId>', 'the page')
        .option('--status <status>', "archived, or the newest version's status (queued, draft, published...)")
        .option('--person <personId>', 'only the audiences of this person')
        .option(
          '--published <true|false>',
          'only audiences with (or without) a published version',
          parseFlag,
        ),
    list: ({ db, tenantId }, o) =>
      listAudiences(db, tenantId, o.page as string, {
        ...when('status', o.status as string | undefined),
        ...when('personId', o.person as string | undefined),
        ...when('published', o.published as boolean | undefined),
        ...paging(o),
      }),
    columns: [
      ['audienceId', (a) => a.audienceId],
      ['name', (a) => a.effectiveName],
      ['status', (a) => a.status],
      ['latest', (a) => a.latestVersion?.versionNumber],
      ['published', (a) => a.publishedVersion?.versionNumber],
      ['createdAt', (a) => a.createdAt],
    ],
  });
  showVerb(audiences, {
    argument: 'audienceId',
    description: 'Show an audience with its latest and published versions',
    examples: ['quire audiences show audience_01... --tenant acme'],
    // The public URL and preview links, as GET /admin/v0/.../audiences/{id} gives them.
    show: ({ db, config, tenantId }, id) => showAudience(db, tenantId, id, cliLinks(config)),
  });

  const versions = group(program, 'versions', 'Publish or cancel audience versions (operators)');
  listVerb(versions, {
    description: "List an audience's versions, newest first, with their full content",
    examples: [
      'quire versions list --tenant acme --audience audience_01...',
      'quire versions list --tenant acme --audience audience_01... --json',
    ],
    options: (c) => c.requiredOption('--audience <audienceId>', 'the audience'),
    list: ({ db, tenantId }, o) => listVersions(db, tenantId, o.audience as string, paging(o)),
    columns: [
      ['versionId', (v) => v.versionId],
      ['#', (v) => v.versionNumber],
      ['status', (v) => v.status],
      ['metaTitle', (v) => v.content?.metaTitle],
      ['agent', (v) => v.agentUsage?.agent],
      [
        'tokens in/out',
        (v) => (v.agentUsage ? `${v.agentUsage.inputTokens}/${v.agentUsage.outputTokens}` : undefined),
      ],
      ['cost USD', (v) => (v.agentUsage ? (v.agentUsage.costUsd ?? 'unpriced') : undefined)],
      ['createdAt', (v) => v.createdAt],
    ],
  });
  showVerb(versions, {
    argument: 'versionId',
    description: 'Show a version with its full content and status timestamps',
    examples: ['quire versions show version_01... --tenant acme --json'],
    show: ({ db, tenantId }, id) => showVersion(db, tenantId, id),
  });

  const conversation = group(program, 'conversation', "Read an audience's conversation with the page agent");
  listVerb(conversation, {
    description: 'List the messages of an audience, oldest first, with their changes',
    examples: [
      'quire conversation list --tenant acme --audience audience_01...',
      'quire conversation list --tenant acme --audience audience_01... --from newest --limit 10',
    ],
    options: (c) =>
      c
        .requiredOption('--audience <audienceId>', 'the audience')
        .addOption(
          new Option(
            '--from <end>',
            'newest: the first page holds the newest messages and --cursor reads older ones (each page oldest first)',
          )
            .choices(['oldest', 'newest'])
            .default('oldest'),
        ),
    list: ({ db, tenantId }, o) =>
      listConversation(db, tenantId, o.audience as string, {
        ...paging(o),
        from: o.from as 'oldest' | 'newest',
      }),
    columns: [
      ['messageId', (m) => m.messageId],
      ['role', (m) => m.role],
      ['content', (m) => m.content],
      ['changes', (m) => m.changes.map((c) => `${c.field}: ${c.newValue}`).join('; ')],
    ],
  });

  const persons = group(program, 'persons', 'Read persons');
  listVerb(persons, {
    description: 'List persons, newest first; --q searches name, email and domain',
    examples: [
      'quire persons list --tenant acme --limit 50',
      'quire persons list --tenant acme --q lovelace',
    ],
    options: (c) =>
      c.option('--q <text>', 'only persons whose name, email or domain contains this', parseSearch),
    list: ({ db, tenantId }, o) =>
      typeof o.q === 'string'
        ? searchPersonList(db, tenantId, o.q, paging(o))
        : listPersons(db, tenantId, paging(o)),
    columns: [
      ['personId', (p) => p.personId],
      ['name', (p) => p.name],
      ['email', (p) => p.email],
      ['domain', (p) => p.domain],
      ['createdAt', (p) => p.createdAt],
    ],
  });
  showVerb(persons, {
    argument: 'personId',
    description: 'Show a person',
    examples: ['quire persons show person_01... --tenant acme'],
    show: ({ db, tenantId }, id) => showPerson(db, tenantId, id),
  });

  const accounts = group(program, 'accounts', 'Read accounts and their activity');
  listVerb(accounts, {
    description: 'List accounts, newest first, with their counts',
    examples: [
      'quire accounts list --tenant acme',
      'quire accounts list --tenant acme --empty-only',
      'quire accounts list --tenant acme --q contoso',
    ],
    options: (c) =>
      c
        .option('--empty-only', 'only accounts without linked persons')
        .option('--q <text>', 'only accounts whose name or domain contains this', parseSearch),
    list: ({ db, tenantId }, o) => {
      const page = { emptyOnly: o.emptyOnly === true, ...paging(o) };
      return typeof o.q === 'string'
        ? searchAccountList(db, tenantId, o.q, page)
        : listAccounts(db, tenantId, page);
    },
    columns: [
      ['accountId', (a) => a.accountId],
      ['name', (a) => a.name],
      ['domain', (a) => a.domain],
      ['persons', (a) => a.linkedPersonsCount],
      ['latestActivityAt', (a) => a.latestActivityAt],
    ],
  });
  showVerb(accounts, {
    argument: 'accountId',
    description: 'Show an account',
    examples: ['quire accounts show account_01... --tenant acme'],
    show: ({ db, tenantId }, id) => showAccount(db, tenantId, id),
  });
  let activity = accounts
    .command('activity <accountId>')
    .description("List an account's logs, newest first")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--persons', "also the logs of the account's persons")
    .option('--deleted', 'also deleted logs')
    .option('--limit <n>', 'page size (20 by default, at most 100)', parseLimit)
    .option('--cursor <cursor>', 'the next page, as the previous page said')
    .option('--json', 'print the page as one JSON document');
  activity = examples(activity, ['quire accounts activity account_01... --tenant acme --persons']);
  activity.action(async (accountId: string, o: Options) => {
    await inTenant(o, async ({ db, tenantId }) =>
      printPage(
        await listActivity(db, tenantId, accountId, {
          includePersonActivity: o.persons === true,
          includeDeleted: o.deleted === true,
          ...paging(o),
        }),
        [
          ['activityId', (i) => i.activityId],
          ['source', (i) => i.source],
          ['type', (i) => i.type],
          ['person', (i) => i.personName],
          ['createdAt', (i) => i.createdAt],
        ],
        o.json === true,
      ),
    );
  });

  const topics = group(program, 'topics', 'Manage topics and their entries (operators)');
  listVerb(topics, {
    description: 'List topics, newest first, with their entries',
    examples: ['quire topics list --tenant acme --json'],
    list: ({ db, tenantId }, o) => listTopics(db, tenantId, paging(o)),
    columns: [
      ['topicId', (t) => t.topicId],
      ['name', (t) => t.name],
      ['entries', (t) => t.entriesCount],
      ['first entry', (t) => t.entries[0]?.content.content],
    ],
  });
  showVerb(topics, {
    argument: 'topicId',
    description: 'Show a topic with its entries (the first 100)',
    examples: ['quire topics show topic_01... --tenant acme --json'],
    show: ({ db, tenantId }, id) => showTopic(db, tenantId, id),
  });

  const assets = group(program, 'assets', 'Manage assets (operators)');
  listVerb(assets, {
    description: 'List assets, newest first (hidden ones too); trashed and deleted ones on request',
    examples: [
      'quire assets list --tenant acme --type logo',
      'quire assets list --tenant acme --trashed --deleted',
    ],
    options: (c) =>
      c
        .addOption(new Option('--type <assetType>', 'the asset type').choices(ASSET_TYPES))
        .option('--trashed', 'also trashed assets')
        .option('--deleted', 'also deleted assets'),
    list: ({ db, config, tenantId }, o) =>
      listAssets(db, tenantId, config.publicFileBaseUrl, {
        ...when('assetType', o.type as string | undefined),
        includeTrashed: o.trashed === true,
        includeDeleted: o.deleted === true,
        ...paging(o),
      }),
    columns: [
      ['assetId', (a) => a.assetId],
      ['name', (a) => a.name],
      ['type', (a) => a.data.type],
      ['state', (a) => a.lifecycleState],
      ['hidden', (a) => a.hidden],
    ],
  });
  showVerb(assets, {
    argument: 'assetId',
    description: 'Show an asset, whatever its lifecycle state',
    examples: ['quire assets show asset_01... --tenant acme'],
    show: ({ db, config, tenantId }, id) => showAsset(db, tenantId, config.publicFileBaseUrl, id),
  });
}
