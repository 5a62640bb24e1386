import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, USER_AGENT } from '../../../test/chromium.js';
import { expectAccessible, shoot } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { setupToken } from '../operators/first-admin.service.js';

describeEachDatabase('first run in the console, in Chromium', (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it('the sign-in says there is no operator; the setup link makes the first admin with the demo and opens its pages', {
    skip: skipWithoutChromium,
    timeout: 180_000,
  }, async (t) => {
    // An instance with no operator at all: this file's own SQLite database (the PostgreSQL test
    // database is shared by test files running at once).
    if (ctx.dialect !== 'sqlite') return t.skip('an empty instance is only guaranteed on SQLite here');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({
        userAgent: USER_AGENT,
        viewport: { width: 1280, height: 900 },
      });
      const tab = await context.newPage();
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await tab.goto(`${base}/console/`);
      await tab.getByText('This instance has no operator.').waitFor();

      await tab.goto(`${base}/console/setup?token=${setupToken(ctx.app.config.hostedPagesSecret)}`);
      await tab.getByRole('heading', { name: 'Set up Quire' }).waitFor();
      await tab.getByRole('textbox', { name: /^Workspace name/ }).fill('Loomwork');
      await tab.getByRole('textbox', { name: /^Your email/ }).fill('ada@loomwork.example');
      await tab.locator('input[autocomplete=new-password]').fill('short');
      await tab.getByRole('button', { name: 'Create admin and sign in' }).click();
      await tab.getByText(/The password /).waitFor();
      await expectAccessible(tab, 'the setup');
      await shoot(tab, 'setup');
      await tab.setViewportSize({ width: 390, height: 844 });
      await shoot(tab, 'setup-phone');
      await tab.setViewportSize({ width: 1280, height: 900 });
      await tab.locator('input[autocomplete=new-password]').fill('correct horse battery staple');
      assert.equal(await tab.getByRole('checkbox', { name: /Load the demo/ }).isChecked(), true);
      await tab.getByRole('button', { name: 'Create admin and sign in' }).click();
      await tab.getByRole('heading', { name: 'Pages' }).waitFor({ timeout: 60_000 });
      await tab
        .getByRole('link', { name: /Loomwork/ })
        .first()
        .waitFor();
      await shoot(tab, 'setup-done');

      // The link works once: with an operator now, it leads to the sign-in.
      const again = await browser.newContext({ userAgent: USER_AGENT });
      const other = await again.newPage();
      await other.goto(`${base}/console/setup?token=${setupToken(ctx.app.config.hostedPagesSecret)}`);
      await other.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      assert.equal(await other.getByText('This instance has no operator.').count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});
