import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../../test/chromium.js';
import { expectAccessible, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { hostedFixture } from '../../../test/hosted-factories.js';
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
      // On a phone a card per arm: every figure readable, nothing wider than the screen.
      const arms = tab.getByRole('list', { name: 'Results per arm' });
      await arms.getByText('Chance to beat control').waitFor();
      await arms.getByText(String(treatment!.units), { exact: true }).waitFor();
      assert.ok(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
      await expectAccessible(tab, 'the experiment on a phone');
      await shoot(tab, 'experiment-390');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
});

// The browser walk runs once, on SQLite.
describeEachDatabase(
  "the console's experiment management in Chromium",
  (ctx) => {
    before(() => {
      if (skipWithoutChromium === false) ensureConsoleBuilt();
    });

    it("creates an experiment from the page's screen, lists it, changes its split and stops it", {
      skip: skipWithoutChromium,
      timeout: 180_000,
    }, async () => {
      const tenant = await makeTenant(ctx);
      const f = await hostedFixture(ctx, tenant);
      const operator = await makeOperator(ctx, tenant.tenantId, 'publisher');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      const experiments = () =>
        ctx.database.db
          .selectFrom('experiments')
          .selectAll()
          .where('tenant_id', '=', tenant.tenantId)
          .execute();
      try {
        const tab = await signInToConsole(browser, base, operator.email, operator.password);
        const problems: string[] = [];
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        await tab.waitForURL(/\/console\/t\//);
        // From the page's screen to its experiments.
        await tab.goto(`${base}/console/t/${tenant.tenantId}/pages/${f.page.id}`);
        await tab.getByRole('link', { name: 'Experiments' }).waitFor();
        await shoot(tab, 'experiment-page-link-1280');
        await tab.getByRole('link', { name: 'Experiments' }).click();
        await tab.getByRole('heading', { name: /^Experiments/ }).waitFor();
        const list = tab.getByRole('table', { name: 'Experiments of the page' });
        await list.getByText('No experiment yet.').waitFor();

        // A refused value is named under its field, and nothing is created.
        const form = tab.getByRole('form', { name: 'New holdout experiment' });
        await form.getByLabel('Held out (%)').fill('0');
        await form.getByRole('button', { name: 'Start experiment' }).click();
        await form.getByText('Name the experiment').waitFor();
        await form.getByText('A whole number from 1 to 99').waitFor();
        assert.equal((await experiments()).length, 0);

        await form.getByLabel('Name', { exact: false }).first().fill('Q4 holdout');
        await form.getByLabel('Held out (%)').fill('20');
        await form.getByRole('combobox', { name: 'Metric' }).click();
        await tab.getByRole('option', { name: "An activity on the account's timeline" }).click();
        await form.getByLabel('Activity type').fill('meeting-booked');
        await form.getByLabel('Window (days)').fill('14');
        await shoot(tab, 'experiment-new-1280');
        await expectAccessible(tab, 'the new experiment form');
        await form.getByRole('button', { name: 'Start experiment' }).click();
        await list.getByRole('link', { name: 'Q4 holdout' }).waitFor();
        await list.getByText('holdout 20 % · personalised 80 %').waitFor();
        await list.getByText('activity: meeting-booked within 14 days').waitFor();
        const [made] = await experiments();
        assert.deepEqual([made!.name, made!.status], ['Q4 holdout', 'running']);
        // One experiment runs per page: the form gives way to a note.
        await tab.getByText('“Q4 holdout” is running').waitFor();
        assert.equal(await tab.getByRole('form', { name: 'New holdout experiment' }).count(), 0);
        await shoot(tab, 'experiment-list-1280');
        // Loaded at phone width (a resize mid-screen catches the navigation's transition): a card per
        // experiment instead of the table, its split and metric in full, nothing wider than the screen.
        await tab.setViewportSize({ width: 390, height: 844 });
        await tab.reload();
        const cards = tab.getByRole('list', { name: 'Experiments of the page' });
        await cards.getByRole('link', { name: 'Q4 holdout' }).waitFor();
        await cards.getByText('holdout 20 % · personalised 80 %').waitFor();
        await cards.getByText('activity: meeting-booked within 14 days').waitFor();
        assert.equal(await list.isVisible(), false, 'the table gives way to the cards on a phone');
        assert.ok(
          await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          'nothing is wider than the phone',
        );
        await expectAccessible(tab, 'the experiments of a page on a phone');
        await shoot(tab, 'experiment-list-390');
        await tab.setViewportSize({ width: 1280, height: 900 });
        await tab.reload();

        // Its results screen, where it is changed: a new name and split (phase 2), then stopped.
        await list.getByRole('link', { name: 'Q4 holdout' }).click();
        await tab.getByRole('heading', { name: 'Q4 holdout' }).waitFor();
        await tab.getByRole('table', { name: 'Results per arm' }).waitFor();
        const change = tab.getByRole('form', { name: 'Change the experiment' });
        await change.getByLabel('Name', { exact: false }).first().fill('Q4 holdout, wider');
        await change.getByLabel('Weight of holdout').fill('50');
        await change.getByLabel('Weight of personalised').fill('50');
        await change.getByText('New split: holdout 50 % · personalised 50 %').waitFor();
        await change.getByRole('button', { name: 'Save changes' }).click();
        await tab.getByRole('heading', { name: 'Q4 holdout, wider' }).waitFor();
        await tab.getByText('phase 2').waitFor();
        await shoot(tab, 'experiment-manage-1280');
        await expectAccessible(tab, 'the experiment screen with its changes');
        await tab.setViewportSize({ width: 390, height: 844 });
        await tab.reload();
        await tab.getByRole('heading', { name: 'Q4 holdout, wider' }).waitFor();
        await shoot(tab, 'experiment-manage-390');
        await tab.setViewportSize({ width: 1280, height: 900 });
        const phases = await ctx.database.db
          .selectFrom('experiment_phases')
          .selectAll()
          .where('tenant_id', '=', tenant.tenantId)
          .orderBy('phase')
          .execute();
        assert.equal(phases.length, 2);

        tab.once('dialog', (dialog) => void dialog.accept());
        await tab.getByRole('button', { name: 'Stop experiment' }).click();
        await tab.getByText('stopped', { exact: true }).waitFor();
        assert.equal(await tab.getByRole('form', { name: 'Change the experiment' }).count(), 0);
        assert.deepEqual(
          (await experiments()).map((e) => [e.name, e.status]),
          [['Q4 holdout, wider', 'stopped']],
        );
        await tab.getByRole('link', { name: 'All experiments of the page' }).click();
        await tab.getByRole('form', { name: 'New holdout experiment' }).waitFor();
        await list.getByText('stopped', { exact: true }).waitFor();
        assert.deepEqual(problems, []);
      } finally {
        await browser.close();
      }
    });
  },
  { only: ['sqlite'] },
);
