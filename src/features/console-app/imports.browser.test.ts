import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../../test/chromium.js';
import { expectAccessible, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { BROWSER_AGENT } from '../../../test/form-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { drain, makePage, makeWorker } from '../../../test/pages-factories.js';
import { BuiltinAgent } from '../../agent/builtin-agent.js';

const FILE = [
  'Work email,Full name,Company,Website,Job title,Phone,Segment',
  'ada@analytical.example,Ada Lovelace,Analytical Engines,analytical.example,CTO,+14155550100,gold',
  'grace@cobol.example,Grace Hopper,Cobol Corp,cobol.example,Admiral,,silver',
  'alan@turing.example,Alan Turing,Turing Machines,turing.example,Founder,,gold',
  'bad@phone.example,Bad Phone,Phone Co,phone.example,,555-1234,bronze',
  'evil@formula.example,"=HYPERLINK(""http://evil.example"",""x"")",Evil Co,formula.example,,,gold',
].join('\n');

describeEachDatabase(
  'the console import of a target list in Chromium',
  (ctx) => {
    before(() => {
      if (skipWithoutChromium === false) ensureConsoleBuilt();
    });

    it('uploads a CSV, maps a column, sees the first rows and the problems, imports, follows the drafts, publishes a selection and sees which accounts visited', {
      skip: skipWithoutChromium,
      timeout: 180_000,
    }, async () => {
      const tenant = await makeTenant(ctx);
      const page = await makePage(ctx, tenant);
      const editor = await makeOperator(ctx, tenant.tenantId, 'admin');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const tab = await signInToConsole(browser, base, editor.email, editor.password);
        const problems: string[] = [];
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        await tab.getByRole('heading', { name: 'Pages' }).waitFor();
        await tab.goto(`${base}/console/t/${tenant.tenantId}/pages/${page.id}`);
        await tab.getByRole('link', { name: /Import a target list/ }).click();
        await tab.getByRole('heading', { name: 'Import a target list' }).waitFor();
        await tab.locator('input[type=file]').setInputFiles({
          name: 'targets.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(FILE),
        });
        await tab.getByRole('heading', { name: 'Column mapping' }).waitFor();
        await tab.getByText('3 of 5 rows are good').waitFor();
        const problemsTable = tab.getByRole('table', { name: 'Problems found' });
        await problemsTable.getByText('phone must be in E.164 form').waitFor();
        await problemsTable.getByText(/spreadsheet formula/).waitFor();
        // The formula is shown as text, never run or rendered as a link.
        assert.equal(await tab.locator('a[href^="http://evil"]').count(), 0);
        // "Segment" is proposed as a custom trait; map it to the tier.
        await tab.getByRole('combobox', { name: 'Column Segment becomes' }).click();
        await tab.getByRole('option', { name: 'tier', exact: true }).click();
        await tab.waitForTimeout(500);
        assert.equal(
          await tab.getByRole('combobox', { name: 'Column Segment becomes' }).inputValue(),
          'tier',
        );
        await shoot(tab, 'import-mapping');
        await tab.setViewportSize({ width: 390, height: 844 });
        await shoot(tab, 'import-mapping-phone');
        await tab.setViewportSize({ width: 1280, height: 900 });

        await tab.getByRole('button', { name: 'Import 3 rows' }).click();
        await tab.getByRole('heading', { name: 'Import status' }).waitFor();
        await tab.getByText('5 of 5 rows read').waitFor();
        await tab.getByText(/Audiences created: 3/).waitFor();
        assert.equal(await drain(makeWorker(ctx, tenant, new BuiltinAgent())), 3);
        await tab.getByText('Drafts: 3 done, 0 queued, 0 failed').waitFor({ timeout: 20_000 });
        const review = tab.getByRole('table', { name: 'Review' });
        await review.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
        await tab.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
        await tab.getByRole('checkbox', { name: 'Select Alan Turing' }).check();
        await tab.getByRole('button', { name: 'Publish selected (2)' }).click();
        await tab.getByText('2 published.').waitFor();
        await tab.evaluate(() => window.scrollTo(0, 0));
        await tab.waitForTimeout(300);
        await shoot(tab, 'import-review');
        await tab.setViewportSize({ width: 390, height: 844 });
        await shoot(tab, 'import-review-phone');
        const account = await ctx.database.db
          .selectFrom('accounts')
          .select('traits')
          .where('tenant_id', '=', tenant.tenantId)
          .where('domain', '=', 'analytical.example')
          .executeTakeFirstOrThrow();
        assert.equal(JSON.parse(account.traits).tier, 'gold');
        const published = await ctx.database.db
          .selectFrom('audience_versions')
          .select('id')
          .where('tenant_id', '=', tenant.tenantId)
          .where('status', '=', 'published')
          .execute();
        assert.equal(published.length, 2);

        // Visitors come: Ada's page twice (two visitors) and its button, Alan's page once.
        const importId = new URL(tab.url()).pathname.split('/').at(-1)!;
        const engagement = await ctx.request({
          method: 'GET',
          url: `/admin/v0/tenants/${tenant.tenantId}/imports/${importId}/engagement`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(engagement.status, 200, engagement.raw);
        const pathOf = (name: string) =>
          new URL(engagement.body.items.find((i: { personName: string }) => i.personName === name).publicUrl)
            .pathname;
        for (const [name, agent] of [
          ['Ada Lovelace', BROWSER_AGENT],
          ['Ada Lovelace', `${BROWSER_AGENT} other`],
          ['Alan Turing', BROWSER_AGENT],
        ] as const) {
          const view = await ctx.request({
            method: 'POST',
            url: `${pathOf(name)}/view`,
            body: {},
            headers: { 'user-agent': agent },
          });
          assert.equal(view.status, 204, view.raw);
        }
        const click = await ctx.request({
          method: 'GET',
          url: `${pathOf('Ada Lovelace')}/go/book-demo`,
          headers: { 'user-agent': BROWSER_AGENT },
        });
        assert.equal(click.status, 302, click.raw);

        // The import opens again from the page's imports, with its engagement.
        await tab.setViewportSize({ width: 1280, height: 900 });
        await tab.goto(`${base}/console/t/${tenant.tenantId}/pages/${page.id}/import`);
        const imports = tab.getByRole('table', { name: 'Imports of this page' });
        await imports.getByRole('link', { name: 'targets.csv' }).waitFor();
        await shoot(tab, 'import-list');
        await imports.getByRole('link', { name: 'targets.csv' }).click();
        await tab.getByRole('heading', { name: 'Engagement' }).waitFor();
        const totals = tab.getByRole('group', { name: 'Engagement totals' });
        await totals.getByText('2 of 3 audiences · 3 views').waitFor();
        await totals.getByText('1 audience · 1 click').waitFor();
        const table = tab.getByRole('table', { name: 'Engagement' });
        const ada = table.getByRole('row').filter({ hasText: 'Ada Lovelace' });
        assert.deepEqual((await ada.getByRole('cell').allInnerTexts()).slice(2, 5), ['2', '1', '0']);
        const grace = table.getByRole('row').filter({ hasText: 'Grace Hopper' });
        await grace.getByText('never').waitFor();
        assert.equal(
          await tab.getByRole('link', { name: 'Export engagement (CSV)' }).getAttribute('href'),
          `/admin/v0/tenants/${tenant.tenantId}/imports/${importId}/engagement.csv`,
        );
        await shoot(tab, 'import-engagement');
        await expectAccessible(tab, 'the import with its engagement');
        await tab.setViewportSize({ width: 390, height: 844 });
        // The navigation slides away when the window narrows: shot once it has.
        await tab.waitForTimeout(500);
        await shoot(tab, 'import-engagement-phone');
        assert.deepEqual(problems, []);
      } finally {
        await browser.close();
      }
    });
  },
  { only: ['sqlite'] },
);
