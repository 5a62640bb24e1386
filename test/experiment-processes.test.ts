import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import { publishVersion } from '../src/features/audiences/versions.service.js';
import { armOfBucket, unitBucket } from '../src/features/experiments/experiments.service.js';
import { makePerson, makeTenant } from './factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from './harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from './pages-factories.js';
import { envFor, serve, stop } from './processes.js';

/**
 * Acceptance of issue 35 (docs/experiments.md, "Assignment"): two `quire serve` processes on one
 * database (the SQLite file, PostgreSQL) expose many units at once, one of them is restarted, and
 * every unit is shown one arm by every process, recorded in one exposure row, the arm its hash picks.
 * Units: accounts (two persons each, two audiences: one unit), persons without an account, and
 * visitors (one audience without a person, told apart by their browser).
 */
const HALF = [
  { key: 'holdout', kind: 'generic', weight: 50 },
  { key: 'personalised', kind: 'personalised', weight: 50 },
] as const;
const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n} Safari/537.36`;

describeEachDatabase('experiment assignment across server processes', (ctx) => {
  it('shows each unit one arm from two processes and after a restart, recorded once', {
    timeout: 300_000,
  }, async () => {
    // Visitor units rotate at midnight UTC (a visitor after midnight is another unit): start clear of it.
    const msToMidnight = 86_400_000 - (Date.now() % 86_400_000);
    if (msToMidnight < 180_000) await new Promise((resolve) => setTimeout(resolve, msToMidnight + 1000));

    const tenant = await makeTenant(ctx);
    const handle = (
      await ctx.request({
        method: 'GET',
        url: '/admin/v0/tenants',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body.items.find((t: { tenantId: string }) => t.tenantId === tenant.tenantId).handle as string;
    const page = await makePage(ctx, tenant, {
      body: { headline: 'Close in two days', subheadline: 'Finance automation', sections: [] },
    });

    async function accountOf(personId: string): Promise<string> {
      const row = await ctx.database.db
        .selectFrom('persons')
        .select('account_id')
        .where('tenant_id', '=', tenant.tenantId)
        .where('id', '=', personId)
        .executeTakeFirstOrThrow();
      return row.account_id!;
    }
    // 8 accounts of two persons, 8 persons without an account, one audience each; a general audience.
    const people: { name: string; personId: string; unit: [string, string] }[] = [];
    for (let a = 0; a < 8; a++) {
      for (let p = 0; p < 2; p++) {
        const person = await makePerson(ctx, tenant, {
          name: `Buyer ${a}-${p}`,
          domain: `account${a}.example`,
        });
        people.push({
          name: person.name,
          personId: person.personId,
          unit: ['account', await accountOf(person.personId)],
        });
      }
    }
    for (let p = 0; p < 8; p++) {
      const person = await makePerson(ctx, tenant, { name: `Solo ${p}` });
      people.push({ name: person.name, personId: person.personId, unit: ['person', person.personId] });
    }
    const audiences: { url: string; name: string; unit: [string, string] | null; versionId: string }[] = [];
    const routeKey = async (audienceId: string) =>
      (
        await ctx.request({
          method: 'GET',
          url: `/v0/pages/${page.id}/audiences/${audienceId}`,
          key: tenant.key,
        })
      ).body.routeKey as string;
    for (const person of people) {
      const made = await makeAudience(ctx, tenant, page.id, { personId: person.personId });
      audiences.push({
        url: `/p/${handle}/${page.slug}/${await routeKey(made.audienceId)}`,
        name: person.name,
        unit: person.unit,
        versionId: made.versionId,
      });
    }
    const general = await makeAudience(ctx, tenant, page.id, { customName: 'General visitors' });
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    for (const a of audiences) await publishVersion(ctx.database.db, tenant.tenantId, a.versionId);
    await publishVersion(ctx.database.db, tenant.tenantId, general.versionId);
    const generalUrl = `/p/${handle}/${page.slug}/${await routeKey(general.audienceId)}`;

    const created = await ctx.request({
      method: 'POST',
      url: `/admin/v0/tenants/${tenant.tenantId}/pages/${page.id}/experiments`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { name: 'Holdout', arms: HALF, metric: { kind: 'click' } },
    });
    assert.equal(created.status, 201, created.raw);
    const experimentId = created.body.experimentId as string;

    // Every visit: a page URL, a browser, and the unit it belongs to (null: a visitor, known after).
    const visits = [
      ...audiences.map((a, i) => ({ url: a.url, agent: browser(i), name: a.name, unit: a.unit })),
      ...Array.from({ length: 24 }, (_, i) => ({
        url: generalUrl,
        agent: browser(1000 + i),
        name: 'General visitors',
        unit: null,
      })),
    ];
    const seen = new Map<string, Set<string>>();
    const visitAll = async (bases: string[]) => {
      // Each visit through every process at once: the processes race to expose the unit.
      await Promise.all(
        visits.flatMap((visit) =>
          bases.map(async (base) => {
            const response = await fetch(base + visit.url, { headers: { 'user-agent': visit.agent } });
            assert.equal(response.status, 200, `${visit.url} from ${base}`);
            const key = `${visit.url} ${visit.agent}`;
            const bodies = seen.get(key) ?? new Set<string>();
            bodies.add(await response.text());
            seen.set(key, bodies);
          }),
        ),
      );
    };

    const env = {
      ...envFor(ctx.dialect),
      // One address sends every visit (as in test/harness.ts): the limit per address is not the subject.
      RATE_LIMIT_PER_SECOND: '100000',
      RATE_LIMIT_BURST: '100000',
      HOSTED_RATE_LIMIT_PER_SECOND: '100000',
      HOSTED_RATE_LIMIT_BURST: '100000',
      ...(ctx.dialect === 'sqlite' ? { DATA_DIR: path.dirname(ctx.database.location) } : {}),
    };
    let a = await serve(env);
    const b = await serve(env);
    try {
      await visitAll([a.base, b.base]);
      await visitAll([b.base, a.base]);
      await stop(a.child);
      a = await serve(env);
      await visitAll([a.base, b.base]);
    } finally {
      await stop(a.child);
      await stop(b.child);
    }

    const rows = await ctx.database.db
      .selectFrom('experiment_assignments')
      .selectAll()
      .where('tenant_id', '=', tenant.tenantId)
      .where('experiment_id', '=', experimentId)
      .execute();
    const armOf = new Map(rows.map((r) => [`${r.unit_kind} ${r.unit_key}`, r.arm]));
    for (const row of rows) {
      assert.equal(
        row.arm,
        armOfBucket(HALF as never, unitBucket(experimentId, row.unit_kind, row.unit_key)).key,
      );
    }
    // 8 accounts, 8 persons, 24 visitors: one row each, however many processes exposed them at once.
    const kinds = rows.map((r) => r.unit_kind);
    assert.deepEqual(
      [
        kinds.filter((k) => k === 'account').length,
        kinds.filter((k) => k === 'person').length,
        kinds.filter((k) => k === 'visitor').length,
      ],
      [8, 8, 24],
    );

    // Each unit saw one page, everywhere and across the restart, and it is its arm's page.
    const bodyOfUnit = new Map<string, string>();
    const arms = new Set<string>();
    for (const visit of visits) {
      const bodies = [...seen.get(`${visit.url} ${visit.agent}`)!];
      assert.equal(bodies.length, 1, `${visit.name} (${visit.agent}) saw ${bodies.length} pages`);
      const body = bodies[0]!;
      const personalised = body.includes(`for ${visit.name}`);
      if (visit.unit !== null) {
        const key = visit.unit.join(' ');
        const arm = armOf.get(key);
        arms.add(arm!);
        assert.equal(personalised, arm === 'personalised', `${visit.name}: arm ${arm}`);
        // Two persons of one account: the account's one arm.
        const before = bodyOfUnit.get(key);
        if (before !== undefined) assert.equal(before.includes('for Buyer'), personalised);
        bodyOfUnit.set(key, body);
      } else {
        arms.add(personalised ? 'personalised' : 'holdout');
      }
    }
    const visitorRows = rows.filter((r) => r.unit_kind === 'visitor');
    const personalisedVisitors = visits.filter(
      (v) => v.unit === null && [...seen.get(`${v.url} ${v.agent}`)!][0]!.includes('for General visitors'),
    ).length;
    assert.equal(personalisedVisitors, visitorRows.filter((r) => r.arm === 'personalised').length);
    assert.deepEqual([...arms].sort(), ['holdout', 'personalised'], 'both arms were shown');
  });
});
