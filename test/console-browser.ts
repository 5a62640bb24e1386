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

/**
 * The list on screen at a phone's width (390 px): a card per row instead of the table (a card holds
 * `text`; `list` names the list and its table when the screen has others), nothing wider than the
 * screen, no badge cut short, no axe violation; shot as `${name}.png`, then back at 1280 px, where
 * the table returns.
 */
export async function expectPhoneCards(tab: Page, name: string, text: string, list?: string): Promise<void> {
  await tab.setViewportSize({ width: 390, height: 844 });
  const cards = list === undefined ? tab : tab.getByRole('list', { name: list });
  await cards.getByRole('listitem').filter({ hasText: text }).first().waitFor();
  const tables = list === undefined ? tab.getByRole('table') : tab.getByRole('table', { name: list });
  assert.equal(await tables.count(), 0, `${name}: the cards replace the table`);
  await tab.waitForTimeout(500); // the navigation's slide out of the narrow screen
  const wider = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wider <= 1, `${name} scrolls sideways on a phone by ${wider}px`);
  const cut = await tab.evaluate(() =>
    Array.from(document.querySelectorAll('.mantine-Badge-label'))
      .filter((label) => label.scrollWidth > label.clientWidth)
      .map((label) => label.textContent),
  );
  assert.deepEqual(cut, [], `${name}: badges shown whole on a phone`);
  await expectAccessible(tab, `${name} on a phone`);
  // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
  await tab.evaluate(() => window.scrollTo(0, 0));
  await shoot(tab, name);
  await tab.setViewportSize({ width: 1280, height: 900 });
  await tables.first().waitFor();
}
