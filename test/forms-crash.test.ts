/**
 * Crash safety of form submissions (issue 32): a server killed with SIGKILL while visitors submit
 * forms loses none that it answered 2xx. The pattern of scripts/crash-test.ts, on one form.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DIALECTS } from './harness.js';
import { isolatedEnvFor, quire, serve, stop } from './processes.js';

const AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** One visitor: opens the page, sends its form without JavaScript, until the server is gone. */
async function visitor(base: string, path: string, id: number, acknowledged: string[]): Promise<void> {
  for (let n = 0; ; n++) {
    const email = `lead-${id}-${n}@crash.example`;
    try {
      const page = await fetch(`${base}${path}`, { headers: { 'user-agent': AGENT } });
      const token = /name="_token" value="([^"]+)"/.exec(await page.text())?.[1];
      if (token === undefined) throw new Error('no token');
      const sent = await fetch(`${base}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'user-agent': AGENT, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          _form: 'contact',
          _token: token,
          email,
          name: `Lead ${id} ${n}`,
          consent: 'yes',
        }),
      });
      if (sent.status === 303) acknowledged.push(email);
      else throw new Error(`answered ${sent.status}`);
    } catch {
      return; // the server is gone: whatever was not answered may or may not be stored
    }
  }
}

for (const dialect of DIALECTS) {
  describe(`form submissions survive SIGKILL [${dialect}]`, () => {
    it('every submission answered 2xx is in the database after a restart', {
      timeout: 180_000,
    }, async (t) => {
      const { env: base, drop } = await isolatedEnvFor(dialect);
      t.after(drop);
      const env = {
        ...base,
        FORM_MIN_FILL_SECONDS: '0',
        FORM_RATE_LIMIT_PER_ADDRESS: '0',
        FORM_RATE_LIMIT_PER_FORM: '0',
        HOSTED_RATE_LIMIT_PER_SECOND: '0',
      };
      const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      const path = new URL(seed.pagePublicUrl).pathname;
      const server = await serve(env);
      t.after(() => stop(server.child).then(() => undefined));
      const acknowledged: string[] = [];
      const visitors = Array.from({ length: 6 }, (_, i) => visitor(server.base, path, i, acknowledged));
      // Under load for a while, then killed without warning.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;
      await Promise.all(visitors);
      assert.ok(acknowledged.length >= 5, `load was applied (${acknowledged.length} answered)`);

      const again = await serve(env);
      t.after(() => stop(again.child).then(() => undefined));
      const csv = (await quire(env, 'forms', 'export', seed.pageId, '--tenant', seed.tenantId)).stdout;
      const stored = new Set(csv.split('\r\n').map((line) => line.split(',')[5]));
      const lost = acknowledged.filter((email) => !stored.has(email));
      assert.deepEqual(lost, [], `${acknowledged.length} answered, ${lost.length} lost`);
    });
  });
}
