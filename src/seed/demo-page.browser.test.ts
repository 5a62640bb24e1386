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
