// Issue 36's statement-logging rule: every statement on a tenant table filters by `tenant_id`
// with equality, so that on Citus it is routed to one shard. This test logs every statement the
// service sends to PostgreSQL (at pg's client, so the prepared statements of the hottest paths
// count too) while it runs a representative set of API operations and the workers' rounds, and
// fails on a statement that reads or writes a tenant table without such a filter, unless it is
// one of the cross-tenant statements listed below with the reason it may fan out.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { isTenantTable } from '../src/db/distribution/table-kinds.js';
import { expiredLeases, nextClaimableTenant } from '../src/features/audiences/versions.repository.js';
import { nextDueTenant } from '../src/features/webhooks/deliveries.repository.js';
import { sequenceEvents } from '../src/outbox/sequencer.js';
import { EventPump } from '../src/worker/event-pump.js';
import { makeAccountLog, makePerson, makeTenant } from './factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from './harness.js';
import { drain, FakeAgent, makeAudience, makeWorker } from './pages-factories.js';
import { makeWebhook, testEventsConfig } from './webhook-factories.js';

/**
 * Statements allowed to read or write several tenants' rows, each with its reason. A statement is
 * matched by a part of its text; keep each pattern narrow.
 */
const CROSS_TENANT: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /from "events" where "position" is null/,
    reason: 'the sequencer asks whether any event of any tenant waits for its position (one global order)',
  },
  {
    pattern: /update events set position = numbered\.position/,
    reason: 'the sequencer numbers the committed events of every tenant in one global order',
  },
  {
    pattern: /from "events" where "position" > \$1 and "target_endpoint_id" is null order by "position"/,
    reason: "the stream's poller and the fan-out read what is new for every tenant, in the global order",
  },
  {
    pattern: /from "webhook_endpoints" where "tenant_id" in \(/,
    reason: 'the fan-out loads the enabled endpoints of the tenants of one batch of events',
  },
  {
    pattern: /from "webhook_deliveries" .*order by "next_attempt_at"/,
    reason: 'a plain read finds the tenant whose delivery is due first; the claim then names it',
  },
  {
    pattern: /from "audience_versions" .*"status" = \$\d+ and "available_at" <= /,
    reason: 'a plain read finds the tenant whose queued version is oldest; the claim then names it',
  },
  {
    pattern:
      /select "tenant_id", max\("agent_usage_at"\) as "last" from "audience_versions" where "tenant_id" in \(/,
    reason:
      'the version workers take tenants in turn: when each tenant with claimable versions was last served (docs/agent.md, concurrency and turns)',
  },
  {
    pattern: /from "audience_versions" where "status" = \$1 and "lease_expires_at" < \$2/,
    reason:
      "the reaper's plain read finds expired leases of every tenant (or of a dedicated worker's tenants); each is then moved under its audience's lock, naming its tenant",
  },
  {
    pattern: /delete from events where \(tenant_id, id\) in \(/,
    reason: 'pruning deletes expired events of every tenant (a --tenant worker: one)',
  },
  {
    pattern: /from "webhook_deliveries" where "completed_at" < \$1|delete from "?webhook_deliveries"? /,
    reason: 'pruning deletes finished deliveries past their retention, of every tenant',
  },
];

const IGNORED = /^\s*(begin|commit|rollback|savepoint|release|set |listen |select 1\b|select pg_notify)/i;

/** The tables a statement names after from/join/update/into (CTE names are filtered out by the caller). */
function tablesOf(text: string): string[] {
  return [...text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) =>
    m[1]!.toLowerCase(),
  );
}

/** `tenant_id = $n` (or a literal), or `in` one value, which Citus also routes to one shard. */
const TENANT_EQUALITY = /"?tenant_id"?\s*(=\s*(\$\d+|'[^']*')|in\s*\(\$\d+\))/i;

describeEachDatabase(
  'every statement on a tenant table names its tenant (PostgreSQL statement log)',
  (ctx) => {
    it('holds over a representative set of API operations and worker rounds', async (t) => {
      if (ctx.dialect !== 'postgres') return t.skip('the rule is about PostgreSQL (Citus) routing');
      const db = ctx.database.db;
      const { rows } = await ctx.database.db
        .selectFrom('information_schema.tables' as never)
        .select('table_name' as never)
        .where('table_schema' as never, '=', 'public' as never)
        .execute()
        .then((found) => ({ rows: found as Array<{ table_name: string }> }));
      const tenantTables = new Set(rows.map((row) => row.table_name).filter(isTenantTable));

      const logged: string[] = [];
      const query = pg.Client.prototype.query;
      // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this only reads the text.
      (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
        const first = args[0];
        const text = typeof first === 'string' ? first : first?.text;
        if (typeof text === 'string') logged.push(text);
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      };
      try {
        const tenant = await makeTenant(ctx);
        const person = await makePerson(ctx, tenant, { email: 'ada@example.com' });
        const key = tenant.key;
        const get = (url: string) => ctx.request({ method: 'GET', url, key });
        assert.equal((await get(`/v0/persons/${person.personId}`)).status, 200);
        assert.equal((await get('/v0/persons?limit=5')).status, 200);
        const log = await makeAccountLog(ctx, tenant);
        assert.equal((await get('/v0/accounts?limit=5')).status, 200);
        assert.equal((await get(`/v0/accounts/${log.accountId}/activity`)).status, 200);
        const { pageId, audienceId } = await makeAudience(ctx, tenant);
        const message = await ctx.request({
          method: 'POST',
          url: `/v0/pages/${pageId}/audiences/${audienceId}/messages`,
          key,
          body: { message: 'Make the title about a two-day close' },
        });
        assert.ok([200, 201, 202].includes(message.status), message.raw);
        assert.equal((await get(`/v0/pages/${pageId}/audiences/${audienceId}/messages`)).status, 200);
        assert.equal((await get(`/v0/pages/${pageId}`)).status, 200);
        assert.equal((await get(`/v0/pages/${pageId}/audiences/${audienceId}`)).status, 200);
        assert.equal((await get('/v0/assets/search?q=close')).status, 200);
        await drain(makeWorker(ctx, tenant, new FakeAgent()));
        const { webhookId } = await makeWebhook(ctx, tenant, 'https://example.invalid/hook', [
          'person.created',
        ]);
        const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
        for (const url of [
          `/admin/v0/tenants/${tenant.tenantId}/webhooks`,
          `/admin/v0/tenants/${tenant.tenantId}/webhooks/${webhookId}/deliveries`,
        ]) {
          const response = await ctx.request({ method: 'GET', url, headers: admin });
          assert.equal(response.status, 200, response.raw);
        }
        await makePerson(ctx, tenant);
        await sequenceEvents(db, { wait: true });
        const pump = new EventPump(
          db,
          testEventsConfig(),
          { info() {}, warn() {}, error() {} },
          tenant.tenantId,
        );
        await pump.runOnce();
        await pump.stop();
        // An unscoped worker's reads, as `quire worker` without --tenant makes them (read-only
        // here: claiming would take other test files' work on the shared database), and its
        // pruning (only what is past its retention, which no test row is).
        await nextClaimableTenant(db, Date.now());
        await expiredLeases(db, Date.now(), 10);
        await nextDueTenant(db, Date.now());
        await new EventPump(db, testEventsConfig(), { info() {}, warn() {}, error() {} }).prune();
      } finally {
        pg.Client.prototype.query = query;
      }
      const offending: string[] = [];
      const used = new Set<RegExp>();
      for (const text of logged) {
        if (IGNORED.test(text)) continue;
        const normalised = text.replace(/\s+/g, ' ');
        const cteNames = new Set(
          [...normalised.matchAll(/"?([a-z_][a-z0-9_]*)"? as \(/gi)].map((m) => m[1]!.toLowerCase()),
        );
        const touched = tablesOf(normalised).filter(
          (table) => tenantTables.has(table) && !cteNames.has(table),
        );
        if (touched.length === 0) continue;
        // A plain insert of rows carries each row's tenant: Citus routes it by that value.
        if (/^\s*insert into "?\w+"? \([^)]*tenant_id[^)]*\) values /i.test(normalised)) continue;
        if (TENANT_EQUALITY.test(normalised)) continue;
        const allowed = CROSS_TENANT.find(({ pattern }) => pattern.test(normalised));
        if (allowed !== undefined) {
          used.add(allowed.pattern);
          continue;
        }
        offending.push(normalised);
      }
      for (const { pattern, reason } of CROSS_TENANT)
        t.diagnostic(`${used.has(pattern) ? 'seen' : 'not exercised'}: ${pattern.source} (${reason})`);
      assert.ok(logged.length > 100, `logged ${logged.length} statements`);
      assert.deepEqual(
        [...new Set(offending)],
        [],
        'statements on tenant tables without a tenant_id equality filter',
      );
    });
  },
);
