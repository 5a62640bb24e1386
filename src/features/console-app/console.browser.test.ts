import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, USER_AGENT, XSS } from '../../../test/chromium.js';
import { expectAccessible, expectPhoneCards, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';

const NEW_PASSWORD = 'my own long passphrase 7';

describeEachDatabase('the operator console in Chromium', (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it('signs in with a one-time password, creates and edits a page (a field error beside its field), lists, archives and restores it, and finds it all in the audit log', {
    skip: skipWithoutChromium,
    timeout: 180_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const tenant = await makeTenant(ctx);
    await makePage(ctx, tenant, { name: 'Existing page', slug: 'taken-slug' });
    // Stored XSS: a page whose every shown field carries the payload.
    await makePage(ctx, tenant, {
      name: `Hostile ${XSS}`,
      brandId: `brand ${XSS}`,
      title: XSS,
      body: { headline: XSS, subheadline: XSS, sections: [] },
    });
    const operator = await makeOperator(ctx, tenant.tenantId, 'admin', { password: null });

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
      tab.on('console', (message) => {
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
          problems.push(message.text());
      });
      const offHost: string[] = [];
      tab.on('request', (request) => {
        if (!request.url().startsWith(base)) offHost.push(request.url());
      });

      // Sign in: a deep link sends an unsigned visitor to the sign-in screen.
      await tab.goto(`${base}/console/t/${tenant.tenantId}/audit`);
      await tab.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      await shoot(tab, 'sign-in');
      await expectAccessible(tab, 'sign in');
      await tab.getByLabel('Email').fill(operator.email);
      await tab.locator('input[autocomplete=current-password]').fill('not the password');
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('alert').getByText('Wrong email or password').waitFor();
      await tab.locator('input[autocomplete=current-password]').fill(operator.password);
      await tab.getByRole('button', { name: 'Sign in' }).click();

      // The one-time password must be replaced before anything else.
      await tab.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await shoot(tab, 'change-password');
      await expectAccessible(tab, 'forced password change');
      await tab.locator('input[autocomplete=current-password]').fill(operator.password);
      await tab.locator('input[autocomplete=new-password]').nth(0).fill(NEW_PASSWORD);
      await tab.locator('input[autocomplete=new-password]').nth(1).fill(NEW_PASSWORD);
      await tab.getByRole('button', { name: 'Change password' }).click();

      // The pages list, with the hostile page rendered as text.
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();
      await tab.getByRole('link', { name: `Hostile ${XSS}` }).waitFor();
      await shoot(tab, 'pages');
      await expectAccessible(tab, 'pages list');

      // Create: the API's 409 for a taken slug shows beside the Slug field.
      await tab.getByRole('link', { name: 'New page' }).click();
      await tab.getByRole('heading', { name: 'New page' }).waitFor();
      await tab.getByRole('button', { name: 'Create page' }).click();
      const nameField = tab.getByRole('textbox', { name: /^Name/ });
      assert.equal(
        await nameField.getAttribute('aria-invalid'),
        'true',
        'required fields are checked before sending',
      );
      await nameField.fill('Spring launch for Contoso');
      await tab.getByRole('textbox', { name: 'Brand' }).fill('contoso');
      await tab.getByRole('textbox', { name: /^Title/ }).fill('Close your books in two days');
      const slug = tab.getByRole('textbox', { name: 'Slug' });
      await slug.fill('taken-slug');
      await tab.getByRole('button', { name: 'Create page' }).click();
      await tab.getByText('The page slug "taken-slug" is taken in this tenant').waitFor();
      assert.equal(await slug.getAttribute('aria-invalid'), 'true');
      const describedBy = (await slug.getAttribute('aria-describedby')) ?? '';
      const beside = await tab.evaluate(
        (ids) =>
          ids
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        describedBy,
      );
      assert.match(beside, /is taken in this tenant/, 'the error is the Slug field’s own description');
      await shoot(tab, 'page-form-error');
      await expectAccessible(tab, 'page form with an error');
      await slug.fill('spring-launch-contoso');
      await tab.getByRole('button', { name: 'Create page' }).click();
      await tab.getByRole('heading', { name: 'Edit Spring launch for Contoso' }).waitFor();
      await tab.getByRole('status').getByText('Saved.').waitFor();
      const pageId = tab.url().split('/').pop() as string;
      assert.match(pageId, /^page_/);

      // Edit.
      await tab.getByRole('textbox', { name: /^Headline/ }).fill('Your close, in two days');
      await tab.getByRole('textbox', { name: /^Title/ }).fill('Close in two days, Contoso');
      await tab.getByRole('button', { name: 'Save' }).click();
      await tab.getByRole('status').getByText('Saved.').waitFor();
      await shoot(tab, 'page-form');

      // Archive and restore.
      await tab.getByRole('button', { name: 'Archive' }).click();
      await tab.getByRole('button', { name: 'Restore' }).waitFor();
      await tab.getByRole('button', { name: 'Restore' }).click();
      await tab.getByRole('button', { name: 'Archive' }).waitFor();

      // The list finds it by search and by status.
      await tab.getByRole('link', { name: 'Pages' }).click();
      await tab.getByLabel('Search').fill('contoso');
      await tab.getByRole('link', { name: 'Spring launch for Contoso' }).waitFor();
      await tab.getByRole('link', { name: 'Existing page' }).waitFor({ state: 'detached' });
      await tab.getByLabel('Search').fill('');
      await tab.getByRole('combobox', { name: 'Status' }).click();
      await tab.getByRole('option', { name: 'draft' }).click();
      await tab.getByRole('link', { name: 'Existing page' }).waitFor({ state: 'detached' });
      await tab.getByRole('link', { name: 'Spring launch for Contoso' }).waitFor();

      // The audit log has every step, by this operator.
      await tab.getByRole('link', { name: 'Audit log' }).click();
      await tab.getByRole('heading', { name: 'Audit log' }).waitFor();
      for (const action of [
        'operator.create',
        'session.sign_in',
        'operator.change_password',
        'page.create',
        'page.update',
        'page.archive',
        'page.restore',
      ]) {
        await tab.getByRole('cell', { name: action, exact: true }).first().waitFor();
      }
      await shoot(tab, 'audit');
      await expectAccessible(tab, 'audit log');
      await expectPhoneCards(tab, 'audit-phone', 'page.restore');
      await tab.getByLabel('Action').fill('page.update');
      await tab.getByRole('cell', { name: 'page.create', exact: true }).waitFor({ state: 'detached' });
      await tab.getByRole('cell', { name: 'page.update', exact: true }).waitFor();
      const rows = await tab.getByRole('row').count();
      assert.equal(rows, 2, 'a heading row and the one page.update');
      await tab.getByRole('cell', { name: operator.email }).waitFor();

      // Operators and roles (admin).
      await tab.getByRole('link', { name: 'Operators' }).click();
      await tab.getByRole('heading', { name: 'Operators' }).waitFor();
      await tab.getByLabel('Email').fill('new.editor@example.com');
      await tab.getByRole('button', { name: 'Add operator' }).click();
      await tab.getByText('One-time password').first().waitFor();
      await shoot(tab, 'operators');
      await expectAccessible(tab, 'operators');
      await expectPhoneCards(tab, 'operators-phone', 'new.editor@example.com');

      // On a phone: the navigation folds behind a button and nothing scrolls sideways.
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.goto(`${base}/console/t/${tenant.tenantId}/pages`);
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();
      await tab.getByRole('button', { name: 'Toggle navigation' }).click();
      await tab.getByRole('link', { name: 'Audit log' }).waitFor();
      // The navigation slides in and out: wait for the slide to end before looking.
      await tab.waitForFunction(() => document.querySelector('nav')?.getBoundingClientRect().left === 0);
      await shoot(tab, 'phone-pages-navigation');
      await tab.getByRole('button', { name: 'Toggle navigation' }).click();
      await tab.waitForFunction(
        () => (document.querySelector('nav')?.getBoundingClientRect().right ?? 0) <= 0,
      );
      // A card per page instead of the table: its audiences and last change are not cut off, nor
      // its status badge beside a long name.
      await tab.getByRole('listitem').first().getByText('Audiences').waitFor();
      const cutBadges = await tab.evaluate(() =>
        Array.from(document.querySelectorAll('.mantine-Badge-label'))
          .filter((label) => label.scrollWidth > label.clientWidth)
          .map((label) => label.textContent),
      );
      assert.deepEqual(cutBadges, [], 'status badges shown whole on a phone');
      const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `the phone layout scrolls sideways by ${overflow}px`);
      await shoot(tab, 'phone-pages');
      await expectAccessible(tab, 'pages on a phone');

      // Stored XSS stayed text everywhere it was shown; nothing came from another host.
      const xss = await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);
      assert.equal(xss, null);
      assert.deepEqual(offHost, []);
      assert.deepEqual(problems, []);

      // Sign out ends the session: the console asks to sign in again.
      await tab.getByRole('button', { name: operator.email }).click();
      await tab.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await tab.getByRole('heading', { name: 'Sign in to Quire' }).waitFor();
      const me = await tab.evaluate(async () => (await fetch('/admin/v0/me')).status);
      assert.equal(me, 401);
    } finally {
      await browser.close();
    }
  });

  it('lets an instance admin choose and switch tenants, and shows a viewer no editing controls', {
    skip: skipWithoutChromium,
    timeout: 180_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const north = await makeTenant(ctx);
    const south = await makeTenant(ctx);
    await makePage(ctx, north, { name: 'North page' });
    const southPage = await makePage(ctx, south, { name: 'South page' });
    const root = await makeOperator(ctx, null, 'admin');
    const viewer = await makeOperator(ctx, south.tenantId, 'viewer');
    const tenants = (
      await ctx.request({
        method: 'GET',
        url: '/admin/v0/tenants',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).body.items as { tenantId: string; name: string }[];
    const nameOf = (id: string) => tenants.find((x) => x.tenantId === id)?.name as string;

    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const signIn = (email: string, password: string) => signInToConsole(browser, base, email, password);

      const admin = await signIn(root.email, root.password);
      await admin.getByRole('heading', { name: 'Choose a tenant' }).waitFor();
      await expectAccessible(admin, 'tenant choice');
      await admin.getByRole('link', { name: nameOf(north.tenantId) }).click();
      await admin.getByRole('link', { name: 'North page' }).waitFor();
      await admin.getByRole('combobox', { name: 'Tenant' }).click();
      await admin.getByRole('option', { name: nameOf(south.tenantId) }).click();
      await admin.getByRole('link', { name: 'South page' }).waitFor();
      await admin.getByRole('link', { name: 'North page' }).waitFor({ state: 'detached' });
      assert.match(admin.url(), new RegExp(`/console/t/${south.tenantId}/pages$`));
      await shoot(admin, 'instance-admin');
      await expectAccessible(admin, 'pages of an instance admin');

      const reader = await signIn(viewer.email, viewer.password);
      await reader.getByRole('link', { name: 'South page' }).waitFor();
      assert.equal(await reader.getByRole('link', { name: 'New page' }).count(), 0);
      assert.equal(await reader.getByRole('link', { name: 'Operators' }).count(), 0);
      await reader.getByRole('link', { name: 'South page' }).click();
      await reader.getByRole('heading', { name: 'Page: South page' }).waitFor();
      assert.equal(await reader.getByRole('textbox', { name: /^Name/ }).isDisabled(), true);
      assert.equal(await reader.getByRole('button', { name: 'Save' }).isVisible(), false);
      await expectAccessible(reader, 'a page for a viewer');
      // The server refuses what the console hides: the viewer's own session, by hand.
      const status = await reader.evaluate(async (url) => {
        const me = await (await fetch('/admin/v0/me')).json();
        const answer = await fetch(url, { method: 'POST', headers: { 'x-csrf-token': me.csrfToken } });
        return answer.status;
      }, `/admin/v0/tenants/${south.tenantId}/pages/${southPage.id}/archive`);
      assert.equal(status, 403);
      const foreign = await reader.evaluate(
        async (url) => (await fetch(url)).status,
        `/admin/v0/tenants/${north.tenantId}/pages`,
      );
      assert.equal(foreign, 404);
    } finally {
      await browser.close();
    }
  });
});
