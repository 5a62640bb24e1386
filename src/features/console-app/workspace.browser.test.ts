import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../../test/chromium.js';
import { CONSOLE_SHOTS, expectAccessible, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makePerson, makeTenant } from '../../../test/factories.js';
import { describeEachDatabase } from '../../../test/harness.js';
import { makeAudience, makePage, makeWorker } from '../../../test/pages-factories.js';
import { BuiltinAgent } from '../../agent/builtin-agent.js';

/**
 * The acceptance walk of an audience's workspace (issue 18): the repository's deterministic page
 * agent (BuiltinAgent) drafts the versions, in a worker started once the workspace is open, so
 * every draft reaches the screen through the event stream, without a reload.
 */
describeEachDatabase('the audience workspace in Chromium', (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it('creates a page and a person audience, sees version 1 and the asked change drafted live, diffs, publishes (not as an editor), restores, and finds it all in the audit log', {
    skip: skipWithoutChromium,
    timeout: 240_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const tenant = await makeTenant(ctx);
    await makePerson(ctx, tenant, { name: 'Grace Hopper', email: 'grace@navy.example' });
    await makePerson(ctx, tenant, { name: 'Alan Turing', email: 'alan@bletchley.example' });
    await makePerson(ctx, tenant, { name: 'Katherine Johnson', domain: 'nasa.example' });
    const publisher = await makeOperator(ctx, tenant.tenantId, 'publisher');
    const editor = await makeOperator(ctx, tenant.tenantId, 'editor');
    const worker = makeWorker(ctx, tenant, new BuiltinAgent());
    t.after(() => worker.stop());

    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const problems: string[] = [];
    try {
      const signIn = async (email: string, password: string) => {
        const tab = await signInToConsole(browser, base, email, password);
        await tab.getByRole('heading', { name: 'Pages' }).waitFor();
        return tab;
      };
      const tab = await signIn(publisher.email, publisher.password);
      problems.length = 0;
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message} ${error.stack ?? ''}`));
      tab.on('console', (message) => {
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text()))
          problems.push(message.text());
      });
      const offHost: string[] = [];
      tab.on('request', (request) => {
        if (!request.url().startsWith(base)) offHost.push(request.url());
      });

      // A page with its button.
      await tab.getByRole('link', { name: 'New page' }).click();
      await tab.getByRole('textbox', { name: /^Name/ }).fill('Spring launch');
      await tab.getByRole('textbox', { name: 'Brand' }).fill('loomwork');
      await tab.getByRole('textbox', { name: /^Title/ }).fill('Close your books in two days');
      await tab.getByRole('textbox', { name: 'Slug' }).fill('spring-launch');
      await tab.getByRole('textbox', { name: /^Headline/ }).fill('Close your books in two days');
      await tab.getByRole('button', { name: 'Add button' }).click();
      await tab.getByRole('textbox', { name: /^Button 1 title/ }).fill('Book a demo');
      await tab.getByRole('textbox', { name: 'Button 1 link' }).fill('https://loomwork.example.com/demo');
      await tab.getByRole('button', { name: 'Create page' }).click();
      await tab.getByRole('heading', { name: 'Edit Spring launch' }).waitFor();
      const pageId = tab.url().split('/').pop() as string;

      // A person audience, the person found by search.
      await tab.getByRole('heading', { name: 'Audiences' }).waitFor();
      await tab.getByText('No audience yet.').waitFor();
      // The search is the server's: by domain too, which no option's label shows.
      await tab.getByRole('combobox', { name: 'Person' }).fill('nasa');
      await tab.getByRole('option', { name: 'Katherine Johnson' }).waitFor();
      await tab.getByRole('option', { name: /Grace Hopper/ }).waitFor({ state: 'detached' });
      await tab.getByRole('combobox', { name: 'Person' }).fill('grace');
      await tab.getByRole('option', { name: /Grace Hopper/ }).click();
      await tab.getByRole('button', { name: 'New audience' }).click();

      // The workspace: version 1 waits for the agent, then appears in the preview without a reload.
      await tab.getByRole('heading', { name: 'Conversation' }).waitFor();
      const audienceId = tab.url().split('/').pop() as string;
      assert.match(audienceId, /^audience_/);
      await tab
        .getByText(/Version 1 is (queued|pending|processing): the page agent is drafting it/)
        .waitFor();
      await tab.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      worker.start();
      const preview = tab.frameLocator('iframe[title^="Preview of version"]');
      await tab.locator('iframe[title="Preview of version 1"]').waitFor({ timeout: 30_000 });
      await preview.getByRole('link', { name: 'Book a demo' }).waitFor();
      await preview.getByRole('heading', { level: 1 }).waitFor();

      // Ask for a change: the reply, the new preview and the diff arrive by themselves.
      await tab
        .getByRole('textbox', { name: 'Message to the page agent' })
        .fill('rename the Book a demo button to Talk to sales');
      await tab.getByRole('button', { name: 'Send' }).click();
      const log = tab.getByRole('log', { name: 'Conversation with the page agent' });
      await log.getByText('rename the Book a demo button to Talk to sales').waitFor();
      await tab.locator('iframe[title="Preview of version 2"]').waitFor({ timeout: 30_000 });
      await preview.getByRole('link', { name: 'Talk to sales' }).waitFor();
      assert.equal(await preview.getByRole('link', { name: 'Book a demo' }).count(), 0);
      const diff = tab.getByRole('table', { name: 'Changed fields' });
      await diff.getByRole('cell', { name: 'Talk to sales' }).waitFor();
      await diff.getByRole('cell', { name: 'Book a demo' }).waitFor();
      assert.equal(await log.getByText('Page agent').count(), 2, 'the agent replied to version 1 and 2');
      // Which agent answers, and what each version's run used (issue 33).
      await tab
        .getByTestId('agent-in-use')
        .getByText(/the built-in one, without a language model/)
        .waitFor();
      await tab.getByTestId('agent-usage-2').getByText('builtin agent · no model, no cost').waitFor();
      assert.equal(
        await tab.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
        true,
        'nothing was reloaded',
      );
      await tab.evaluate(() => window.scrollTo(0, 0));
      await shoot(tab, 'workspace');
      await expectAccessible(tab, 'the workspace');

      // On a phone: the columns stack, the preview takes the phone width, nothing scrolls sideways.
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.locator('label', { hasText: /^Phone$/ }).click();
      assert.equal(await tab.getByRole('radio', { name: 'Phone' }).isChecked(), true);
      // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
      await tab.evaluate(() => window.scrollTo(0, 0));
      await shoot(tab, 'workspace-phone');
      const overflow = await tab.evaluate(() => {
        const wide = Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
          .map((e) => `${e.tagName}.${e.className}`.slice(0, 80));
        return { by: document.documentElement.scrollWidth - window.innerWidth, wide: wide.slice(0, 5) };
      });
      if (overflow.by > 1) assert.fail(`the phone layout scrolls sideways: ${JSON.stringify(overflow)}`);
      await expectAccessible(tab, 'the workspace on a phone');
      await tab.locator('label', { hasText: /^Desktop$/ }).click();
      await tab.setViewportSize({ width: 1280, height: 900 });

      // An editor sees no enabled Publish, and the server refuses its own session's call.
      const writer = await signIn(editor.email, editor.password);
      await writer.goto(`${base}/console/t/${tenant.tenantId}/pages/${pageId}/audiences/${audienceId}`);
      const editorPublish = writer.getByRole('button', { name: 'Publish version 2' });
      await editorPublish.waitFor();
      assert.equal(await editorPublish.isDisabled(), true);
      assert.equal(await writer.getByRole('button', { name: /^Restore/ }).count(), 0);
      const versions = await writer.evaluate(
        async (url) => (await (await fetch(url)).json()).items,
        `/admin/v0/tenants/${tenant.tenantId}/audiences/${audienceId}/versions`,
      );
      const v2 = versions.find((v: { versionNumber: number }) => v.versionNumber === 2).versionId;
      const refused = await writer.evaluate(async (url) => {
        const me = await (await fetch('/admin/v0/me')).json();
        const answer = await fetch(url, { method: 'POST', headers: { 'x-csrf-token': me.csrfToken } });
        return { status: answer.status, body: await answer.json() };
      }, `/admin/v0/tenants/${tenant.tenantId}/versions/${v2}/publish`);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'forbidden');
      await expectAccessible(writer, 'the workspace for an editor');

      // The publisher publishes version 2, then restores version 1 as a new draft (version 3).
      await tab.getByRole('button', { name: 'Publish version 2' }).click();
      await tab.getByText('version 2 published').waitFor();

      // Two visitors see the published version 2, one clicks its button: the version's row counts
      // them as they happen (the event stream's page.viewed and cta.clicked).
      // (The page itself is published first: a draft page has no public URL.)
      const pagePublished = await tab.evaluate(async (url) => {
        const me = await (await fetch('/admin/v0/me')).json();
        const answer = await fetch(url, {
          method: 'PATCH',
          headers: { 'x-csrf-token': me.csrfToken, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'published' }),
        });
        return answer.status;
      }, `/admin/v0/tenants/${tenant.tenantId}/pages/${pageId}`);
      assert.equal(pagePublished, 200);
      const publicPath = new URL(
        await tab.evaluate(
          async (url) => (await (await fetch(url)).json()).publicUrl,
          `/admin/v0/tenants/${tenant.tenantId}/audiences/${audienceId}`,
        ),
      ).pathname;
      for (const browserName of ['Chrome/131.0', 'Firefox/133.0']) {
        const visitor = { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) ${browserName}` };
        const seen = await fetch(`${base}${publicPath}/view`, {
          method: 'POST',
          headers: { ...visitor, 'content-type': 'application/json' },
          body: JSON.stringify({ referrer: '', query: '' }),
        });
        assert.equal(seen.status, 204);
        if (browserName.startsWith('Chrome'))
          await fetch(`${base}${publicPath}/go/book-a-demo`, { headers: visitor, redirect: 'manual' });
      }
      const versionRows = tab.getByRole('table', { name: 'Versions' });
      await versionRows
        .getByRole('row', { name: /Version 2/ })
        .getByText('2 views, 2 visitors, 1 click, CTR 50 %')
        .waitFor();
      assert.equal(await versionRows.getByText('No views yet').count(), 1, 'version 1 has none');
      await tab.evaluate(() => window.scrollTo(0, 0));
      await shoot(tab, 'workspace-engagement');
      await tab.getByRole('button', { name: 'Restore version 1' }).click();
      await tab.getByRole('button', { name: 'Version 3', exact: true }).waitFor();
      await tab.locator('iframe[title="Preview of version 3"]').waitFor({ timeout: 30_000 });
      await preview.getByRole('link', { name: 'Book a demo' }).waitFor();
      // The editor's screen followed along by itself.
      await writer.getByRole('button', { name: 'Version 3', exact: true }).waitFor();
      // The diff can compare any two versions: 3 (restored) against 2 (published).
      await tab
        .getByRole('table', { name: 'Changed fields' })
        .getByRole('cell', { name: 'Talk to sales' })
        .waitFor();
      assert.ok((await tab.getByRole('button', { name: 'Copy URL' }).count()) === 1);

      // Writing about an element of the preview: hover outlines it, the keyboard (Tab, Enter) or a
      // click picks it, the composer says what the message is about, and the agent changes it.
      const frame = tab.locator('iframe[title="Preview of version 3"]');
      const button = preview.getByRole('link', { name: 'Book a demo' });
      await button.hover();
      assert.match(await button.evaluate((e) => (e as HTMLElement).style.outline), /dashed/);
      await button.focus();
      await tab.keyboard.press('Enter');
      const chip = tab.getByRole('status', { name: 'Selected element' });
      await chip.getByText('About: Button “Book a demo”').waitFor();
      assert.equal(await frame.count(), 1, 'Enter on a button picks it rather than following it');
      await tab.getByRole('button', { name: 'Clear the selected element' }).click();
      assert.equal(await chip.count(), 0);
      const headline = preview.getByRole('heading', { level: 1 });
      await headline.click();
      await chip.getByText('About: Headline').waitFor();
      assert.match(await headline.evaluate((e) => (e as HTMLElement).style.outline), /solid/);
      await tab
        .getByRole('textbox', { name: 'Message to the page agent' })
        .fill('change this to Close your books in one day');
      await tab.evaluate(() => window.scrollTo(0, 0));
      await shoot(tab, 'workspace-selected');
      await expectAccessible(tab, 'the workspace with a selected element');
      await tab.getByRole('button', { name: 'Send' }).click();
      await tab.locator('iframe[title="Preview of version 4"]').waitFor({ timeout: 30_000 });
      await preview.getByRole('heading', { level: 1, name: 'Close your books in one day' }).waitFor();
      await log.getByText('About: Headline').waitFor();
      assert.equal(await chip.count(), 0, 'the composer forgets the element once the message is sent');
      const sent = await tab.evaluate(
        async (url) => (await (await fetch(url)).json()).items,
        `/admin/v0/tenants/${tenant.tenantId}/audiences/${audienceId}/conversation`,
      );
      const about = sent.find((m: { content: string }) => m.content.startsWith('change this'));
      assert.equal(about.selectedElement.field, 'headline');
      assert.match(about.selectedElement.path, /h1$/);

      // A question changes nothing: the reply (its Markdown rendered) lands in the conversation, no
      // version is drafted, and the preview stays on version 4 (issues 30, 33).
      await tab
        .getByRole('textbox', { name: 'Message to the page agent' })
        .fill('What does the headline say right now?');
      await tab.getByRole('button', { name: 'Send' }).click();
      await log
        .getByText(/Close your books in one day/)
        .last()
        .waitFor();
      await tab
        .getByRole('table', { name: 'Versions' })
        .getByRole('row', { name: /Version 5.*cancelled/ })
        .waitFor({ timeout: 30_000 });
      await tab.locator('iframe[title="Preview of version 4"]').waitFor();
      assert.equal(
        await tab.getByRole('button', { name: 'Publish version 5' }).count(),
        0,
        'nothing to publish',
      );

      // The page lists its audience: published, with its person; archive and unarchive it.
      await tab.getByRole('link', { name: '← Page' }).click();
      const audiences = tab.getByRole('table', { name: 'Audiences' });
      await audiences.getByRole('cell', { name: 'version 2', exact: true }).waitFor();
      await audiences.getByText('2 views, 2 visitors, 1 click, CTR 50 %').waitFor();
      assert.equal(
        await audiences.getByRole('cell', { name: 'Grace Hopper', exact: true }).count(),
        2,
        'the audience (named after its person) and its person',
      );
      await tab.evaluate(() => window.scrollTo(0, 0));
      await shoot(tab, 'page-audiences');
      await expectAccessible(tab, 'a page with its audiences');
      await tab.getByRole('button', { name: 'Archive Grace Hopper' }).click();
      await audiences.getByText('archived', { exact: true }).waitFor();
      await tab.getByRole('button', { name: 'Unarchive Grace Hopper' }).click();
      await tab.getByRole('button', { name: 'Archive Grace Hopper' }).waitFor();

      // Every step is in the audit log.
      await tab.getByRole('link', { name: 'Audit log' }).click();
      await tab.getByRole('heading', { name: 'Audit log' }).waitFor();
      for (const action of [
        'session.sign_in',
        'page.create',
        'audience.create',
        'message.send',
        'version.publish',
        'version.restore',
        'audience.archive',
        'audience.unarchive',
      ]) {
        await tab.getByRole('cell', { name: action, exact: true }).first().waitFor();
      }
      assert.deepEqual(offHost, []);
      assert.deepEqual(problems, []);
    } catch (error) {
      // What the screen showed when the walk stopped, to read beside the error.
      for (const [i, open] of browser.contexts().entries())
        for (const page of open.pages()) await shoot(page, `workspace-failure-${i}`).catch(() => {});
      if (problems.length > 0) console.error(`In the browser: ${problems.join('\n')}`);
      throw error;
    } finally {
      await browser.close();
    }
  });

  it('shows the newest messages of a long conversation and loads older ones above, keeping the scroll position', {
    skip: skipWithoutChromium,
    timeout: 120_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const tenant = await makeTenant(ctx);
    const page = await makePage(ctx, tenant);
    const audience = await makeAudience(ctx, tenant, page.id, { customName: 'Everyone' });
    const viewer = await makeOperator(ctx, tenant.tenantId, 'viewer');
    // More than one conversation page (CONVERSATION_PAGE, 40), through the API; no worker answers.
    for (let i = 1; i <= 45; i++) {
      const sent = await ctx.request({
        method: 'POST',
        url: `/v0/pages/${page.id}/audiences/${audience.audienceId}/messages`,
        key: tenant.key,
        body: { message: `Message ${i}` },
      });
      assert.ok(sent.status < 300, sent.raw);
    }
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await signInToConsole(browser, base, viewer.email, viewer.password);
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();
      await tab.goto(
        `${base}/console/t/${tenant.tenantId}/pages/${page.id}/audiences/${audience.audienceId}`,
      );
      const log = tab.getByRole('log', { name: 'Conversation with the page agent' });
      await log.getByText('Message 45', { exact: true }).waitFor();
      await log.getByText('Message 6', { exact: true }).waitFor();
      assert.equal(await log.getByText('Message 5', { exact: true }).count(), 0, 'older ones wait');
      const messages = tab.getByRole('region', { name: 'Messages' });
      const scrolled = await messages.evaluate((box) => box.scrollTop);
      assert.ok(scrolled > 0, 'the conversation opens at its newest message');

      // Up to the oldest message shown; the older ones then come above it, where it stays.
      await messages.evaluate((box) => box.scrollTo({ top: 0 }));
      const sixth = log.getByText('Message 6', { exact: true });
      const topOf = async () =>
        (await sixth.evaluate((e) => e.getBoundingClientRect().top)) -
        (await messages.evaluate((box) => box.getBoundingClientRect().top));
      const before = await topOf();
      await expectAccessible(tab, 'a long conversation');
      await tab.getByRole('button', { name: 'Load older messages' }).click();
      await log.getByText('Message 1', { exact: true }).waitFor();
      await tab.getByRole('button', { name: 'Load older messages' }).waitFor({ state: 'detached' });
      const after = await topOf();
      assert.ok(Math.abs(after - before) <= 2, `the read message moved by ${after - before}px`);
      // The window only: the page below lists 46 versions.
      await tab.screenshot({ path: `${CONSOLE_SHOTS}/workspace-older-messages.png` });
    } finally {
      await browser.close();
    }
  });
});
