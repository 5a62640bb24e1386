import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, XSS } from '../../../test/chromium.js';
import { expectAccessible, expectPhoneCards, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { sequenceEvents } from '../../outbox/sequencer.js';
import { fanOutEvents } from '../webhooks/fan-out.js';

describeEachDatabase(
  'the console settings, persons and accounts in Chromium',
  (ctx) => {
    before(() => {
      if (skipWithoutChromium === false) ensureConsoleBuilt();
    });

    it('an admin creates a read-only key (seen once), revokes it, adds a webhook endpoint and replays a delivery, opens and renames an account; a viewer gets no settings', {
      skip: skipWithoutChromium,
      timeout: 180_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
      const tenant = await makeTenant(ctx);
      const domain = `contoso-${Date.now()}.example.com`;
      const { accountId } = await makeAccountLog(ctx, tenant, {
        domain,
        name: 'Contoso',
        source: 'hubspot',
        type: 'note',
        payload: { text: 'Signed the contract' },
      });
      await makePerson(ctx, tenant, { name: 'Grace Hopper', email: 'grace@contoso.example', domain });
      // Stored XSS in a field the persons list shows.
      await makePerson(ctx, tenant, { name: `Hostile ${XSS}` });
      const admin = await makeOperator(ctx, tenant.tenantId, 'admin');
      const viewer = await makeOperator(ctx, tenant.tenantId, 'viewer');
      const v0 = (method: 'GET' | 'POST', key: string) =>
        ctx.request({
          method,
          url: '/v0/persons',
          key,
          ...(method === 'POST' ? { body: { name: 'Ada' } } : {}),
        });

      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const tab = await signInToConsole(browser, base, admin.email, admin.password);
        const problems: string[] = [];
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        await tab.getByRole('heading', { name: 'Pages' }).waitFor();

        // API keys: a read-only key, shown once.
        await tab.getByRole('link', { name: 'Settings: API keys' }).click();
        await tab.getByRole('heading', { name: 'API keys' }).waitFor();
        await expectAccessible(tab, 'API keys');
        await tab.getByRole('textbox', { name: /^Label/ }).fill('Reporting');
        await tab.getByRole('checkbox', { name: 'persons:read' }).check();
        await tab.getByRole('button', { name: 'Create key' }).click();
        const dialog = tab.getByRole('dialog', { name: 'Your new API key' });
        await dialog.waitFor();
        const apiKey = ((await dialog.getByTestId('new-api-key').textContent()) ?? '').trim();
        assert.ok(apiKey.length > 20, `the key is shown: ${apiKey}`);
        await dialog.getByRole('button', { name: 'Copy key' }).waitFor();
        await tab.waitForTimeout(400); // the dialog's fade-in, so the screenshot shows it opaque
        await shoot(tab, 'api-key-created');
        await expectAccessible(tab, 'the new key dialog');
        await dialog.getByRole('button', { name: 'Done' }).click();
        await dialog.waitFor({ state: 'detached' });
        const prefix = apiKey.slice(0, 12);
        const row = tab.getByRole('row').filter({ hasText: 'Reporting' });
        await row.getByText(prefix).waitFor();
        await row.getByText('persons:read').waitFor();
        assert.equal(await tab.getByText(apiKey).count(), 0, 'the key is shown once, then never');
        await shoot(tab, 'api-keys');
        await expectPhoneCards(tab, 'api-keys-phone', 'Reporting');

        assert.equal((await v0('GET', apiKey)).status, 200, 'a read-only key reads');
        assert.equal((await v0('POST', apiKey)).status, 403, 'a read-only key cannot write');

        await row.getByRole('button', { name: `Revoke ${prefix}` }).click();
        const confirm = tab.getByRole('dialog', { name: 'Revoke this key?' });
        await confirm.waitFor();
        await tab.waitForTimeout(400); // the dialog's fade-in: axe reads half-faded text as low contrast
        await expectAccessible(tab, 'the revoke confirmation');
        await confirm.getByRole('button', { name: 'Revoke key' }).click();
        await confirm.waitFor({ state: 'detached' });
        await row.getByRole('button', { name: `Revoke ${prefix}` }).waitFor({ state: 'detached' });
        assert.equal((await v0('GET', apiKey)).status, 401, 'a revoked key is refused');

        // Webhooks: an endpoint for new persons; its delivery log, and a replay.
        await tab.getByRole('link', { name: 'Settings: Webhooks' }).click();
        await tab.getByRole('heading', { name: 'Webhooks' }).waitFor();
        await expectAccessible(tab, 'webhooks');
        await tab.getByRole('textbox', { name: /^URL/ }).fill('https://hooks.example.com/quire');
        await tab.getByRole('button', { name: 'Create endpoint' }).click();
        await tab.getByText('Choose at least one event type').waitFor();
        await tab.getByRole('combobox', { name: /^Event types/ }).click();
        await tab.getByRole('option', { name: 'person.created', exact: true }).click();
        await tab.keyboard.press('Escape');
        await tab.getByRole('button', { name: 'Create endpoint' }).click();
        const secret = tab.getByRole('dialog', { name: "The endpoint's signing secret" });
        await secret.getByText(/^whsec_/).waitFor();
        const firstSecret = ((await secret.getByText(/^whsec_/).textContent()) ?? '').trim();
        await secret.getByRole('button', { name: 'Done' }).click();
        await secret.waitFor({ state: 'detached' });
        const endpoint = tab.getByRole('link', { name: 'https://hooks.example.com/quire' });
        await endpoint.waitFor();
        await tab.getByRole('row').filter({ hasText: 'person.created' }).getByText('enabled').waitFor();

        // Edit it: the API refuses a plain-http URL beside the field; a new description is saved.
        await tab.getByRole('button', { name: 'Edit https://hooks.example.com/quire' }).click();
        const edit = tab.getByRole('dialog', { name: 'Edit endpoint' });
        const editUrl = edit.getByRole('textbox', { name: /^URL/ });
        await editUrl.fill('http://hooks.example.com/quire');
        await edit.getByRole('button', { name: 'Save endpoint' }).click();
        await edit.getByText(/https/).first().waitFor();
        assert.equal(await editUrl.getAttribute('aria-invalid'), 'true');
        await tab.waitForTimeout(400); // the dialog's fade-in, so axe and the screenshot see it opaque
        await shoot(tab, 'webhook-edit');
        await expectAccessible(tab, 'the endpoint editor');
        await tab.setViewportSize({ width: 390, height: 844 });
        await tab.waitForTimeout(500); // the navigation's slide out of the narrow screen
        await shoot(tab, 'webhook-edit-phone');
        const wider = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(wider <= 1, `the endpoint editor scrolls sideways on a phone by ${wider}px`);
        await tab.setViewportSize({ width: 1280, height: 900 });
        await editUrl.fill('https://hooks.example.com/quire');
        await edit.getByRole('textbox', { name: /^Description/ }).fill('CRM sync');
        await edit.getByRole('button', { name: 'Save endpoint' }).click();
        await edit.waitFor({ state: 'detached' });
        await tab.getByRole('row').filter({ hasText: 'person.created' }).getByText('CRM sync').waitFor();

        // Rotate its secret: the new one is shown once, and differs from the first.
        await tab.getByRole('button', { name: 'Rotate secret of https://hooks.example.com/quire' }).click();
        const rotate = tab.getByRole('dialog', { name: 'Rotate the signing secret?' });
        await rotate.getByLabel('Overlap').first().waitFor();
        await rotate.getByRole('button', { name: 'Rotate secret' }).click();
        const rotated = tab.getByRole('dialog', { name: 'The new signing secret' });
        const newSecret = ((await rotated.getByTestId('new-webhook-secret').textContent()) ?? '').trim();
        assert.match(newSecret, /^whsec_/);
        assert.notEqual(newSecret, firstSecret);
        await tab.waitForTimeout(400);
        await expectAccessible(tab, 'the rotated secret');
        await rotated.getByRole('button', { name: 'Done' }).click();
        await rotated.waitFor({ state: 'detached' });
        assert.equal(await tab.getByText(newSecret).count(), 0, 'the secret is shown once, then never');
        await shoot(tab, 'webhooks');
        await expectPhoneCards(tab, 'webhooks-phone', 'person.created');

        await makePerson(ctx, tenant, { name: 'Katherine Johnson' });
        // What the worker's event pump does (none runs here, so nothing is sent anywhere): number the
        // new events, then fan them out into deliveries.
        await sequenceEvents(ctx.database.db);
        assert.ok((await fanOutEvents(ctx.database.db, 3)) > 0, 'the person.created event is fanned out');
        await endpoint.click();
        await tab.getByRole('heading', { name: 'Deliveries' }).waitFor();
        const delivery = tab.getByRole('row').filter({ hasText: 'person.created' });
        await delivery.getByText('pending').waitFor();
        await expectAccessible(tab, 'a delivery log');
        await delivery.getByRole('button', { name: /^Replay person\.created/ }).click();
        await tab.getByText('replayed', { exact: true }).waitFor();
        assert.equal(await tab.getByRole('row').filter({ hasText: 'person.created' }).count(), 2);
        await tab.getByText('a replay', { exact: false }).waitFor();
        await shoot(tab, 'webhook-deliveries');

        // A test event, sent at once: hooks.example.com answers nothing here, so its one attempt fails.
        await tab.getByRole('button', { name: 'Send test event' }).click();
        const testRow = tab.getByRole('row').filter({ hasText: 'webhook.test' });
        await testRow.getByText('failed', { exact: true }).waitFor();
        await tab
          .getByRole('status')
          .filter({ hasText: /^Test event failed/ })
          .waitFor();
        // Replay the failed deliveries since a time: a blank time is refused beside the field.
        const since = tab.getByLabel('Replay failed deliveries since');
        await since.fill('');
        await tab.getByRole('button', { name: 'Replay failed' }).click();
        await tab.getByText('Choose a date and time').waitFor();
        assert.equal(await since.getAttribute('aria-invalid'), 'true');
        const hourAgo = await tab.evaluate(() => {
          const at = new Date(Date.now() - 3_600_000);
          return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
        });
        await since.fill(hourAgo);
        await tab.getByRole('button', { name: 'Replay failed' }).click();
        await tab.getByText('1 failed delivery replayed').waitFor();
        await testRow.getByText('replayed', { exact: true }).waitFor();
        assert.equal(await testRow.count(), 2, 'the failed test event and its replay');
        await expectAccessible(tab, 'the webhook checks');
        await shoot(tab, 'webhook-checks');
        // On a phone: a card per delivery (its attempts, response and replay in full).
        await expectPhoneCards(tab, 'webhook-deliveries-phone', 'webhook.test');

        // Persons, newest first, the hostile name as text.
        await tab.getByRole('link', { name: 'Persons', exact: true }).click();
        await tab.getByRole('heading', { name: 'Persons' }).waitFor();
        await tab.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
        await tab.getByRole('cell', { name: `Hostile ${XSS}` }).waitFor();
        assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
        await expectAccessible(tab, 'persons');
        await shoot(tab, 'persons');
        await expectPhoneCards(tab, 'persons-phone', 'Grace Hopper');
        // A search by a part of the domain finds Grace only, and says what it searched for.
        await tab.getByRole('searchbox', { name: /^Search/ }).fill('CONTOSO');
        await tab.getByText('1 person matching “CONTOSO”, newest first').waitFor();
        await tab.getByRole('cell', { name: 'Grace Hopper' }).waitFor();
        assert.equal(await tab.getByRole('cell', { name: `Hostile ${XSS}` }).count(), 0);
        await expectAccessible(tab, 'a persons search');
        await shoot(tab, 'persons-search');

        // Accounts: the account's page, its activity and linked person; rename it.
        await tab.getByRole('link', { name: 'Accounts', exact: true }).click();
        await tab.getByRole('heading', { name: 'Accounts' }).waitFor();
        await expectAccessible(tab, 'accounts');
        await expectPhoneCards(tab, 'accounts-phone', 'Contoso');
        await tab.getByRole('searchbox', { name: /^Search/ }).fill('no such account');
        await tab.getByText('0 accounts matching “no such account”, newest first').waitFor();
        await tab.getByRole('searchbox', { name: /^Search/ }).fill('contoso');
        await tab.getByText('1 account matching “contoso”, newest first').waitFor();
        await tab.getByRole('link', { name: 'Contoso' }).click();
        await tab.getByRole('heading', { name: 'Contoso' }).waitFor();
        await tab.getByText('Signed the contract').waitFor();
        await tab.getByRole('listitem').filter({ hasText: 'Grace Hopper' }).waitFor();
        await expectAccessible(tab, 'an account');
        await shoot(tab, 'account');
        await tab.getByRole('textbox', { name: /^Account name/ }).fill('Contoso Ltd');
        await tab.getByRole('button', { name: 'Rename' }).click();
        await tab.getByRole('heading', { name: 'Contoso Ltd' }).waitFor();
        const stored = await ctx.request({
          method: 'GET',
          url: `/admin/v0/tenants/${tenant.tenantId}/accounts/${accountId}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(stored.body.name, 'Contoso Ltd');
        assert.deepEqual(problems, []);

        // A viewer: no settings in the navigation, and the server refuses the call by hand.
        const reader = await signInToConsole(browser, base, viewer.email, viewer.password);
        await reader.getByRole('heading', { name: 'Pages' }).waitFor();
        await reader.getByRole('link', { name: 'Accounts', exact: true }).waitFor();
        assert.equal(await reader.getByRole('link', { name: /^Settings/ }).count(), 0);
        const status = await reader.evaluate(async (url) => {
          const me = await (await fetch('/admin/v0/me')).json();
          const answer = await fetch(url, {
            method: 'POST',
            headers: { 'x-csrf-token': me.csrfToken, 'content-type': 'application/json' },
            body: JSON.stringify({ label: 'sneaky' }),
          });
          return answer.status;
        }, `/admin/v0/tenants/${tenant.tenantId}/keys`);
        assert.equal(status, 403);
        await reader.getByRole('link', { name: 'Accounts', exact: true }).click();
        await reader.getByRole('link', { name: 'Contoso Ltd' }).click();
        await reader.getByText('Signed the contract').waitFor();
        assert.equal(
          await reader.getByRole('button', { name: 'Rename' }).count(),
          0,
          'a viewer cannot rename',
        );
      } finally {
        await browser.close();
      }
    });

    it("an admin changes the tenant's handle and adds and removes a custom host, the API's errors beside the fields", {
      skip: skipWithoutChromium,
      timeout: 120_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
      const tenant = await makeTenant(ctx);
      const other = await makeTenant(ctx);
      const admin = await makeOperator(ctx, tenant.tenantId, 'admin');
      const show = async (id: string) =>
        (
          await ctx.request({
            method: 'GET',
            url: `/admin/v0/tenants/${id}`,
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          })
        ).body;
      const taken = (await show(other.tenantId)).handle as string;
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const tab = await signInToConsole(browser, base, admin.email, admin.password);
        const problems: string[] = [];
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        await tab.getByRole('heading', { name: 'Pages' }).waitFor();
        await tab.getByRole('link', { name: 'Settings: Handle and hosts' }).click();
        await tab.getByRole('heading', { name: 'Tenant settings' }).waitFor();
        const handle = tab.getByRole('textbox', { name: /^Handle/ });
        const current = (await show(tenant.tenantId)).handle as string;
        await tab.waitForFunction(
          (value) => document.querySelector<HTMLInputElement>('input[maxlength="80"]')?.value === value,
          current,
        );
        assert.equal(await handle.inputValue(), current);

        // A handle that is not kebab-case, then one another tenant has: each error beside the field.
        await handle.fill('Not A Handle');
        await tab.getByRole('button', { name: 'Save handle' }).click();
        await tab.getByText(/handle must be kebab-case/).waitFor();
        assert.equal(await handle.getAttribute('aria-invalid'), 'true');
        await handle.fill(taken);
        await tab.getByRole('button', { name: 'Save handle' }).click();
        await tab.getByText(`The handle "${taken}" is taken`).waitFor();
        const chosen = `acme-${Date.now().toString(36)}`;
        await handle.fill(chosen);
        await tab.getByRole('button', { name: 'Save handle' }).click();
        await tab.getByText('Saved.').waitFor();
        assert.equal((await show(tenant.tenantId)).handle, chosen);

        // Custom hosts: a bad one is refused beside the field, a good one is listed, then removed.
        const hostField = tab.getByRole('textbox', { name: /^New host/ });
        await hostField.fill('not a host!');
        await tab.getByRole('button', { name: 'Add host' }).click();
        await tab.getByText(/host must be a DNS name/).waitFor();
        assert.equal(await hostField.getAttribute('aria-invalid'), 'true');
        await hostField.fill('Pages.Acme.example');
        await tab.getByRole('button', { name: 'Add host' }).click();
        const hosts = tab.getByRole('table', { name: 'Custom hosts' });
        await hosts.getByRole('cell', { name: 'pages.acme.example', exact: true }).waitFor();
        // A claim, not served until proven: the TXT record to publish is beside it, and Verify says
        // what is missing while it is not there (this test's DNS has no record).
        await hosts.getByText('_quire-challenge.pages.acme.example').waitFor();
        assert.deepEqual((await show(tenant.tenantId)).hosts, []);
        await hosts.getByRole('button', { name: 'Verify pages.acme.example' }).click();
        await tab
          .getByRole('alert')
          .getByText(/"pages\.acme\.example" is not proven yet/)
          .waitFor();
        await expectAccessible(tab, 'the tenant settings');
        await shoot(tab, 'tenant-settings');
        await tab.setViewportSize({ width: 390, height: 844 });
        await tab.waitForTimeout(500); // the navigation's slide out of the narrow screen
        await shoot(tab, 'tenant-settings-phone');
        const sideways = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(sideways <= 1, `the phone layout scrolls sideways by ${sideways}px`);
        await expectAccessible(tab, 'the tenant settings on a phone');
        await tab.setViewportSize({ width: 1280, height: 900 });
        // The navigation slides back in over the content: a click during the slide can land on it
        // (the dialog then never opened, once in CI under load). Wait for the transitions to end.
        await tab.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));

        await hosts.getByRole('button', { name: 'Remove pages.acme.example' }).click();
        const confirm = tab.getByRole('dialog', { name: 'Remove this host?' });
        await confirm.getByRole('button', { name: 'Remove host' }).click();
        await confirm.waitFor({ state: 'detached' });
        await hosts.getByText('No custom host yet.').waitFor();
        assert.deepEqual((await show(tenant.tenantId)).hosts, []);
        assert.deepEqual(problems, []);
      } finally {
        await browser.close();
      }
    });
    // Key checks are cached per process (API_KEY_CACHE_TTL_MS); off here, so a revocation shows at once.
  },
  { config: { apiKeyCacheTtlMs: 0 }, hostProver: { txt: async () => [], http: async () => null } },
);
