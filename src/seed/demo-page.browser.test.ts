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
import { describeEachDatabase } from '../../test/harness.js';
import { listenWithDemo } from '../../test/hosted-factories.js';

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
        await tab.waitForLoadState('networkidle');
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
