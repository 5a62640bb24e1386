import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DemoSeed } from '../../src/seed/demo.js';
import { DIALECTS } from '../harness.js';
import { envFor, quire, serve, stop } from '../processes.js';

/**
 * Without HOSTED_PAGES_SECRET, every process of one database signs preview links with the secret
 * the first of them stored there: a link one server (or the CLI) made opens on every other.
 */
for (const dialect of DIALECTS) {
  describe(`preview links across processes, no HOSTED_PAGES_SECRET [${dialect}]`, () => {
    it('a link made by one server opens on another server of the same database', {
      timeout: 120_000,
    }, async () => {
      const env = envFor(dialect);
      assert.equal(env.HOSTED_PAGES_SECRET, undefined);
      const seed: DemoSeed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      const [a, b] = await Promise.all([serve(env), serve(env)]);
      try {
        const audience = await fetch(`${a.base}/v0/pages/${seed.pageId}/audiences/${seed.audienceId}`, {
          headers: { 'x-api-key': seed.apiKey },
        });
        assert.equal(audience.status, 200);
        const link = new URL((await audience.json()).publishedVersion.previewUrl);
        for (const base of [b.base, a.base]) {
          const preview = await fetch(`${base}${link.pathname}${link.search}`);
          const html = await preview.text();
          assert.equal(preview.status, 200, `${base}: ${html}`);
          assert.match(html, /<meta name="robots" content="noindex, nofollow"/);
        }
      } finally {
        await Promise.all([stop(a.child), stop(b.child)]);
      }
    });
  });
}
