import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envFor, quire, serve, stop } from '../processes.js';

const AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// One database is enough here: the verbs call the same services the dialect-tested suites cover.
describe('quire experiments', () => {
  it('creates an experiment, exposes a served unit, reads results, starts a phase and stops', {
    timeout: 120_000,
  }, async (t) => {
    const env = envFor('sqlite');
    const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
    const tenant = ['--tenant', seed.tenantId];
    const created = JSON.parse(
      (
        await quire(
          env,
          'experiments',
          'create',
          seed.pageId,
          ...tenant,
          '--name',
          'Holdout',
          '--arms',
          'holdout:generic:100,personalised:personalised:0',
          '--metric',
          'activity:meeting-booked',
          '--window',
          '14',
          '--json',
        )
      ).stdout,
    );
    assert.equal(created.phase, 1);
    assert.deepEqual(created.metric, { kind: 'activity', activityType: 'meeting-booked', windowDays: 14 });
    const server = await serve(env);
    t.after(() => stop(server.child).then(() => undefined));
    const personal = await fetch(`${server.base}${new URL(seed.publicUrl).pathname}`, {
      headers: { 'user-agent': AGENT },
    });
    assert.equal(personal.status, 200);
    const results = JSON.parse(
      (await quire(env, 'experiments', 'results', created.experimentId, ...tenant, '--json')).stdout,
    );
    assert.deepEqual(
      results.arms.map((a: { key: string; units: number }) => [a.key, a.units]),
      [
        ['holdout', 1],
        ['personalised', 0],
      ],
    );
    const text = (await quire(env, 'experiments', 'results', created.experimentId, ...tenant)).stdout;
    assert.match(text, /holdout \(control\) · 0\/1/);
    assert.match(text, /sample ratio: ok/);
    const updated = JSON.parse(
      (
        await quire(
          env,
          'experiments',
          'update',
          created.experimentId,
          ...tenant,
          '--arms',
          'holdout:generic:10,personalised:personalised:90',
          '--json',
        )
      ).stdout,
    );
    assert.equal(updated.phase, 2);
    const bad = await quire(
      env,
      'experiments',
      'update',
      created.experimentId,
      ...tenant,
      '--arms',
      'x:nope:1',
    ).catch((error: { stderr?: string }) => error);
    assert.match(String((bad as { stderr?: string }).stderr ?? ''), /kind|arms/);
    const stopped = JSON.parse(
      (await quire(env, 'experiments', 'stop', created.experimentId, ...tenant, '--json')).stdout,
    );
    assert.equal(stopped.status, 'stopped');
    const list = (await quire(env, 'experiments', 'list', seed.pageId, ...tenant)).stdout;
    assert.match(list, /status: stopped/);
  });
});
