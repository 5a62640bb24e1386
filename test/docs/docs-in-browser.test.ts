import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { ADMIN_REFERENCE, CHROMIUM, checkDocsInBrowser } from '../../scripts/docs-in-browser.js';
import { envFor, serve, stop } from '../processes.js';

const available = fs.existsSync(CHROMIUM);
// A machine without Chromium skips this test and says so; QUIRE_REQUIRE_CHROMIUM=1 makes that a failure.
if (!available && process.env.QUIRE_REQUIRE_CHROMIUM === '1')
  throw new Error(`QUIRE_REQUIRE_CHROMIUM=1 but there is no Chromium at ${CHROMIUM}`);

it('/docs renders every operation in Chromium with no other host reachable', {
  skip: available ? false : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`,
  timeout: 120_000,
}, async () => {
  const { child, base } = await serve(envFor('sqlite'));
  try {
    const result = await checkDocsInBrowser(base, '.tmp/docs.png');
    assert.deepEqual(result.missing, [], 'every operation is rendered');
    assert.deepEqual(result.foreignRequests, [], 'nothing is requested from another host');
    assert.deepEqual(result.problems, [], 'no failed request and no script error');
    assert.ok(result.operations >= 19, `${result.operations} operations`);
    assert.equal(result.curlBase, base, 'the curl examples use the address the page was loaded from');
  } finally {
    assert.equal(await stop(child), 0);
  }
});

it('/docs/admin renders every operator API operation in Chromium with no other host reachable', {
  skip: available ? false : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`,
  timeout: 120_000,
}, async () => {
  const { child, base } = await serve(envFor('sqlite'));
  try {
    const result = await checkDocsInBrowser(base, '.tmp/docs-admin.png', ADMIN_REFERENCE);
    assert.deepEqual(result.missing, [], 'every operation is rendered');
    assert.deepEqual(result.foreignRequests, [], 'nothing is requested from another host');
    assert.deepEqual(result.problems, [], 'no failed request and no script error');
    assert.ok(result.operations >= 80, `${result.operations} operations`);
    assert.ok(fs.statSync('.tmp/docs-admin.png').size > 10_000, 'the screenshot is saved');
  } finally {
    assert.equal(await stop(child), 0);
  }
});
