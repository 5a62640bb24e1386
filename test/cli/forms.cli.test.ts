import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { envFor, quire, serve, stop } from '../processes.js';

const AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// One database is enough here: the verbs call the same services the dialect-tested suites cover.
describe('quire forms', () => {
  it('lists, exports (neutralised CSV) and marks a test the leads of a page', {
    timeout: 120_000,
  }, async (t) => {
    const env = { ...envFor('sqlite'), FORM_MIN_FILL_SECONDS: '0' };
    const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
    const server = await serve(env);
    t.after(() => stop(server.child).then(() => undefined));
    const path = new URL(seed.pagePublicUrl).pathname;
    const page = await fetch(`${server.base}${path}`, { headers: { 'user-agent': AGENT } });
    const token = /name="_token" value="([^"]+)"/.exec(await page.text())![1]!;
    const sent = await fetch(`${server.base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'user-agent': AGENT, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        _form: 'contact',
        _token: token,
        email: 'ada@cli.example',
        name: '=cmd|"/c calc"!A1',
        company: '<script>alert(1)</script>',
        consent: 'yes',
      }),
    });
    assert.equal(sent.status, 303);

    const list = JSON.parse(
      (await quire(env, 'forms', 'list', seed.pageId, '--tenant', seed.tenantId, '--json')).stdout,
    );
    assert.equal(list.totalCount, 1);
    const [lead] = list.items;
    assert.equal(lead.email, 'ada@cli.example');
    assert.equal(lead.proven, false);
    const csv = (await quire(env, 'forms', 'export', seed.pageId, '--tenant', seed.tenantId)).stdout;
    assert.ok(csv.includes(`"'=cmd|""/c calc""!A1"`), csv);
    assert.ok(csv.includes(',<script>alert(1)</script>,'), csv);

    const marked = JSON.parse(
      (await quire(env, 'forms', 'mark-test', lead.submissionId, '--tenant', seed.tenantId, '--json')).stdout,
    );
    assert.equal(marked.test, true);
    const after = JSON.parse(
      (await quire(env, 'forms', 'list', seed.pageId, '--tenant', seed.tenantId, '--json')).stdout,
    );
    assert.equal(after.totalCount, 0, 'a test submission leaves the count');
    const withTests = JSON.parse(
      (await quire(env, 'forms', 'list', seed.pageId, '--tenant', seed.tenantId, '--include-tests', '--json'))
        .stdout,
    );
    assert.equal(withTests.totalCount, 1);
  });
});
