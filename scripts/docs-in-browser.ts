// Renders the API reference (/docs) in headless Chromium with every host but the server's
// unresolvable, and reports what a reader would miss: operations not rendered, requests to other
// hosts, script errors. Used by scripts/check-docs-in-browser.sh and test/docs/docs-in-browser.test.ts.
//   node --import tsx scripts/docs-in-browser.ts http://127.0.0.1:3000 [screenshot.png]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

export interface DocsCheck {
  operations: number;
  missing: string[];
  foreignRequests: string[];
  problems: string[];
  curlBase: string | null;
}

export async function checkDocsInBrowser(base: string, screenshot: string): Promise<DocsCheck> {
  const host = new URL(base).hostname;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${host}`],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
    const foreignRequests: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${base}/`) && !url.startsWith('blob:') && !url.startsWith('data:'))
        foreignRequests.push(url);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));

    const openapi = (await (await fetch(`${base}/v0/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(openapi.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );

    await page.goto(`${base}/docs#tag/Persons/operation/createPerson`);
    await page.waitForSelector('[id$="/operation/createPerson"]', { timeout: 30_000 });
    await page.waitForTimeout(1000);
    const rendered = await page
      .locator('[id*="/operation/"]')
      .evaluateAll((elements) => elements.map((e) => (e as { id: string }).id.split('/operation/')[1]));
    // The curl example of the operation in view, as a reader would copy it.
    await page.getByRole('tab', { name: 'curl' }).first().click();
    const text = await page.locator('body').innerText();
    fs.mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    const curlBase = /curl -s -X \w+ "(https?:\/\/[^/"]+)\/v0\//.exec(text)?.[1] ?? null;
    return {
      operations: rendered.length,
      missing: ids.filter((id) => !rendered.includes(id)),
      foreignRequests,
      problems,
      curlBase,
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [base = 'http://127.0.0.1:3000', screenshot = '.tmp/docs.png'] = process.argv.slice(2);
  const result = await checkDocsInBrowser(base.replace(/\/$/, ''), screenshot);
  for (const id of result.missing) console.log(`missing in the rendered page: ${id}`);
  for (const url of result.foreignRequests) console.log(`request to another host: ${url}`);
  for (const problem of result.problems) console.log(problem);
  console.log(
    `rendered ${result.operations} operations; curl examples use ${result.curlBase}; screenshot: ${screenshot}`,
  );
  const ok =
    result.missing.length === 0 &&
    result.foreignRequests.length === 0 &&
    result.problems.length === 0 &&
    result.curlBase === base.replace(/\/$/, '');
  process.exit(ok ? 0 : 1);
}
