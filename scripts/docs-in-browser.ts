// Renders an API reference (/docs, or /docs/admin with --admin) in headless Chromium with every host but the server's
// unresolvable, and reports what a reader would miss: operations not rendered, requests to other
// hosts, script errors. Used by scripts/check-docs-in-browser.sh and test/docs/docs-in-browser.test.ts.
//   node --import tsx scripts/docs-in-browser.ts http://127.0.0.1:3000 [screenshot.png] [--admin]
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

/** A reference page: where it is, the document whose operations it must show, and one to open. */
export interface ReferencePage {
  path: string;
  document: string;
  open: { tag: string; operationId: string };
  /** Whether its operations carry curl examples (the /v0 reference's do). */
  curl: boolean;
}

export const PUBLIC_REFERENCE: ReferencePage = {
  path: '/docs',
  document: '/v0/openapi.json',
  open: { tag: 'Persons', operationId: 'createPerson' },
  curl: true,
};

/** The operator API's reference; its document is read where the page reads it (no credentials). */
export const ADMIN_REFERENCE: ReferencePage = {
  path: '/docs/admin',
  document: '/docs/admin/openapi.json',
  open: { tag: 'Pages', operationId: 'adminCreatePage' },
  curl: false,
};

export async function checkDocsInBrowser(
  base: string,
  screenshot: string,
  reference: ReferencePage = PUBLIC_REFERENCE,
): Promise<DocsCheck> {
  const host = new URL(base).hostname;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${host}`,
    ],
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

    const openapi = (await (await fetch(`${base}${reference.document}`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(openapi.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );

    const { tag, operationId } = reference.open;
    await page.goto(`${base}${reference.path}#tag/${tag}/operation/${operationId}`);
    await page.waitForSelector(`[id$="/operation/${operationId}"]`, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    const rendered = await page
      .locator('[id*="/operation/"]')
      .evaluateAll((elements) => elements.map((e) => (e as { id: string }).id.split('/operation/')[1]));
    // The curl example of the operation in view, as a reader would copy it.
    if (reference.curl) await page.getByRole('tab', { name: 'curl' }).first().click();
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
  const admin = process.argv.includes('--admin');
  const [base = 'http://127.0.0.1:3000', screenshot = admin ? '.tmp/docs-admin.png' : '.tmp/docs.png'] =
    process.argv.slice(2).filter((arg) => arg !== '--admin');
  const reference = admin ? ADMIN_REFERENCE : PUBLIC_REFERENCE;
  const result = await checkDocsInBrowser(base.replace(/\/$/, ''), screenshot, reference);
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
    (!reference.curl || result.curlBase === base.replace(/\/$/, ''));
  process.exit(ok ? 0 : 1);
}
