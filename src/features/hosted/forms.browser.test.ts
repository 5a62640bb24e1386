import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, USER_AGENT, XSS } from '../../../test/chromium.js';
import { describeEachDatabase, type TestContext } from '../../../test/harness.js';
import { makeWebhook, startPump, testEventsConfig } from '../../../test/webhook-factories.js';
import { startReceiver } from '../../../test/webhook-receiver.js';
import { seedDemo } from '../../seed/demo.js';

/** Screenshots of the form's states (test artefacts). */
const SHOTS = '.tmp/forms';

async function fillForm(tab: Page, email: string, name = 'Ada Lovelace') {
  await tab.fill('#contact-email', email);
  await tab.fill('#contact-name', name);
  await tab.fill('#contact-company', 'Analytical Engines');
  await tab.fill('#contact-jobTitle', 'CFO');
  await tab.selectOption('#contact-choice', '8-14');
  await tab.fill('#contact-message', 'How fast could we close?');
  await tab.check('#contact-consent');
}

async function submission(ctx: TestContext, tenantId: string, email: string) {
  return ctx.database.db
    .selectFrom('form_submissions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .executeTakeFirst();
}

describeEachDatabase(
  'forms on the demo person page in Chromium',
  (ctx) => {
    it('with and without JavaScript: thank-you state, the form-submitted log in the account activity, a verified form.submitted webhook', {
      skip: skipWithoutChromium,
      timeout: 180_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const seed = await seedDemo(ctx.database.db, { baseUrl: base } as never);
      const tenant = { tenantId: seed.tenantId, key: seed.apiKey, keyId: '' };
      const receiver = await startReceiver();
      t.after(() => receiver.close());
      const webhook = await makeWebhook(ctx, tenant, `${receiver.url}/forms`, ['form.*']);
      startPump(ctx, tenant, t);
      fs.mkdirSync(SHOTS, { recursive: true });
      const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        for (const javaScriptEnabled of [true, false]) {
          const email = javaScriptEnabled ? 'ada@with-js.example' : 'ada@without-js.example';
          const context = await browser.newContext({ userAgent: USER_AGENT, javaScriptEnabled });
          const tab = await context.newPage();
          const errors: string[] = [];
          tab.on('pageerror', (error) => errors.push(error.message));
          tab.on('requestfailed', (r) => errors.push(`FAILED ${r.url()} ${r.failure()?.errorText}`));
          tab.on('console', (message) => {
            // The browser's own favicon request is not the page's.
            if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
              errors.push(`${message.text()} @ ${message.location().url}`);
          });
          const widgetLoads: string[] = [];
          const tokenRequests: string[] = [];
          tab.on('request', (r) => {
            if (r.url().includes('/p/_quire/altcha-')) widgetLoads.push(r.url());
            if (r.method() === 'POST' && /_intent=token/.test(r.postData() ?? ''))
              tokenRequests.push(r.url());
          });
          await tab.goto(seed.publicUrl!, { waitUntil: 'load' });
          assert.equal(await tab.locator('form[data-quire-form="contact"]').count(), 1);
          // The proof-of-work widget is not part of the page's load: the first focus in the form loads it.
          assert.deepEqual(widgetLoads, [], 'no widget script before the visitor is in the form');
          // The person's name is prefilled (the operator's choice); the email never is.
          assert.equal(await tab.inputValue('#contact-email'), '');
          assert.notEqual(await tab.inputValue('#contact-name'), '');
          await fillForm(tab, email);
          assert.equal(widgetLoads.length, javaScriptEnabled ? 1 : 0, 'the widget loads once, on focus');
          // The cached page's form asked for a token and challenge of its own as the page loaded.
          assert.equal(tokenRequests.length, javaScriptEnabled ? 1 : 0, 'one token request with JavaScript');
          await tab.waitForTimeout(1_200); // the minimum fill time of this suite
          await tab.click('button[type="submit"]');
          await tab.locator('.form-done').waitFor({ timeout: 20_000 });
          assert.match(
            (await tab.textContent('.form-done')) ?? '',
            /A Loomwork finance specialist will write to you/,
          );
          if (!javaScriptEnabled) assert.match(tab.url(), /\?sent=contact#contact$/);
          await tab.screenshot({
            path: `${SHOTS}/thank-you-${javaScriptEnabled ? 'js' : 'no-js'}.png`,
            fullPage: true,
          });
          assert.deepEqual(errors, [], 'no script error, no CSP violation');

          const row = await submission(ctx, seed.tenantId, email);
          assert.ok(row, `${email} was stored`);
          assert.equal(
            row.proven,
            javaScriptEnabled ? 1 : 0,
            'the widget proved the work; without JS: unproven',
          );
          // Within 10 s the account's activity holds the log with the fields.
          const deadline = Date.now() + 10_000;
          let log: { type: string; payload: { fields: Record<string, string> } } | undefined;
          while (log === undefined && Date.now() < deadline) {
            const activity = await ctx.request({
              method: 'GET',
              url: `/v0/accounts/${row.account_id}/activity?includePersonActivity=true`,
              key: seed.apiKey,
            });
            log = activity.body.items?.find((l: { type: string }) => l.type === 'form-submitted');
          }
          assert.ok(log, 'the form-submitted log is in the activity');
          assert.equal(log.payload.fields.email, email);
          assert.equal(log.payload.fields.company, 'Analytical Engines');
          assert.equal(log.payload.fields.choice, '8-14');
          const [delivery] = (
            await receiver.waitFor((got) => got.some((r) => r.payload?.data?.email === email), 10_000)
          ).filter((r) => r.payload?.data?.email === email);
          // The official library verifies the signature (it throws otherwise).
          receiver.verify(delivery!, webhook.secret);
          assert.equal(delivery!.payload.type, 'form.submitted');
          assert.equal(delivery!.payload.data.submissionId, row.id);
          await context.close();
        }

        // Every field's markup stays text in the error state, with and without the form script.
        const context = await browser.newContext({ userAgent: USER_AGENT });
        const tab = await context.newPage();
        await tab.goto(seed.publicUrl!);
        for (const field of ['#contact-name', '#contact-company', '#contact-jobTitle', '#contact-message']) {
          await tab.fill(field, XSS);
        }
        // The browser's own check accepts this address; the server's does not (no company domain).
        await tab.fill('#contact-email', 'ada@localhost');
        await tab.check('#contact-consent');
        await tab.waitForTimeout(1_200);
        await tab.click('button[type="submit"]');
        await tab.locator('#contact-email-error:not(:empty)').waitFor();
        assert.equal(await tab.getAttribute('#contact-email', 'aria-invalid'), 'true');
        assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
        // The server's own error state: the form posted without its script.
        await Promise.all([
          tab.waitForNavigation(),
          tab.evaluate(() => HTMLFormElement.prototype.submit.call(document.querySelector('form'))),
        ]);
        assert.equal(await tab.inputValue('#contact-name'), XSS, 'the value is kept, as text');
        assert.match((await tab.textContent('#contact-email-error')) ?? '', /Enter an email address/);
        assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
        await tab.screenshot({ path: `${SHOTS}/error-state.png`, fullPage: true });
        await context.close();
      } finally {
        await browser.close();
      }
    });
  },
  { config: { events: testEventsConfig(), formMinFillMs: 1_000 } },
);
