import assert from 'node:assert/strict';
import { it } from 'node:test';
import { makeTenant } from '../../test/factories.js';
import { describeEachDatabase } from '../../test/harness.js';
import { hostedFixture } from '../../test/hosted-factories.js';
import { linksOf, previewUrl } from '../domain/public-links.js';

const lines: string[] = [];

/**
 * What the request log at info shows of the hosted pages' secret URLs: a preview link's signature
 * opens a draft and a person page's route key opens that person's page, so neither is ever written
 * (issue 29). The log output itself is read, as an operator's log shipper would.
 */
describeEachDatabase(
  'request logs carry no preview signature and no person route key',
  (ctx) => {
    it('redacts them on every hosted route, answered or refused', async () => {
      const tenant = await makeTenant(ctx);
      const f = await hostedFixture(ctx, tenant);
      const preview = previewUrl(
        linksOf(ctx.app.config),
        tenant.tenantId,
        f.handle,
        f.personal.versionId,
      ).replace(/^https?:\/\/[^/]+/, '');
      const signature = new URLSearchParams(preview.split('?')[1]).get('signature')!;
      const routeKey = f.personUrl.split('/').at(-1)!;
      const secretSuffix = routeKey.slice(-13);
      lines.length = 0;
      const paths = [
        f.personUrl,
        `${f.personUrl}?utm_source=mail`,
        `${f.personUrl}/go/does-not-exist`,
        `${f.personUrl}x`,
        preview,
        preview.replace(`signature=${signature}`, `signature=${signature}&Signature=${signature}`),
        preview.replace(/expires=\d+/, 'expires=1'),
      ];
      const statuses = [];
      for (const url of paths) statuses.push((await ctx.request({ method: 'GET', url })).status);
      assert.equal(statuses[0], 200);
      assert.equal(statuses[4], 200);
      const output = lines.join('');
      assert.match(output, /"msg":"request completed"/, 'requests are logged at info');
      assert.match(output, /grace-hopper-\[key\]/, 'the readable part of the route key stays');
      assert.match(output, /signature=\[redacted\]/);
      assert.ok(!output.includes(signature), 'a preview signature leaked into the log');
      assert.ok(
        !output.includes(secretSuffix),
        `a person page's route key leaked into the log: ${lines.filter((l) => l.includes(secretSuffix)).join('')}`,
      );
    });
  },
  { config: { logLevel: 'info' }, logger: { write: (line: string) => void lines.push(line) } },
);
