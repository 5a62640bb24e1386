import { Command, InvalidArgumentError } from 'commander';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import {
  getDelivery,
  listDeliveries,
  replayDelivery,
  replayFailedDeliveries,
  sendTestEvent,
} from '../features/webhooks/deliveries.service.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from '../features/webhooks/endpoints.service.js';
import {
  CreateWebhookBody,
  ReplayFailedBody,
  RotateSecretBody,
  UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
} from '../features/webhooks/webhooks.schemas.js';
import { EVENT_TYPES } from '../outbox/event-types.js';
import { withDatabase } from './context.js';
import { createOnceFromCli, idempotencyOption, printCreated } from './idempotent-create.js';
import { type Column, printPage, printRecord } from './output.js';
import { parseLimit } from './read.commands.js';
import { checkInput } from './validate-input.js';

function parseStatus(value: string): string {
  if (!['pending', 'succeeded', 'failed'].includes(value))
    throw new InvalidArgumentError('pending, succeeded or failed');
  return value;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

const WEBHOOK_COLUMNS: Column<Webhook>[] = [
  ['webhookId', (w) => w.webhookId],
  ['url', (w) => w.url],
  ['events', (w) => w.events.join(' ')],
  ['enabled', (w) => (w.enabled ? 'yes' : `no${w.disabledReason === null ? '' : `: ${w.disabledReason}`}`)],
  ['failing since', (w) => w.failingSince ?? ''],
  ['created', (w) => w.createdAt],
];

const DELIVERY_COLUMNS: Column<WebhookDelivery>[] = [
  ['deliveryId', (d) => d.deliveryId],
  ['event', (d) => `${d.eventType} ${d.eventId}`],
  ['status', (d) => d.status],
  ['attempts', (d) => d.attemptCount],
  ['last answer', (d) => d.attempts.at(-1)?.responseStatus ?? d.lastError ?? ''],
  ['next attempt', (d) => d.nextAttemptAt ?? ''],
  ['created', (d) => d.createdAt],
];

/** Runs an action with the database, the webhook settings and the tenant's id. */
function withTenant<T>(
  tenant: string,
  action: (db: Db, config: Config, tenantId: string) => Promise<T>,
): Promise<T> {
  return withDatabase(async ({ db }, config) => action(db, config, await requireTenant(db, tenant)));
}

/** `quire webhooks ...`: the admin API's webhook operations, on the same services. */
export function webhooksCommand(): Command {
  const webhooks = new Command('webhooks')
    .description('Manage signed webhook endpoints and their deliveries')
    .addHelpText(
      'after',
      `
Event types: ${EVENT_TYPES.join(', ')}; or a wildcard such as version.* or *.

Examples:
  quire webhooks create --tenant acme --url https://crm.example.com/quire --events 'version.*' --events message.created
  quire webhooks list --tenant acme
  quire webhooks deliveries webhook_01... --tenant acme --status failed
  quire webhooks replay-failed webhook_01... --tenant acme --since 2026-11-21T00:00:00Z
  quire webhooks test webhook_01... --tenant acme
See docs/events.md.`,
    );
  idempotencyOption(
    webhooks
      .command('create')
      .description('Create an endpoint; its signing secret (whsec_...) is printed once')
      .requiredOption('--tenant <id or name>', 'the tenant')
      .requiredOption('--url <url>', 'https URL the events are POSTed to')
      .requiredOption('--events <type>', 'an event type or wildcard it wants (repeat for more)', collect)
      .option('--description <text>', 'a note')
      .option('--disabled', 'create it disabled')
      .option('--json', 'print the result as one JSON object'),
  ).action(async (o) => {
    await withTenant(o.tenant, async (db, config, tenantId) => {
      const input = checkInput(CreateWebhookBody, {
        url: o.url,
        events: o.events,
        ...(o.description === undefined ? {} : { description: o.description }),
        ...(o.disabled === true ? { enabled: false } : {}),
      });
      const created = await createOnceFromCli(
        db,
        o.idempotencyKey,
        { operation: 'webhooks create', input: { tenantId, input } },
        async () => ({ ...(await createWebhook(db, config.events.webhooks, tenantId, input)) }),
      );
      printCreated(created, o.json === true, (value, json) => printRecord(value, json));
      if (!created.replayed && o.json !== true)
        process.stderr.write('Store the secret now: it cannot be shown again (rotate it if it is lost).\n');
    });
  });
  webhooks
    .command('list')
    .description("List a tenant's endpoints")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--limit <n>', 'page size (20 by default, at most 100)', parseLimit)
    .option('--cursor <cursor>', 'the next page')
    .option('--json', 'print the page as one JSON object')
    .action(async (o) => {
      await withTenant(o.tenant, async (db, _config, tenantId) => {
        const page = await listWebhooks(db, tenantId, {
          ...(o.limit === undefined ? {} : { limit: o.limit }),
          ...(o.cursor === undefined ? {} : { cursor: o.cursor }),
        });
        printPage(page, WEBHOOK_COLUMNS, o.json === true);
      });
    });
  webhooks
    .command('show <webhookId>')
    .description('Show one endpoint (never its secret)')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print it as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, _config, tenantId) =>
        printRecord(await getWebhook(db, tenantId, webhookId), o.json === true),
      );
    });
  webhooks
    .command('update <webhookId>')
    .description('Change the URL, events or description; enable or disable')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--url <url>', 'a new URL')
    .option('--events <type>', 'the new event types (repeat for more)', collect)
    .option('--description <text>', 'a new note ("" removes it)')
    .option('--enable', 'enable it (also after Quire disabled it)')
    .option('--disable', 'disable it')
    .option('--json', 'print the result as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, config, tenantId) => {
        const input = checkInput(UpdateWebhookBody, {
          ...(o.url === undefined ? {} : { url: o.url }),
          ...(o.events === undefined ? {} : { events: o.events }),
          ...(o.description === undefined
            ? {}
            : { description: o.description === '' ? null : o.description }),
          ...(o.enable === true ? { enabled: true } : o.disable === true ? { enabled: false } : {}),
        });
        printRecord(
          await updateWebhook(db, config.events.webhooks, tenantId, webhookId, input),
          o.json === true,
        );
      });
    });
  webhooks
    .command('delete <webhookId>')
    .description('Delete an endpoint and its delivery log')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the result as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, _config, tenantId) => {
        await deleteWebhook(db, tenantId, webhookId);
        process.stdout.write(
          o.json ? `${JSON.stringify({ deleted: webhookId })}\n` : `deleted ${webhookId}\n`,
        );
      });
    });
  webhooks
    .command('rotate <webhookId>')
    .description('A new signing secret (printed once); the previous one signs too during the overlap')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--overlap-minutes <n>', 'how long the previous secret keeps signing (default 1440)')
    .option('--json', 'print the result as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, _config, tenantId) => {
        const { overlapMinutes } = checkInput(
          RotateSecretBody,
          o.overlapMinutes === undefined ? {} : { overlapMinutes: Number(o.overlapMinutes) },
        );
        printRecord(await rotateWebhookSecret(db, tenantId, webhookId, overlapMinutes), o.json === true);
      });
    });
  webhooks
    .command('deliveries <webhookId>')
    .description("An endpoint's deliveries, newest first, with their attempts")
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--status <status>', 'pending, succeeded or failed', parseStatus)
    .option('--limit <n>', 'page size (20 by default, at most 100)', parseLimit)
    .option('--cursor <cursor>', 'the next page')
    .option('--json', 'print the page as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, _config, tenantId) => {
        const page = await listDeliveries(db, tenantId, webhookId, {
          ...(o.status === undefined ? {} : { status: o.status }),
          ...(o.limit === undefined ? {} : { limit: o.limit }),
          ...(o.cursor === undefined ? {} : { cursor: o.cursor }),
        });
        printPage(page, DELIVERY_COLUMNS, o.json === true);
      });
    });
  webhooks
    .command('delivery <webhookId> <deliveryId>')
    .description('One delivery and every attempt (status, duration, answer)')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print it as one JSON object')
    .action(async (webhookId: string, deliveryId: string, o) => {
      await withTenant(o.tenant, async (db, _config, tenantId) =>
        printRecord(await getDelivery(db, tenantId, webhookId, deliveryId), o.json === true),
      );
    });
  webhooks
    .command('replay <webhookId> <deliveryId>')
    .description('Send a delivery again (same webhook-id) as a new delivery')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the new delivery as one JSON object')
    .action(async (webhookId: string, deliveryId: string, o) => {
      await withTenant(o.tenant, async (db, config, tenantId) => {
        const max = config.events.webhooks.maxAttempts;
        printRecord(await replayDelivery(db, tenantId, webhookId, deliveryId, max), o.json === true);
      });
    });
  webhooks
    .command('replay-failed <webhookId>')
    .description('Replay every failed delivery created since a time (500 per run)')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .requiredOption('--since <time>', 'RFC 3339 time, e.g. 2026-11-21T00:00:00Z')
    .option('--json', 'print the result as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, config, tenantId) => {
        const { since } = checkInput(ReplayFailedBody, { since: o.since });
        const max = config.events.webhooks.maxAttempts;
        const result = await replayFailedDeliveries(db, tenantId, webhookId, Date.parse(since), max);
        printRecord(result, o.json === true);
      });
    });
  webhooks
    .command('test <webhookId>')
    .description('Send a signed webhook.test event now and show the attempt')
    .requiredOption('--tenant <id or name>', 'the tenant')
    .option('--json', 'print the delivery as one JSON object')
    .action(async (webhookId: string, o) => {
      await withTenant(o.tenant, async (db, config, tenantId) =>
        printRecord(await sendTestEvent(db, config.events.webhooks, tenantId, webhookId), o.json === true),
      );
    });
  return webhooks;
}
