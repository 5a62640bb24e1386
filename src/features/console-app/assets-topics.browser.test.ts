import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { makeAsset, makeTopic } from '../../../test/asset-factories.js';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, XSS } from '../../../test/chromium.js';
import { expectAccessible, expectPhoneCards, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeTenant } from '../../../test/factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';

/** The text of a topic's entries as the screen lists them, top to bottom. */
const shownOrder = (tab: Page) => tab.getByTestId('topic-entry').locator('.entry-content').allTextContents();

/** Drags an entry by its handle onto another entry's place, with the mouse, in small steps. */
async function drag(tab: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await tab.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await tab.mouse.down();
  await tab.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await tab.mouse.move(to.x + from.width / 2, to.y + 5, { steps: 15 });
  await tab.mouse.up();
}

describeEachDatabase('the console assets and topics in Chromium', (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it('an editor creates, edits, finds, trashes, restores and deletes assets, and builds a topic whose entries it reorders by drag and by keyboard; a viewer only reads', {
    skip: skipWithoutChromium,
    timeout: 180_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const tenant = await makeTenant(ctx);
    await makeAsset(ctx, tenant, { name: 'Autumn banner', tags: ['seasonal'] });
    // Stored XSS in the fields both screens show.
    await makeAsset(ctx, tenant, { name: `Hostile ${XSS}`, tags: [XSS] });
    const hostile = await makeTopic(ctx, tenant, [{ content: `Hostile ${XSS}` }]);
    const editor = await makeOperator(ctx, tenant.tenantId, 'editor');
    const viewer = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const admin = async (url: string) =>
      (
        await ctx.request({
          method: 'GET',
          url: `/admin/v0/tenants/${tenant.tenantId}${url}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).body;

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await signInToConsole(browser, base, editor.email, editor.password);
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();

      // Assets: a new one (its required fields said first), then its page.
      await tab.getByRole('link', { name: 'Assets', exact: true }).click();
      await tab.getByRole('heading', { name: 'Assets' }).waitFor();
      await tab.getByRole('link', { name: 'Autumn banner' }).waitFor();
      await tab.getByRole('link', { name: `Hostile ${XSS}` }).waitFor();
      await expectAccessible(tab, 'assets');
      await expectPhoneCards(tab, 'assets-phone', 'Autumn banner');
      await tab.getByRole('button', { name: 'New asset' }).click();
      const form = tab.getByRole('dialog', { name: 'New asset' });
      await form.getByRole('button', { name: 'Create asset' }).click();
      await form.getByText('A name is required').waitFor();
      await form.getByText('The file id is required').waitFor();
      await form.getByRole('textbox', { name: /^Name/ }).fill('Spring hero');
      await form.getByText('A name is required').waitFor({ state: 'detached' });
      await form.getByRole('textbox', { name: /^File id/ }).fill('hero-spring.jpg');
      await form.getByRole('textbox', { name: /^Purpose/ }).fill('Hero image of the pricing page');
      await form.getByRole('combobox', { name: 'Tags' }).fill('hero');
      await form.getByRole('combobox', { name: 'Tags' }).press('Enter');
      await tab.waitForTimeout(400); // the dialog's fade-in, so the screenshot shows it opaque
      await expectAccessible(tab, 'the new asset dialog');
      await shoot(tab, 'asset-new');
      await form.getByRole('button', { name: 'Create asset' }).click();
      await tab.getByRole('heading', { name: 'Spring hero' }).waitFor();
      await tab.getByText('hero-spring.jpg').waitFor();
      const assetId = tab.url().split('/').pop() as string;
      assert.equal((await admin(`/assets/${assetId}`)).purpose, 'Hero image of the pricing page');

      // Its metadata: one more tag and an AI description.
      await tab.getByRole('combobox', { name: 'Tags' }).fill('pricing');
      await tab.getByRole('combobox', { name: 'Tags' }).press('Enter');
      await tab.getByRole('textbox', { name: /^AI description/ }).fill('A sunlit meadow with the product');
      await tab.getByRole('button', { name: 'Save metadata' }).click();
      await tab.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const edited = await admin(`/assets/${assetId}`);
      assert.deepEqual(edited.tags, ['hero', 'pricing']);
      assert.equal(edited.aiDescription, 'A sunlit meadow with the product');
      await expectAccessible(tab, 'an asset');
      await shoot(tab, 'asset');

      // Trash and restore.
      await tab.getByRole('button', { name: 'Move to trash' }).click();
      await tab.getByRole('button', { name: 'Restore' }).waitFor();
      assert.equal((await admin(`/assets/${assetId}`)).lifecycleState, 'trashed');
      await tab.getByRole('link', { name: '← Assets' }).click();
      await tab.getByRole('link', { name: 'Autumn banner' }).waitFor();
      // The list may show its cached page first, then the refetched one: the trashed asset must go.
      await tab
        .getByRole('link', { name: 'Spring hero' })
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => assert.fail('trashed: still listed after the list was fetched again'));
      await tab.getByRole('switch', { name: 'Show trashed and deleted' }).check();
      await tab.getByRole('link', { name: 'Spring hero' }).click();
      await tab.getByRole('button', { name: 'Restore' }).click();
      await tab.getByRole('button', { name: 'Move to trash' }).waitFor();
      assert.equal((await admin(`/assets/${assetId}`)).lifecycleState, 'active');

      // Search: a part of the name, any case.
      await tab.getByRole('link', { name: '← Assets' }).click();
      await tab.getByRole('textbox', { name: 'Search' }).fill('SPRING');
      await tab.getByText('1 asset', { exact: true }).waitFor();
      await tab.getByRole('link', { name: 'Spring hero' }).waitFor();
      assert.equal(await tab.getByRole('link', { name: 'Autumn banner' }).count(), 0);
      await tab.getByRole('textbox', { name: 'Search' }).fill('');
      await tab.getByRole('link', { name: 'Autumn banner' }).waitFor();
      await shoot(tab, 'assets');

      // Delete, after the confirmation: final, still listed as deleted.
      await tab.getByRole('link', { name: 'Autumn banner' }).click();
      await tab.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = tab.getByRole('dialog', { name: 'Delete this asset?' });
      await confirm.waitFor();
      await tab.waitForTimeout(400); // the fade-in: axe measures contrast on the opaque dialog
      await expectAccessible(tab, 'the delete confirmation');
      await confirm.getByRole('button', { name: 'Delete asset' }).click();
      await confirm.waitFor({ state: 'detached' });
      await tab.getByText('deleted', { exact: true }).waitFor();
      assert.equal(await tab.getByRole('button', { name: 'Save metadata' }).count(), 0, 'deleted: read-only');
      const autumn = (await admin('/assets?search=autumn&includeDeleted=true')).items[0];
      assert.equal(autumn.lifecycleState, 'deleted');

      // Topics: a new one (its name required), three entries.
      await tab.getByRole('link', { name: 'Topics', exact: true }).click();
      await tab.getByRole('heading', { name: 'Topics' }).waitFor();
      await tab.getByRole('link', { name: hostile.topic.name }).waitFor();
      await expectAccessible(tab, 'topics');
      await expectPhoneCards(tab, 'topics-phone', hostile.topic.name);
      await tab.getByRole('button', { name: 'Create topic' }).click();
      await tab.getByText('A name is required').waitFor();
      await tab.getByRole('textbox', { name: 'New topic' }).fill('Objections');
      await tab.getByRole('button', { name: 'Create topic' }).click();
      await tab.getByRole('heading', { name: 'Objections' }).waitFor();
      const topicId = tab.url().split('/').pop() as string;
      for (const text of ['Too expensive', 'No time to switch', 'We already use a tool']) {
        await tab.getByRole('button', { name: 'Add entry' }).click();
        const dialog = tab.getByRole('dialog', { name: 'New entry' });
        await dialog.getByRole('textbox', { name: /^Content/ }).fill(text);
        if (text === 'Too expensive') {
          await tab.waitForTimeout(400); // the fade-in: axe measures contrast on the opaque dialog
          await expectAccessible(tab, 'the new entry dialog');
        }
        await dialog.getByRole('button', { name: 'Add entry' }).click();
        await dialog.waitFor({ state: 'detached' });
        await tab.getByText(text).waitFor();
      }
      const serverOrder = async () =>
        (await admin(`/topics/${topicId}`)).entries.map(
          (e: { content: { content: string } }) => e.content.content,
        );
      assert.deepEqual(await serverOrder(), ['Too expensive', 'No time to switch', 'We already use a tool']);

      // Reorder by dragging the third entry to the top; the server's order, then after a reload.
      const handle = (n: number) => tab.getByRole('button', { name: new RegExp(`^Move entry ${n}:`) });
      await drag(tab, handle(3), tab.getByTestId('topic-entry').nth(0));
      const dragged = ['We already use a tool', 'Too expensive', 'No time to switch'];
      for (let i = 0; i < 50 && (await serverOrder()).join() !== dragged.join(); i++)
        await tab.waitForTimeout(100);
      assert.deepEqual(await serverOrder(), dragged, 'the drag is stored');
      await tab.reload();
      await tab.getByRole('heading', { name: 'Objections' }).waitFor();
      await tab.getByTestId('topic-entry').nth(2).waitFor();
      assert.deepEqual(await shownOrder(tab), dragged, 'the stored order after a reload');

      // By keyboard: the second entry's handle, space, arrow down, space.
      await handle(2).focus();
      await tab.keyboard.press('Space');
      await tab.waitForTimeout(200);
      await tab.keyboard.press('ArrowDown');
      await tab.waitForTimeout(200);
      await tab.keyboard.press('Space');
      const keyed = ['We already use a tool', 'No time to switch', 'Too expensive'];
      for (let i = 0; i < 50 && (await serverOrder()).join() !== keyed.join(); i++)
        await tab.waitForTimeout(100);
      assert.deepEqual(await serverOrder(), keyed, 'the keyboard move is stored');
      await tab.reload();
      await tab.getByTestId('topic-entry').nth(2).waitFor();
      assert.deepEqual(await shownOrder(tab), keyed, 'the stored order after a reload');

      // Edit one entry, delete another, rename the topic.
      await tab.getByRole('button', { name: 'Edit entry 3' }).click();
      const change = tab.getByRole('dialog', { name: 'Edit entry' });
      await change.getByRole('textbox', { name: /^Content/ }).fill('Too expensive for a team of five');
      await change.getByRole('button', { name: 'Save entry' }).click();
      await tab.getByText('Too expensive for a team of five').waitFor();
      await tab.getByRole('button', { name: 'Delete entry 2' }).click();
      const remove = tab.getByRole('dialog', { name: 'Delete this entry?' });
      await remove.getByRole('button', { name: 'Delete entry' }).click();
      await remove.waitFor({ state: 'detached' });
      await tab.getByTestId('topic-entry').nth(1).waitFor();
      assert.equal(await tab.getByTestId('topic-entry').count(), 2);
      assert.deepEqual(await serverOrder(), ['We already use a tool', 'Too expensive for a team of five']);
      await tab.getByRole('textbox', { name: /^Topic name/ }).fill('Sales objections');
      await tab.getByRole('button', { name: 'Rename' }).click();
      await tab.getByRole('heading', { name: 'Sales objections' }).waitFor();
      assert.equal((await admin(`/topics/${topicId}`)).name, 'Sales objections');
      await expectAccessible(tab, 'a topic');
      await shoot(tab, 'topic');

      // A hostile entry stays text.
      await tab.goto(`${base}/console/t/${tenant.tenantId}/topics/${hostile.topic.id}`);
      await tab.getByText(`Hostile ${XSS}`).waitFor();

      // On a phone: nothing scrolls sideways.
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.goto(`${base}/console/t/${tenant.tenantId}/topics/${topicId}`);
      await tab.getByRole('heading', { name: 'Sales objections' }).waitFor();
      const overflow = () => tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok((await overflow()) <= 1, 'the topic on a phone does not scroll sideways');
      await expectAccessible(tab, 'a topic on a phone');
      await shoot(tab, 'phone-topic');
      await tab.goto(`${base}/console/t/${tenant.tenantId}/assets`);
      await tab.getByRole('link', { name: 'Spring hero' }).waitFor();
      assert.ok((await overflow()) <= 1, 'the assets on a phone do not scroll sideways');
      await shoot(tab, 'phone-assets');
      assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
      assert.deepEqual(problems, []);

      // A viewer reads both screens, with no editing controls; the server refuses its writes.
      const reader = await signInToConsole(browser, base, viewer.email, viewer.password);
      await reader.getByRole('heading', { name: 'Pages' }).waitFor();
      await reader.getByRole('link', { name: 'Assets', exact: true }).click();
      await reader.getByRole('link', { name: 'Spring hero' }).click();
      await reader.getByText('hero-spring.jpg').waitFor();
      for (const name of ['New asset', 'Move to trash', 'Delete', 'Save metadata']) {
        assert.equal(
          await reader.getByRole('button', { name, exact: true }).count(),
          0,
          `a viewer: no ${name}`,
        );
      }
      await reader.getByRole('link', { name: 'Topics', exact: true }).click();
      await reader.getByRole('link', { name: 'Sales objections' }).click();
      await reader.getByText('We already use a tool').waitFor();
      assert.equal(await reader.getByRole('button', { name: /^(Move|Edit|Delete) entry/ }).count(), 0);
      assert.equal(await reader.getByRole('button', { name: /^(Add entry|Rename)$/ }).count(), 0);
      const refused = await reader.evaluate(
        async ({ topic, entries }) => {
          const me = await (await fetch('/admin/v0/me')).json();
          const answer = await fetch(`${topic}/entries/reorder`, {
            method: 'POST',
            headers: { 'x-csrf-token': me.csrfToken, 'content-type': 'application/json' },
            body: JSON.stringify({ topicEntryIds: entries }),
          });
          return answer.status;
        },
        {
          topic: `/admin/v0/tenants/${tenant.tenantId}/topics/${topicId}`,
          entries: (await admin(`/topics/${topicId}`)).entries
            .map((e: { topicEntryId: string }) => e.topicEntryId)
            .reverse(),
        },
      );
      assert.equal(refused, 403, "the server refuses a viewer's reorder");
      assert.deepEqual(await serverOrder(), ['We already use a tool', 'Too expensive for a team of five']);
    } finally {
      await browser.close();
    }
  });
});
