import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../test/chromium.js';
import { describeEachDatabase } from '../../test/harness.js';
import { listenWithDemo } from '../../test/hosted-factories.js';
import { untilCpuQuiet, untilNoOtherBrowser } from '../../test/quiet-cpu.js';

/** Lighthouse's HTML and JSON reports of the demo pages (test artefacts). */
const REPORTS = '.tmp/lighthouse';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The page issue's goals (scores 0-1): on the person's page, performance >= 0.95, accessibility 1,
 * best practices >= 0.95 and layout shift <= 0.02; SEO 1 on the page's public URL, which is
 * indexable (a person's personalised page is noindex by design, which SEO counts against it).
 */
const GOALS = {
  person: { performance: 0.95, accessibility: 1, 'best-practices': 0.95 },
  page: { seo: 1 },
} as const;
const MAX_CLS = 0.02;

describeEachDatabase('the demo pages in Lighthouse', (ctx) => {
  it('meet the page goals as a phone and as a desktop: performance, accessibility, best practices, SEO, CLS', {
    skip: skipWithoutChromium,
    timeout: 400_000,
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
    const shortfalls: string[] = [];
    try {
      for (const [kind, url] of [
        ['person', seed.publicUrl!],
        ['page', seed.pagePublicUrl!],
      ] as const) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          const config =
            formFactor === 'desktop'
              ? (await import('lighthouse/core/config/desktop-config.js')).default
              : undefined;
          const flags = {
            port: chrome.port,
            output: ['html', 'json'] as ('html' | 'json')[],
            logLevel: 'error' as const,
            onlyCategories: CATEGORIES,
          };
          const measure = async () => {
            let run = await lighthouse(url, flags, config);
            // A run Lighthouse could not finish (a trace lost on a loaded machine) has no scores at
            // all, which is not a measurement: it is run once more, and its error is reported.
            if (run?.lhr.runtimeError !== undefined) {
              t.diagnostic(
                `${kind} ${formFactor}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}; once more`,
              );
              run = await lighthouse(url, flags, config);
            }
            assert.ok(run, 'Lighthouse returned a result');
            assert.equal(
              run.lhr.runtimeError,
              undefined,
              `${kind} ${formFactor}: ${JSON.stringify(run.lhr.runtimeError)}`,
            );
            return run;
          };
          // The performance score moves with what else the machine runs (its blocking time is the
          // page's main-thread work as observed here, slowed 4x for a phone): 0.94-1 for the same
          // page in one day's runs, 0.73 while another browser test ran beside it. Below its goal,
          // three more runs are made once the CPUs are calm again (up to 90 s), and their median
          // counts, as Lighthouse's own guidance on variability advises; the first run, made on a
          // busy machine, is only reported.
          // Measured with no other test's browser running (up to 2 minutes' wait).
          const alone = await untilNoOtherBrowser(chrome.pid);
          if (alone.waitedMs > 1_000 || alone.others > 0)
            t.diagnostic(
              `${kind} ${formFactor}: waited ${alone.waitedMs} ms for other browsers to end (${alone.others} still running)`,
            );
          let result = await measure();
          const performance = [result.lhr.categories.performance?.score ?? 0];
          const goal = (GOALS[kind] as Record<string, number>).performance;
          if (goal !== undefined && performance[0]! < goal) {
            const calm = await untilCpuQuiet();
            t.diagnostic(
              `${kind} ${formFactor}: performance ${performance[0]}; waited ${calm.waitedMs} ms for calm CPUs (last second ${calm.idle === null ? 'unknown' : `${Math.round(calm.idle * 100)} % idle`})`,
            );
            const runs = [await measure(), await measure(), await measure()];
            runs.sort(
              (a, b) =>
                (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
            );
            performance.splice(0, 1, ...runs.map((r) => r.lhr.categories.performance?.score ?? 0));
            result = runs[1]!;
            t.diagnostic(
              `${kind} ${formFactor}: performance over three runs ${performance.join(', ')}; the median counts`,
            );
          }
          const [html, json] = result.report as string[];
          fs.writeFileSync(`${REPORTS}/demo-${kind}-${formFactor}.html`, html!);
          fs.writeFileSync(`${REPORTS}/demo-${kind}-${formFactor}.json`, json!);
          const scores = Object.fromEntries(
            CATEGORIES.map((id) => [id, result.lhr.categories[id]?.score ?? 0]),
          );
          const cls = result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
          const below = Object.values(result.lhr.audits)
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
            .map((a) => a.id);
          t.diagnostic(
            `${kind} ${formFactor}: ${JSON.stringify(scores)}, CLS ${cls}; audits below 0.9: ${below.join(', ')}`,
          );
          for (const [category, goal] of Object.entries(GOALS[kind]))
            if ((scores[category] ?? 0) < goal)
              shortfalls.push(`${kind} ${formFactor} ${category}: ${scores[category]} < ${goal}`);
          if (cls > MAX_CLS) shortfalls.push(`${kind} ${formFactor} CLS: ${cls} > ${MAX_CLS}`);
        }
      }
    } finally {
      chrome.kill();
    }
    assert.deepEqual(shortfalls, [], `reports in ${REPORTS}`);
  });
});
