import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  seriousAxeViolations,
  skipWithoutChromium,
  USER_AGENT,
} from '../../test/chromium.js';
import { uploadFile, woff2Font } from '../../test/file-factories.js';
import { ADMIN_TOKEN, describeEachDatabase } from '../../test/harness.js';
import { listenWithDemo } from '../../test/hosted-factories.js';
import { DEMO_BRAND_ID } from './brand.js';

/**
 * Screenshots of the demo's pages (test artefacts). docs/pages-and-audiences.md and
 * docs/hosted-pages.md show two of them, copied (as 8-bit palette PNGs) to
 * docs/pages/demo-manufacturing-1280.png and demo-retail-390.png: a new run does not update them.
 */
const SHOTS = '.tmp/demo-page';

/** The server's error lines, shown with a failed page load (a 500 says nothing by itself). */
const serverErrors: string[] = [];

describeEachDatabase(
  'the demo page in Chromium',
  (ctx) => {
    it('renders at least 7 block types, no request to another host, three industries see three case studies', {
      skip: skipWithoutChromium,
      timeout: 180_000,
    }, async (t) => {
      if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
      const { base, seed } = await listenWithDemo(ctx);
      fs.mkdirSync(SHOTS, { recursive: true });
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const pages = {
          manufacturing: seed.publicUrl!,
          software: seed.softwarePublicUrl!,
          retail: seed.retailPublicUrl!,
          page: seed.pagePublicUrl!,
        };
        const caseStudies: Record<string, string | null> = {};
        for (const [name, url] of Object.entries(pages)) {
          for (const width of [1280, 390]) {
            const context = await browser.newContext({
              userAgent: USER_AGENT,
              viewport: { width, height: 900 },
            });
            const tab = await context.newPage();
            const foreign: string[] = [];
            tab.on('request', (request) => {
              if (!request.url().startsWith(base)) foreign.push(request.url());
            });
            const response = await tab.goto(url, { waitUntil: 'networkidle' });
            assert.equal(response?.status(), 200, `${url}\n${serverErrors.join('\n')}`);
            assert.deepEqual(foreign, [], `${name} at ${width}: no request to another host`);
            // The uploaded demo images are shown: loaded, with their size (no broken image). They load
            // lazily below the fold, so each is scrolled to first.
            for (const img of await tab.$$('img')) await img.scrollIntoViewIfNeeded();
            await tab.waitForFunction(() => [...document.images].every((i) => i.complete), null, {
              timeout: 10_000,
            });
            const images = await tab.$$eval('img', (els) =>
              els.map((e) => ({ src: e.getAttribute('src'), loaded: e.complete && e.naturalWidth > 0 })),
            );
            const uploaded = images.filter((i) => i.src?.includes('/files/'));
            assert.ok(
              uploaded.length >= 2,
              `${name}: the hero image and the portrait: ${JSON.stringify(images)}`,
            );
            assert.ok(
              uploaded.every((i) => i.loaded),
              `${name} at ${width}: every uploaded image loads: ${JSON.stringify(uploaded)}`,
            );
            // In the demo's brand (src/seed/brand.ts): its logo and favicon are files Quire serves,
            // its variables (the radius differs from the stylesheet's default 8px) are the page's.
            const brand = await tab.evaluate(() => ({
              logo: document.querySelector('header .brand img')?.getAttribute('src') ?? null,
              logoLoaded: (document.querySelector('header .brand img') as HTMLImageElement | null)
                ?.naturalWidth,
              icon: document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null,
              primary: getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
              radius: getComputedStyle(document.documentElement).getPropertyValue('--brand-radius').trim(),
            }));
            assert.match(brand.logo ?? '', /^\/files\/file_/, `${name}: the brand's logo in the header`);
            assert.ok((brand.logoLoaded ?? 0) > 0, `${name}: the logo loads`);
            assert.match(brand.icon ?? '', /^\/files\/file_/, `${name}: the brand's favicon`);
            assert.deepEqual(
              [brand.primary, brand.radius],
              ['#1f6feb', '10px'],
              `${name}: the brand's variables`,
            );
            const types = await tab.$$eval('[data-block]', (els) => [
              ...new Set(els.map((e) => e.getAttribute('data-block'))),
            ]);
            assert.ok(types.length >= 7, `${name}: ${types.join(', ')}`);
            caseStudies[name] = await tab.$eval('[data-block="caseStudy"]', (e) =>
              e.getAttribute('data-block-id'),
            );
            const overflow = await tab.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            assert.ok(overflow <= 0, `${name} at ${width}: no horizontal scroll (${overflow}px)`);
            // Back to the top first: scrolled to the last image, the sticky header would be drawn
            // over the middle of the full-page shot.
            await tab.evaluate(() => window.scrollTo(0, 0));
            await tab.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
            await tab.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
            if (width === 1280) assert.deepEqual(await seriousAxeViolations(tab), [], `${name}: axe`);
            await context.close();
          }
        }
        assert.deepEqual(caseStudies, {
          manufacturing: 'case-manufacturing',
          software: 'case-software',
          retail: 'case-retail',
          page: 'case-default',
        });
        // The video loads on a click only: before it, no iframe and no request to the video's host;
        // after it, the privacy-enhanced player, which the page's CSP allows (frame-src). The
        // player's request is answered here, so the test needs no internet.
        const context = await browser.newContext({
          userAgent: USER_AGENT,
          viewport: { width: 1280, height: 900 },
        });
        const tab = await context.newPage();
        const players: string[] = [];
        await tab.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) => {
          players.push(route.request().url());
          return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' });
        });
        const foreign: string[] = [];
        tab.on('request', (request) => {
          if (!request.url().startsWith(base)) foreign.push(request.url());
        });
        const response = await tab.goto(pages.manufacturing, { waitUntil: 'networkidle' });
        const csp = response!.headers()['content-security-policy'] ?? '';
        assert.equal(await tab.locator('iframe').count(), 0, 'no iframe before the click');
        assert.deepEqual(foreign, [], 'no request to another host before the click');
        const poster = tab.locator('[data-block="video"] a.video');
        const embed = (await poster.getAttribute('data-video-embed'))!;
        const player = new URL(embed).origin;
        assert.match(player, /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)$/);
        await poster.click();
        const frame = tab.locator('[data-block="video"] iframe');
        await frame.waitFor({ state: 'attached', timeout: 10_000 });
        assert.equal(await frame.getAttribute('src'), embed);
        // Waits for the player's own request, which is what this checks: waiting for 'networkidle'
        // instead timed out (30 s) once beside other browser tests.
        for (const started = Date.now(); players.length === 0 && Date.now() - started < 10_000; )
          await new Promise((resolve) => setTimeout(resolve, 50));
        assert.deepEqual(players, [embed], 'the player is requested once the poster is clicked');
        const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src')) ?? '';
        assert.ok(frameSrc.split(/\s+/).includes(player), `CSP frame-src allows ${player}: ${csp}`);
        await context.close();
      } finally {
        await browser.close();
      }
    });
  },
  {
    config: { logLevel: 'error' },
    logger: { write: (line) => void serverErrors.push(line) },
  },
);

describeEachDatabase('the demo brand with a self-hosted font, in Chromium', (ctx) => {
  it('loads the font from /files/ in the sandboxed page, with no CSP violation', {
    skip: skipWithoutChromium,
    timeout: 120_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the browser checks run once, on SQLite');
    const { base, seed } = await listenWithDemo(ctx);
    const font = woff2Font();
    const upload = await uploadFile(ctx, seed.tenantId, 'brand.woff2', font.bytes);
    assert.equal(upload.status, 201, upload.raw);
    const patched = await ctx.request({
      method: 'PATCH',
      url: `/admin/v0/tenants/${seed.tenantId}/brands/${DEMO_BRAND_ID}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: { font: { kind: 'file', family: font.family, fileId: upload.body.fileId, fallback: 'mono' } },
    });
    assert.equal(patched.status, 200, patched.raw);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await browser.newPage({ userAgent: USER_AGENT });
      const violations: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const fontAnswers: number[] = [];
      tab.on('response', (response) => {
        if (response.url() === `${base}/files/${upload.body.fileId}`) fontAnswers.push(response.status());
      });
      const response = await tab.goto(seed.publicUrl!, { waitUntil: 'networkidle' });
      assert.equal(response?.status(), 200);
      await tab.evaluate(() => document.fonts.ready);
      assert.equal(
        await tab.evaluate((family) => document.fonts.check(`16px "${family}"`), font.family),
        true,
      );
      const loaded = await tab.evaluate(() => [...document.fonts].map((f) => `${f.family}:${f.status}`));
      assert.deepEqual(loaded, [`${font.family}:loaded`]);
      assert.deepEqual(fontAnswers, [200], 'the font file was requested once and answered');
      assert.deepEqual(violations, []);
    } finally {
      await browser.close();
    }
  });
});
