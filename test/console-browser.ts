import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { seriousAxeViolations, USER_AGENT } from './chromium.js';

/** Where the console's browser tests keep their screenshots (test artefacts; docs/console copies some). */
export const CONSOLE_SHOTS = '.tmp/console';

export async function shoot(tab: Page, name: string): Promise<void> {
  fs.mkdirSync(CONSOLE_SHOTS, { recursive: true });
  await tab.screenshot({ path: `${CONSOLE_SHOTS}/${name}.png`, fullPage: true });
}

export async function expectAccessible(tab: Page, screen: string): Promise<void> {
  assert.deepEqual(await seriousAxeViolations(tab), [], `axe on ${screen}`);
}

/** Signs in at `${base}/console/` in a fresh context (its own cookies), 1280 px wide. */
export async function signInToConsole(
  browser: Browser,
  base: string,
  email: string,
  password: string,
): Promise<Page> {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  await tab.goto(`${base}/console/`);
  await tab.getByLabel('Email').fill(email);
  await tab.locator('input[autocomplete=current-password]').fill(password);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  return tab;
}
