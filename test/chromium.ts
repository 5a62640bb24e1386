import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * What every browser test shares: Debian's Chromium and its flags. A machine without Chromium skips
 * these tests and says so; QUIRE_REQUIRE_CHROMIUM=1 (CI) makes that a failure.
 */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const available = fs.existsSync(CHROMIUM);
if (!available && process.env.QUIRE_REQUIRE_CHROMIUM === '1')
  throw new Error(`QUIRE_REQUIRE_CHROMIUM=1 but there is no Chromium at ${CHROMIUM}`);
export const skipWithoutChromium = available
  ? false
  : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`;

// A desktop Chrome user agent: HeadlessChrome's own is (rightly) a bot to isbot, and bots are not counted.
export const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing but the test server is reachable: a page must not depend on another host to render.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** Breaks out of text, attributes, URLs and scripts; any of it executing sets window.__xss. */
export const XSS = `"'><script>window.__xss=1</script><img src=x onerror="window.__xss=1"><svg onload=window.__xss=1>`;

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it is now (id and the first target of
 * each). axe is evaluated through the DevTools protocol, so the page keeps its own CSP.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is evaluated into the page as a global
    const result = await (window as any).axe.run();
    return result.violations
      .filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v: { id: string; nodes: { target: string[] }[] }) =>
          `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
  });
}
