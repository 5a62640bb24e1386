import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../test/chromium.js';
import { describeEachDatabase } from '../../test/harness.js';
import { listenWithDemo } from '../../test/hosted-factories.js';

/** Lighthouse's HTML reports of the demo page (test artefacts). */
const REPORTS = '.tmp/lighthouse';
/** Every category at least this score (0-1), on a phone (Lighthouse's default) and on a desktop. */
const MIN_SCORE = 0.9;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// The page's public URL, which is indexable: a person's personalised page is noindex by design, which
// Lighthouse's SEO category counts against it.
describeEachDatabase('the demo page in Lighthouse', (ctx) => {
  it(`scores at least ${MIN_SCORE} in performance, accessibility, best practices and SEO, phone and desktop`, {
    skip: skipWithoutChromium,
    timeout: 300_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('Lighthouse runs once, on SQLite');
    const { seed } = await listenWithDemo(ctx);
    fs.mkdirSync(REPORTS, { recursive: true });
    // Lighthouse drives its own Chromium through the DevTools port (Debian's, the same flags).
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
    });
    try {
      const scores: Record<string, Record<string, number>> = {};
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const result = await lighthouse(
          seed.pagePublicUrl!,
          { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: CATEGORIES },
          formFactor === 'desktop'
            ? (await import('lighthouse/core/config/desktop-config.js')).default
            : undefined,
        );
        assert.ok(result, 'Lighthouse returned a result');
        fs.writeFileSync(`${REPORTS}/demo-page-${formFactor}.html`, String(result.report));
        scores[formFactor] = Object.fromEntries(
          CATEGORIES.map((id) => [id, result.lhr.categories[id]?.score ?? 0]),
        );
        const failing = Object.values(result.lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id}: ${a.title}`);
        t.diagnostic(
          `${formFactor}: ${JSON.stringify(scores[formFactor])}; below 0.9: ${failing.join('; ')}`,
        );
      }
      for (const [formFactor, byCategory] of Object.entries(scores)) {
        for (const [category, score] of Object.entries(byCategory))
          assert.ok(score >= MIN_SCORE, `${formFactor} ${category}: ${score} (report in ${REPORTS})`);
      }
    } finally {
      chrome.kill();
    }
  });
});
