import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, USER_AGENT, XSS } from '../../../test/chromium.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { drain, FakeAgent, makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { DEMO_PAGE } from '../../seed/pages.js';
import { publishVersion } from '../audiences/versions.service.js';

const skip = skipWithoutChromium;
const ARGS = CHROMIUM_ARGS;

describeEachDatabase('hosted pages in Chromium', (ctx) => {
  it('renders a personalised page with widgets, footer and metadata; LCP < 1 s; no serious axe violation; clicks and views land in activity', {
    skip,
    timeout: 120_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant, {
      scripts: [],
      body: {
        headline: 'Close your books in two days',
        subheadline: 'Reconciliation, receipts and journal entries, done for you.',
        sections: [{ heading: 'How it works', text: 'Connect your bank.\n\nWe do the rest.' }],
      },
    });
    const person = await makePerson(ctx, tenant, { name: 'Grace Hopper', domain: 'contoso.com' });
    const audience = await makeAudience(ctx, tenant, page.id, { personId: person.personId });
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    await publishVersion(ctx.database.db, tenant.tenantId, audience.versionId);
    const routeKey = (
      await ctx.request({
        method: 'GET',
        url: `/v0/pages/${page.id}/audiences/${audience.audienceId}`,
        key: tenant.key,
      })
    ).body.routeKey;
    const handle = (
      await ctx.request({
        method: 'GET',
        url: '/admin/v0/tenants',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body.items.find((x: { tenantId: string }) => x.tenantId === tenant.tenantId).handle;

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const url = `${base}/p/${handle}/${page.slug}/${routeKey}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const context = await browser.newContext({
        userAgent: USER_AGENT,
        viewport: { width: 1280, height: 900 },
      });
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      const beacon = tab.waitForResponse((r) => r.url().endsWith('/view') && r.request().method() === 'POST');
      await tab.goto(url);
      assert.equal((await beacon).status(), 204);
      assert.match(await tab.title(), /for Grace Hopper/);
      assert.equal(await tab.textContent('h1'), 'Close your books in two days');
      // Logos are a block of the page body now; this fixture's body has none. The demo page's
      // walk (src/seed/demo-page.browser.test.ts) renders every block type, logos included.
      assert.equal(await tab.locator('footer a').count(), 4);
      assert.equal(
        await tab.getAttribute('meta[property="og:title"]', 'content'),
        'Close your books in two days',
      );
      assert.equal(await tab.getAttribute('meta[name="robots"]', 'content'), 'noindex, nofollow');
      // LCP is a property of the page, but one load also measures whatever else the machine is
      // doing (two cores shared with the rest of the suite): the best of up to three loads counts.
      const lcps = [await largestContentfulPaint(tab)];
      while (lcps.length < 3 && Math.min(...lcps) >= 1000) {
        const again = await context.newPage();
        await again.goto(url);
        lcps.push(await largestContentfulPaint(again));
        await again.close();
      }
      assert.ok(Math.min(...lcps) < 1000, `LCP ${lcps.join(', ')} ms`);
      fs.mkdirSync('.tmp', { recursive: true });
      await tab.screenshot({ path: '.tmp/hosted-page.png', fullPage: true });
      assert.deepEqual(errors, []);

      // The button goes through /go/, which redirects to its URL (no other host is reachable here, so
      // the landing itself fails to resolve: the redirect is what is checked).
      const go = tab.waitForResponse((r) => r.url().includes('/go/book-demo'));
      await tab.click('header a.button').catch(() => undefined);
      assert.equal((await go).status(), 302);
      assert.equal((await go).headers().location, 'https://loomwork.example.com/demo');

      // axe needs its script in the page: a second context that bypasses the page's (strict) CSP.
      const axeContext = await browser.newContext({ bypassCSP: true, userAgent: USER_AGENT });
      const axeTab = await axeContext.newPage();
      await axeTab.goto(url);
      await axeTab.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
      const violations = await axeTab.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
        const result = await (window as any).axe.run();
        return result.violations
          .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
          .map((v: { id: string }) => v.id);
      });
      assert.deepEqual(violations, []);
    } finally {
      await browser.close();
    }
    const { account_id: accountId } = await ctx.database.db
      .selectFrom('persons')
      .select('account_id')
      .where('tenant_id', '=', tenant.tenantId)
      .where('id', '=', person.personId)
      .executeTakeFirstOrThrow();
    const activity = await ctx.request({
      method: 'GET',
      url: `/v0/accounts/${accountId}/activity?includePersonActivity=true`,
      key: tenant.key,
    });
    const types = activity.body.items
      .filter((l: { source: string }) => l.source === 'quire')
      .map((l: { type: string }) => l.type);
    assert.ok(types.includes('page-viewed'), JSON.stringify(types));
    assert.ok(types.includes('cta-clicked'), JSON.stringify(types));
  });

  it('renders script and attribute-breaking payloads in every free-text field inert', {
    skip,
    timeout: 120_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
    const tenant = await makeTenant(ctx);
    const meta = Object.fromEntries(
      Object.entries(DEMO_PAGE.metadata!).map(([k, v]) => [k, Array.isArray(v) ? [XSS] : `${v}${XSS}`]),
    );
    const page = await makePage(ctx, tenant, {
      name: `Page ${XSS}`,
      title: `Title ${XSS}`,
      pageContext: XSS,
      scripts: [],
      actions: DEMO_PAGE.actions!.map((a) => ({
        ...a,
        purpose: XSS,
        buttonTitle: `Go ${XSS}`.slice(0, 200),
      })),
      actionCardWidgets: DEMO_PAGE.actionCardWidgets!.map((w) => ({
        ...w,
        title: XSS,
        logos: w.logos.map((l) => ({ image: { ...l.image, altText: XSS, url: `${l.image.url}?${XSS}` } })),
      })),
      footerLinks: [
        { id: 'f', title: XSS, links: [{ id: 'l', text: XSS, url: `javascript:window.__xss=1//${XSS}` }] },
      ],
      metadata: { ...meta, themeColor: `red;}</style>${XSS}` },
      body: { headline: XSS, subheadline: XSS, sections: [{ heading: XSS, text: XSS }] },
    });
    const person = await makePerson(ctx, tenant, { name: `Grace ${XSS}`.slice(0, 200) });
    const audience = await makeAudience(ctx, tenant, page.id, {
      personId: person.personId,
      customName: XSS,
      supplementaryContext: XSS,
      metadataOverride: { ogTitle: XSS, twitterTitle: XSS },
    });
    await drain(makeWorker(ctx, tenant, new FakeAgent()));
    await publishVersion(ctx.database.db, tenant.tenantId, audience.versionId);
    const routeKey = (
      await ctx.request({
        method: 'GET',
        url: `/v0/pages/${page.id}/audiences/${audience.audienceId}`,
        key: tenant.key,
      })
    ).body.routeKey;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      // Without the CSP too: escaping alone must keep every payload inert.
      for (const bypassCSP of [false, true]) {
        const tab = await (await browser.newContext({ userAgent: USER_AGENT, bypassCSP })).newPage();
        const dialogs: string[] = [];
        tab.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        const handle = (
          await ctx.database.db
            .selectFrom('tenants')
            .select('handle')
            .where('id', '=', tenant.tenantId)
            .executeTakeFirstOrThrow()
        ).handle;
        const response = await tab.goto(`${base}/p/${handle}/${page.slug}/${routeKey}`);
        assert.equal(response?.status(), 200);
        await tab.waitForLoadState('load');
        const found = await tab.evaluate(() => ({
          // biome-ignore lint/suspicious/noExplicitAny: the payload's marker
          xss: (window as any).__xss ?? null,
          injected: document.querySelectorAll('[onerror], [onload], svg, img[src="x"]').length,
          scripts: document.scripts.length,
          javascriptLinks: Array.from(document.querySelectorAll('a')).filter(
            (a) => a.protocol === 'javascript:',
          ).length,
          headline: document.querySelector('h1')?.textContent,
        }));
        assert.deepEqual(found, { xss: null, injected: 0, scripts: 1, javascriptLinks: 0, headline: XSS });
        assert.deepEqual(dialogs, []);
      }
    } finally {
      await browser.close();
    }
  });
});

function largestContentfulPaint(tab: Page): Promise<number> {
  return tab.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}
