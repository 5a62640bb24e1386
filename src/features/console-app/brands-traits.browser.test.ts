import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { before, it } from 'node:test';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium, XSS } from '../../../test/chromium.js';
import { expectAccessible, expectPhoneCards, shoot, signInToConsole } from '../../../test/console-browser.js';
import { ensureConsoleBuilt } from '../../../test/console-build.js';
import { makeOperator } from '../../../test/console-factories.js';
import { makeAccountLog, makePerson, makeTenant } from '../../../test/factories.js';
import { pngOf } from '../../../test/file-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../../test/harness.js';
import { makePage } from '../../../test/pages-factories.js';

/** Drops a file on a drop zone as a browser does when one is dragged from the desktop. */
async function dropFile(tab: Page, zone: Locator, name: string, type: string, bytes: Buffer): Promise<void> {
  const dataTransfer = await tab.evaluateHandle(
    ({ data, fileName, mime }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName, { type: mime }));
      return transfer;
    },
    { data: [...bytes], fileName: name, mime: type },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Whether an image has loaded (a broken one has no natural width). */
const loaded = (image: Locator) =>
  image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

const sidewaysScroll = (tab: Page) =>
  tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeEachDatabase('the console brands, uploads and traits in Chromium', (ctx) => {
  before(() => {
    if (skipWithoutChromium === false) ensureConsoleBuilt();
  });

  it('an editor uploads a logo by drag and drop (a text file named .png refused in the server words), saves a brand only once its colours pass, uploads an asset image and a page hero image, and edits an account and a person traits; a viewer only reads', {
    skip: skipWithoutChromium,
    timeout: 240_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser walk runs once, on SQLite');
    const tenant = await makeTenant(ctx);
    const domain = `analytical-${Date.now()}.example.com`;
    const { accountId } = await makeAccountLog(ctx, tenant, {
      domain,
      name: 'Analytical Engines',
      source: 'hubspot',
      type: 'note',
      payload: { text: 'Asked for a demo' },
    });
    const hostile = await makePerson(ctx, tenant, { name: `Hostile ${XSS}`, domain });
    const page = await makePage(ctx, tenant, {
      name: 'Hero page',
      slug: `hero-${Date.now()}`,
      body: {
        headline: 'Close in two days',
        subheadline: 'Finance automation',
        blocks: [{ blockId: 'hero', type: 'hero', eyebrow: 'For finance teams' }],
      },
    });
    const editor = await makeOperator(ctx, tenant.tenantId, 'editor');
    const viewer = await makeOperator(ctx, tenant.tenantId, 'viewer');
    const admin = (url: string) =>
      ctx.request({ method: 'GET', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const logo = await pngOf(320, 96);
    const favicon = await pngOf(64, 64);

    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await signInToConsole(browser, base, editor.email, editor.password);
      const problems: string[] = [];
      const elsewhere: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      tab.on('request', (request) => {
        if (!request.url().startsWith(base) && !request.url().startsWith('data:'))
          elsewhere.push(request.url());
      });
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();

      // Brands: none yet.
      await tab.getByRole('link', { name: 'Brands', exact: true }).click();
      await tab.getByRole('heading', { name: 'Brands' }).waitFor();
      await tab.getByText('0 brands, by name').waitFor();
      await expectAccessible(tab, 'brands (none)');
      await tab.getByRole('button', { name: 'New brand' }).click();
      const dialog = tab.getByRole('dialog', { name: 'New brand' });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Hostile ${XSS}`);
      await dialog.getByRole('textbox', { name: /^Brand id/ }).fill('brand-analytical');

      // The logo, dragged onto its drop zone: uploaded, then shown from Quire's own /files/.
      await dropFile(
        tab,
        dialog.getByRole('group', { name: /^Logo: drop an image/i }),
        'logo.png',
        'image/png',
        logo,
      );
      const logoThumb = dialog.getByRole('img', { name: 'Logo: the chosen image' });
      await logoThumb.waitFor();
      await tab.waitForFunction(
        () => {
          const img = document.querySelector('img[alt="Logo: the chosen image"]') as HTMLImageElement | null;
          return img?.complete === true && img.naturalWidth > 0;
        },
        undefined,
        { timeout: 10_000 },
      );
      assert.ok(await loaded(logoThumb), 'the uploaded logo loads');
      await dialog.getByText('logo.png · image/png').waitFor();
      assert.match((await logoThumb.getAttribute('src')) ?? '', /^\/files\/file_[0-9a-z]{26}$/);

      // A text file named .png, through the zone's file input: the server's words beside the field.
      const faviconInput = dialog.locator('input[type=file][aria-label="Favicon file"]');
      await faviconInput.setInputFiles({
        name: 'favicon.png',
        mimeType: 'image/png',
        buffer: Buffer.from('This is a text file, not a picture.\n'),
      });
      const refusal = dialog.getByText(/its bytes match no known type/);
      await refusal.waitFor();
      assert.equal(
        await dialog.getByRole('group', { name: /^Favicon: drop an image/i }).getAttribute('aria-invalid'),
        'true',
      );
      await tab.waitForTimeout(400); // the dialog's fade-in, so axe and the screenshot see it opaque
      await shoot(tab, 'brand-upload-refused');
      await expectAccessible(tab, 'the brand form with a refused upload');
      // A real PNG then: the refusal goes.
      await faviconInput.setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: favicon });
      await dialog.getByRole('img', { name: 'Favicon: the chosen image' }).waitFor();
      await refusal.waitFor({ state: 'detached' });

      // Grey text on white fails WCAG AA: the server's 400 names the text colour, shown beside it.
      const textColour = dialog.getByRole('textbox', { name: /^Text( \*)?$/ });
      await textColour.fill('#cccccc');
      await dialog.getByRole('textbox', { name: /^Name/ }).click(); // leave the colour field
      await dialog.getByRole('button', { name: 'Save brand' }).click();
      await dialog.getByText(/text on background: #cccccc on #ffffff has a contrast of 1\.6\d:1/).waitFor();
      assert.equal(await textColour.getAttribute('aria-invalid'), 'true');
      assert.equal((await admin(`/admin/v0/tenants/${tenant.tenantId}/brands`)).body.items.length, 0);
      await shoot(tab, 'brand-contrast-error');
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.waitForTimeout(500); // the navigation's slide out of the narrow screen
      await shoot(tab, 'brand-contrast-error-phone');
      assert.ok((await sidewaysScroll(tab)) <= 1, 'the brand form fits a phone');
      await tab.setViewportSize({ width: 1280, height: 900 });

      // Fixed: saved, listed, the hostile name as text.
      await textColour.fill('#1f2937');
      await dialog.getByRole('textbox', { name: /^Name/ }).click();
      await dialog.getByRole('button', { name: 'Save brand' }).click();
      await dialog.waitFor({ state: 'detached' });
      await tab.getByText('1 brand, by name').waitFor();
      await tab.getByRole('cell', { name: `Hostile ${XSS}`, exact: true }).waitFor();
      assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
      const saved = (await admin(`/admin/v0/tenants/${tenant.tenantId}/brands/brand-analytical`)).body;
      assert.equal(saved.name, `Hostile ${XSS}`);
      assert.equal(saved.colors.text, '#1f2937');
      assert.match(saved.logoFileId, /^file_/);
      assert.match(saved.faviconFileId, /^file_/);
      assert.notEqual(saved.logoFileId, saved.faviconFileId);
      assert.ok(await loaded(tab.getByRole('img', { name: `Hostile ${XSS} logo` })), 'the listed logo loads');
      await expectAccessible(tab, 'brands');
      await shoot(tab, 'brands');
      await expectPhoneCards(tab, 'brands-phone', 'Radius');

      // Edit it: a pill button and a serif font, seen in the preview, then in the API.
      await tab.getByRole('button', { name: `Edit Hostile ${XSS}` }).click();
      const edit = tab.getByRole('dialog', { name: /^Edit brand/ });
      await edit.getByRole('textbox', { name: /^Button radius/ }).fill('999');
      await edit.getByRole('combobox', { name: 'Font', exact: true }).click();
      await tab.getByRole('option', { name: 'Serif', exact: true }).click();
      const button = edit.getByTestId('brand-preview').getByText('Book a demo');
      await tab.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid=brand-preview] span')].some(
            (s) => getComputedStyle(s).borderRadius === '999px',
          ),
        undefined,
        { timeout: 5_000 },
      );
      assert.match(await button.evaluate((b) => getComputedStyle(b).fontFamily), /Charter/);
      await tab.waitForTimeout(400);
      await expectAccessible(tab, 'the brand editor');
      await shoot(tab, 'brand-edit');
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.waitForTimeout(500);
      await shoot(tab, 'brand-edit-phone');
      assert.ok((await sidewaysScroll(tab)) <= 1, 'the brand editor fits a phone');
      await tab.setViewportSize({ width: 1280, height: 900 });
      await edit.getByRole('button', { name: 'Save brand' }).click();
      await edit.waitFor({ state: 'detached' });
      const edited = (await admin(`/admin/v0/tenants/${tenant.tenantId}/brands/brand-analytical`)).body;
      assert.equal(edited.buttonRadius, 999);
      assert.deepEqual(edited.font, { kind: 'system', stack: 'serif' });
      assert.equal(edited.logoFileId, saved.logoFileId, 'the logo stays');

      // An asset's image, dropped in the new asset form: its file id fills the field.
      await tab.getByRole('link', { name: 'Assets', exact: true }).click();
      await tab.getByRole('heading', { name: 'Assets' }).waitFor();
      await tab.getByRole('button', { name: 'New asset' }).click();
      const assetForm = tab.getByRole('dialog', { name: 'New asset' });
      await dropFile(
        tab,
        assetForm.getByRole('group', { name: /^Image: drop an image/i }),
        'hero.png',
        'image/png',
        await pngOf(640, 360),
      );
      await assetForm.getByRole('img', { name: 'Image: the chosen image' }).waitFor();
      const fileId = await assetForm.getByRole('textbox', { name: /^File id/ }).inputValue();
      assert.match(fileId, /^file_[0-9a-z]{26}$/);
      assert.equal(await assetForm.getByRole('textbox', { name: /^Name/ }).inputValue(), 'hero.png');
      await tab.waitForTimeout(400);
      await expectAccessible(tab, 'a new asset with an uploaded image');
      await shoot(tab, 'asset-upload');
      await assetForm.getByRole('button', { name: 'Create asset' }).click();
      await tab.getByRole('heading', { name: 'hero.png' }).waitFor();
      const assets = (await admin(`/admin/v0/tenants/${tenant.tenantId}/assets`)).body.items;
      assert.equal(assets[0].data.fileId, fileId);

      // A page's hero image, dropped in the page form: the hero block gets the file, its size and alt.
      await tab.getByRole('link', { name: 'Pages', exact: true }).click();
      await tab.getByRole('link', { name: 'Hero page' }).click();
      await tab.getByRole('heading', { name: 'Edit Hero page' }).waitFor();
      await dropFile(
        tab,
        tab.getByRole('group', { name: /^Hero image: drop an image/i }),
        'hero-shot.png',
        'image/png',
        await pngOf(1200, 675),
      );
      await tab.getByRole('img', { name: 'Hero image: the chosen image' }).waitFor();
      await tab.getByRole('textbox', { name: /^Hero image description/ }).fill('The month-end dashboard');
      await tab.getByRole('button', { name: 'Save', exact: true }).click();
      await tab.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const stored = (await admin(`/admin/v0/tenants/${tenant.tenantId}/pages/${page.id}`)).body;
      assert.deepEqual(
        { ...stored.body.blocks[0], image: { ...stored.body.blocks[0].image, fileId: 'F' } },
        {
          blockId: 'hero',
          type: 'hero',
          eyebrow: 'For finance teams',
          image: { fileId: 'F', alt: 'The month-end dashboard', width: 1200, height: 675 },
        },
      );
      assert.match(stored.body.blocks[0].image.fileId, /^file_[0-9a-z]{26}$/);
      await expectAccessible(tab, 'a page with its hero image');
      await tab.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page repeats the header
      await shoot(tab, 'page-hero-image');

      // The account's traits: industry, employees and a custom key; then a change and a removal.
      await tab.getByRole('link', { name: 'Accounts', exact: true }).click();
      await tab.getByRole('link', { name: 'Analytical Engines' }).click();
      await tab.getByRole('heading', { name: 'Analytical Engines' }).waitFor();
      await tab.getByText('Asked for a demo').waitFor();
      const traits = tab.getByRole('form', { name: 'Traits' });
      await traits.getByRole('textbox', { name: /^Industry/ }).fill('manufacturing');
      await traits.getByRole('textbox', { name: /^Employees/ }).fill('850');
      await traits.getByRole('button', { name: 'Add a trait' }).click();
      await traits.getByRole('textbox', { name: 'Key 1' }).fill('bad key!');
      await traits.getByRole('textbox', { name: 'Value 1' }).fill('enterprise');
      await traits.getByRole('button', { name: 'Save traits' }).click();
      await traits.getByText('A letter, then letters, digits, - or _ (at most 64)').waitFor();
      await traits.getByRole('textbox', { name: 'Key 1' }).fill('segment');
      await traits.getByRole('button', { name: 'Save traits' }).click();
      await traits.getByRole('status').filter({ hasText: 'Traits saved.' }).waitFor();
      const account = async () =>
        (await admin(`/admin/v0/tenants/${tenant.tenantId}/accounts/${accountId}`)).body.traits;
      assert.deepEqual(await account(), { industry: 'manufacturing', employees: 850, segment: 'enterprise' });
      await expectAccessible(tab, "an account's traits");
      await shoot(tab, 'account-traits');
      await traits.getByRole('textbox', { name: /^Industry/ }).fill('retail');
      await traits.getByRole('button', { name: 'Remove segment' }).click();
      await traits.getByRole('button', { name: 'Save traits' }).click();
      await traits.getByRole('status').filter({ hasText: 'Traits saved.' }).waitFor();
      assert.deepEqual(await account(), { industry: 'retail', employees: 850 });
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.waitForTimeout(500);
      await shoot(tab, 'account-traits-phone');
      assert.ok((await sidewaysScroll(tab)) <= 1, "an account's traits fit a phone");
      await tab.setViewportSize({ width: 1280, height: 900 });

      // A linked person with a hostile name: their page, their role.
      await tab.getByRole('link', { name: `Hostile ${XSS}` }).click();
      await tab.getByRole('heading', { name: `Hostile ${XSS}` }).waitFor();
      const personTraits = tab.getByRole('form', { name: 'Traits' });
      await personTraits.getByRole('textbox', { name: /^Role/ }).fill('CFO');
      await personTraits.getByRole('button', { name: 'Save traits' }).click();
      await personTraits.getByRole('status').filter({ hasText: 'Traits saved.' }).waitFor();
      const person = (await admin(`/admin/v0/tenants/${tenant.tenantId}/persons/${hostile.personId}`)).body;
      assert.deepEqual(person.traits, { role: 'CFO' });
      assert.equal(await tab.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
      await expectAccessible(tab, "a person's traits");
      await shoot(tab, 'person-traits');
      assert.deepEqual(problems, []);
      assert.deepEqual(elsewhere, [], 'no request leaves the server');

      // A viewer reads the traits and the brands, and is offered no change.
      const reader = await signInToConsole(browser, base, viewer.email, viewer.password);
      await reader.getByRole('heading', { name: 'Pages' }).waitFor();
      await reader.getByRole('link', { name: 'Accounts', exact: true }).click();
      await reader.getByRole('link', { name: 'Analytical Engines' }).click();
      await reader
        .getByRole('table', { name: "The account's traits" })
        .getByRole('cell', { name: 'retail' })
        .waitFor();
      assert.equal(await reader.getByRole('button', { name: 'Save traits' }).count(), 0);
      await expectAccessible(reader, "an account's traits, read-only");
      await reader.getByRole('link', { name: 'Brands', exact: true }).click();
      await reader.getByText('1 brand, by name').waitFor();
      assert.equal(await reader.getByRole('button', { name: 'New brand' }).count(), 0);
      assert.equal(await reader.getByRole('button', { name: /^Edit/ }).count(), 0);
    } finally {
      await browser.close();
    }
  });
});
