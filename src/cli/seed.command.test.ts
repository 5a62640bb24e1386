import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DIALECTS } from '../../test/harness.js';
import { envFor, QUIRE } from '../../test/processes.js';

const run = promisify(execFile);

for (const dialect of DIALECTS) {
  describe(`quire seed demo [${dialect}]`, () => {
    it('--tenant seeds into an existing tenant and names the operators who see it and the console URL', async () => {
      const env = { ...envFor(dialect), PUBLIC_BASE_URL: 'https://quire.example.com' };
      const name = `seedinto-${Date.now()}`;
      const quire = (...args: string[]) => run(process.execPath, [QUIRE, ...args], { env });
      const tenant = JSON.parse((await quire('tenants', 'create', name, '--json')).stdout);
      const seeded = await quire('seed', 'demo', '--tenant', name, '--json');
      const seed = JSON.parse(seeded.stdout);
      assert.equal(seed.tenantId, tenant.tenantId);
      assert.equal(seed.consoleUrl, 'https://quire.example.com/console');
      assert.match(
        seeded.stderr,
        /no operator can see this tenant in the console yet; create one: quire operators create --tenant/,
      );

      const email = `${name}@example.com`;
      await run(
        'sh',
        [
          '-c',
          `printf 'a long passphrase here\\n' | "${process.execPath}" "${QUIRE}" operators create --tenant ${name} --email ${email} --role editor --password-stdin`,
        ],
        { env },
      );
      const again = await quire('seed', 'demo', '--tenant', name, '--json');
      assert.equal(
        JSON.parse(again.stdout).tenantId,
        tenant.tenantId,
        'a second seed goes to the same tenant',
      );
      assert.match(
        again.stderr,
        new RegExp(
          `${email} \\(and instance admins\\) see the demo at https://quire\\.example\\.com/console`,
        ),
      );
      const pages = JSON.parse((await quire('pages', 'list', '--tenant', name, '--json')).stdout);
      assert.ok(
        pages.items.some((p: { pageId: string }) => p.pageId === seed.pageId),
        'the demo page is in the tenant',
      );
    });

    it('--tenant naming no tenant: exit 1, nothing created', async () => {
      const env = envFor(dialect);
      const failed = await run(process.execPath, [QUIRE, 'seed', 'demo', '--tenant', 'no-such-tenant-x'], {
        env,
      }).then(
        () => assert.fail('must fail'),
        (error: { code: number; stderr: string }) => error,
      );
      assert.equal(failed.code, 1);
      assert.match(failed.stderr, /Tenant "no-such-tenant-x" not found/i);
    });
  });
}
