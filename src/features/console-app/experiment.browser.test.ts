import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../../test/chromium.js';
import { expectAccessible, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { simulateOnDatabase } from '../experiments/simulate-on-database.js';

describeEachDatabase("the console's experiment screen in Chromium", (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it('shows the results per arm and three charts, at 1280 and 390 px', {
    skip: skipWithoutChromium,
    timeout: 180_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const sim = await simulateOnDatabase(ctx.database.db, {
      accounts: 120,
      holdoutPercent: 20,
      controlRate: 0.1,
      treatmentRate: 0.3,
      days: 14,
      windowDays: 14,
      seed: 5,
    });
    const operator = await makeOperator(ctx, sim.tenantId, 'viewer');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await signInToConsole(browser, base, operator.email, operator.password);
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await tab.waitForURL(/\/console\/t\//);
      await tab.goto(`${base}/console/t/${sim.tenantId}/experiments/${sim.experimentId}`);
      await tab.getByRole('heading', { name: 'Simulated holdout' }).waitFor();
      const table = tab.getByRole('table', { name: 'Results per arm' });
      await table.getByText('holdout').first().waitFor();
      const [control, treatment] = sim.results.arms;
      await table
        .getByRole('cell', { name: String(control!.units), exact: true })
        .first()
        .waitFor();
      await table
        .getByRole('cell', { name: String(treatment!.units), exact: true })
        .first()
        .waitFor();
      // Three charts drawn (recharts' SVG surfaces), with lines for the daily series.
      await tab.locator('.recharts-surface').nth(2).waitFor();
      assert.ok((await tab.locator('.recharts-line').count()) >= 5);
      await shoot(tab, 'experiment-1280');
      await expectAccessible(tab, 'experiment');
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.getByRole('heading', { name: 'Simulated holdout' }).waitFor();
      await shoot(tab, 'experiment-390');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});
