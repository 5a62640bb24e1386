import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, XSS } from '../../../test/chromium.js';
import { expectAccessible, expectPhoneCards, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { formFixture, postForm } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

describeEachDatabase('the console leads of a page in Chromium', (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it("an editor reads a page's leads (a hostile one shown as text), marks one a test and exports the CSV with formulas neutralised", {
    skip: skipWithoutChromium,
    timeout: 180_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const tenant = await makeTenant(ctx);
    const f = await formFixture(ctx, tenant);
    const send = async (url: string, audience: boolean, n: number, fields: Record<string, string>) => {
      const sent = await postForm(ctx, url, {
        _form: 'contact',
        _token: f.token(audience, 10_000 + n),
        consent: 'yes',
        ...fields,
      });
      assert.equal(sent.statusCode, 303, sent.body);
    };
    await send(f.pageUrl, false, 1, {
      email: 'ada@lovelace.example',
      name: 'Ada Lovelace',
      company: 'Analytical',
    });
    await send(f.personUrl, true, 2, {
      email: 'grace@contoso.com',
      name: 'Grace Hopper',
      jobTitle: 'Rear Admiral',
    });
    await send(f.pageUrl, false, 3, {
      email: 'mallory@evil.example',
      name: `Mallory ${XSS}`,
      company: '=HYPERLINK("http://evil.example","x")',
    });
    const editor = await makeOperator(ctx, tenant.tenantId, 'editor');

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await signInToConsole(browser, base, editor.email, editor.password);
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();
      await tab.goto(`${base}/console/t/${tenant.tenantId}/pages/${f.page.id}`);
      const leads = tab.getByRole('table', { name: 'Leads' });
      await leads.getByText('ada@lovelace.example').waitFor();
      assert.equal(await leads.getByRole('row').count(), 4, 'a header and three leads');
      // Newest first; the hostile name is text, not markup.
      await leads.getByRole('row').nth(1).getByText('mallory@evil.example').waitFor();
      await leads.getByText(`Mallory ${XSS}`).waitFor();
      assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
      await leads
        .getByRole('row')
        .filter({ hasText: 'grace@contoso.com' })
        .getByRole('link', { name: 'Personal page' })
        .waitFor();
      await tab.getByRole('heading', { name: 'Leads' }).scrollIntoViewIfNeeded();
      await expectAccessible(tab, 'the leads');
      await shoot(tab, 'leads');

      // A test lead leaves the list and every count; "Show tests" brings it back, badged.
      await leads.getByRole('button', { name: 'Mark as test: ada@lovelace.example' }).click();
      await leads.getByText('ada@lovelace.example').waitFor({ state: 'detached' });
      const listed = await ctx.request({
        method: 'GET',
        url: `/admin/v0/tenants/${tenant.tenantId}/pages/${f.page.id}/form-submissions?includeTests=true`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const marked = listed.body.items.find((s: { email: string }) => s.email === 'ada@lovelace.example');
      assert.equal(marked.test, true, 'the mark is stored');
      await tab.getByRole('switch', { name: 'Show tests' }).check({ force: true });
      const adaRow = leads.getByRole('row').filter({ hasText: 'ada@lovelace.example' });
      await adaRow.getByText('test', { exact: true }).waitFor();
      await adaRow.getByRole('button', { name: 'Not a test: ada@lovelace.example' }).waitFor();

      // The export downloads with the session; the formula cell starts with an apostrophe.
      const [download] = await Promise.all([
        tab.waitForEvent('download'),
        tab.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = fs.readFileSync((await download.path()) as string, 'utf8');
      assert.match(csv, /mallory@evil\.example/);
      assert.match(csv, /'=HYPERLINK/);
      assert.doesNotMatch(csv, /(^|,)"?=HYPERLINK/m);
      assert.doesNotMatch(csv, /ada@lovelace\.example/, 'a test lead is not exported');

      // On a phone a card per lead: its company, origin, checks and test toggle in full.
      await expectPhoneCards(tab, 'leads-phone', 'mallory@evil.example', 'Leads');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});
