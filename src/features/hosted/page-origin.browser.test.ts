import assert from 'node:assert/strict';
import net from 'node:net';
import { it } from 'node:test';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, USER_AGENT } from '../../../test/chromium.js';
import { makeOperator, PASSWORD } from '../../../test/console-factories.js';
import { makeTenant, type TestTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';

/**
 * Issue 29's attack: an editor puts a script on a page; an admin (of the tenant, or of the
 * instance) opens the page; the script reads the CSRF token from /admin/v0/me and creates an API
 * key with the admin's session. Each attempt is written into the page, so the test sees that the
 * script ran and what the server answered it.
 */
const ATTACK = `document.addEventListener('DOMContentLoaded', async function () {
  var out = document.createElement('pre'); out.id = 'attack'; document.body.appendChild(out);
  function log(line) { out.textContent += line + '\\n'; }
  var tenantId = '__TENANT__';
  try {
    var me = await fetch('/admin/v0/me', { credentials: 'include' });
    var body = await me.json();
    log('me ' + me.status);
    var created = await fetch('/admin/v0/tenants/' + tenantId + '/keys', {
      method: 'POST', credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': body.csrfToken },
      body: JSON.stringify({ label: 'stolen' }),
    });
    log('keys ' + created.status);
  } catch (error) { log('refused ' + error.name); }
  try {
    await fetch('/admin/v0/tenants/' + tenantId + '/keys', {
      method: 'POST', mode: 'no-cors', credentials: 'include', body: '{"label":"blind"}',
    });
    log('blind sent');
  } catch (error) { log('blind refused ' + error.name); }
  document.body.dataset.attackDone = '1';
});`;

async function keyCount(ctx: TestContext, tenantId: string): Promise<number> {
  const response = await ctx.request({
    method: 'GET',
    url: `/admin/v0/tenants/${tenantId}/keys?limit=100`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  assert.equal(response.status, 200, response.raw);
  return response.body.items.length;
}

async function attackPage(ctx: TestContext, tenant: TestTenant): Promise<string> {
  const page = await makePage(ctx, tenant, {
    scripts: [
      {
        name: 'hostile',
        description: 'reads the CSRF token and creates a key',
        enabled: true,
        content: `<script>${ATTACK.replace('__TENANT__', tenant.tenantId)}</script>`,
      },
    ],
  });
  const tenants = await ctx.request({
    method: 'GET',
    url: '/admin/v0/tenants',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const handle = tenants.body.items.find((t: { tenantId: string }) => t.tenantId === tenant.tenantId).handle;
  return `/p/${handle}/${page.slug}`;
}

/** A browser context signed in to the console at `consoleBase` (its cookie is that host's). */
async function signedIn(
  browser: Browser,
  consoleBase: string,
  email: string,
  bypassCSP = false,
): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: USER_AGENT, bypassCSP });
  const response = await context.request.post(`${consoleBase}/admin/v0/session`, {
    data: { email, password: PASSWORD },
    headers: { origin: consoleBase },
  });
  assert.equal(response.status(), 200, await response.text());
  return context;
}

/** Opens the page and waits for the script to finish; its log. */
async function openPage(context: BrowserContext, url: string, stripSandbox = false): Promise<string> {
  const tab = await context.newPage();
  if (stripSandbox) {
    // The control: the same page without its sandbox directive shows the attack is real.
    await tab.route(url, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      headers['content-security-policy'] = headers['content-security-policy']!.replace(/; sandbox[^;]*/, '');
      await route.fulfill({ response, headers });
    });
  }
  await tab.goto(url);
  await tab.waitForSelector('body[data-attack-done="1"]', { timeout: 15_000 });
  const log = (await tab.textContent('#attack')) ?? '';
  await tab.close();
  return log;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const PORT = await freePort();
const CONSOLE_BASE = `http://127.0.0.1:${PORT}`;
const PUBLIC_BASE = `http://pages.quire.test:${PORT}`;

describeEachDatabase(
  'a hosted page cannot act as the operator who opens it (one origin, sandboxed)',
  (ctx) => {
    it("an enabled page script cannot use a tenant admin's or an instance admin's session; without the sandbox it could", {
      skip: skipWithoutChromium,
      timeout: 120_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
      const tenant = await makeTenant(ctx);
      const path = await attackPage(ctx, tenant);
      const tenantAdmin = await makeOperator(ctx, tenant.tenantId, 'admin');
      const instanceAdmin = await makeOperator(ctx, null, 'admin');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`;
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const before = await keyCount(ctx, tenant.tenantId);
        for (const operator of [tenantAdmin, instanceAdmin]) {
          const context = await signedIn(browser, base, operator.email);
          const log = await openPage(context, `${base}${path}`);
          assert.match(log, /refused TypeError/, `the script ran and its read was refused: ${log}`);
          assert.doesNotMatch(log, /keys \d/);
          assert.equal(await keyCount(ctx, tenant.tenantId), before, `${operator.email}: no key created`);
          await context.close();
        }
        // The control: the same script, unsandboxed, does create a key as the tenant admin.
        const context = await signedIn(browser, base, tenantAdmin.email);
        const log = await openPage(context, `${base}${path}`, true);
        assert.match(log, /me 200\nkeys 201/, log);
        assert.equal(await keyCount(ctx, tenant.tenantId), before + 1);
        await context.close();
      } finally {
        await browser.close();
      }
    });

    it('the beacon still counts a view from the sandboxed page', {
      skip: skipWithoutChromium,
      timeout: 60_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
      const tenant = await makeTenant(ctx);
      const path = await attackPage(ctx, tenant);
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`;
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const tab = await (await browser.newContext({ userAgent: USER_AGENT })).newPage();
        const failed: string[] = [];
        tab.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
        const beacon = tab.waitForEvent('requestfinished', (r) => r.url().endsWith('/view'));
        await tab.goto(`${base}${path}`);
        assert.equal(await (await (await beacon).response())?.status(), 204);
        assert.deepEqual(
          failed.filter((f) => f.startsWith(base) && f.includes('/view ')),
          [],
          'the beacon is not blocked (CORS, CORP)',
        );
        const slug = path.split('/').at(-1);
        const pages = await ctx.request({
          method: 'GET',
          url: `/admin/v0/tenants/${tenant.tenantId}/pages?limit=100`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        const id = pages.body.items.find((p: { slug: string }) => p.slug === slug).pageId;
        const engagement = await ctx.request({
          method: 'GET',
          url: `/admin/v0/tenants/${tenant.tenantId}/pages/${id}/engagement`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(engagement.body.items[0]?.views, 1, engagement.raw);
      } finally {
        await browser.close();
      }
    });
  },
);

describeEachDatabase(
  'a hosted page cannot act as the operator who opens it (the recommended deployment: a public origin of its own)',
  (ctx) => {
    it('the console and the operator API are refused on the public host; the page script there reaches no session', {
      skip: skipWithoutChromium,
      timeout: 120_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
      const tenant = await makeTenant(ctx);
      const path = await attackPage(ctx, tenant);
      const tenantAdmin = await makeOperator(ctx, tenant.tenantId, 'admin');
      const instanceAdmin = await makeOperator(ctx, null, 'admin');
      await ctx.app.listen({ port: PORT, host: '127.0.0.1' });
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: CHROMIUM_ARGS.map((arg) =>
          arg.startsWith('--host-resolver-rules=')
            ? '--host-resolver-rules=MAP pages.quire.test 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'
            : arg,
        ),
      });
      try {
        const before = await keyCount(ctx, tenant.tenantId);
        for (const operator of [tenantAdmin, instanceAdmin]) {
          // Even with no CSP at all (no sandbox), a page on the public origin has no session to use.
          const context = await signedIn(browser, CONSOLE_BASE, operator.email, true);
          const log = await openPage(context, `${PUBLIC_BASE}${path}`);
          assert.match(log, /me 404/, log);
          assert.doesNotMatch(log, /keys 201/);
          assert.equal(await keyCount(ctx, tenant.tenantId), before);
          const tab = await context.newPage();
          assert.equal((await tab.goto(`${PUBLIC_BASE}/console/`))?.status(), 404);
          assert.equal((await tab.goto(`${CONSOLE_BASE}/console/`))?.status(), 200);
          await tab.close();
          await context.close();
        }
      } finally {
        await browser.close();
      }
    });
  },
  { config: { publicBaseUrl: PUBLIC_BASE, consoleBaseUrl: CONSOLE_BASE } },
);
