import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { before, it } from 'node:test';
import { promisify } from 'node:util';
import { createApiKey } from '../../src/features/tenants/tenants.service.js';
import { type DemoSeed, seedDemo } from '../../src/seed/demo.js';
import { describeEachDatabase } from '../harness.js';

/**
 * The MCP Inspector's CLI mode (docs/mcp.md, "Trying it") against a listening Quire: the command the
 * docs give lists our tools. The Inspector comes from the npm registry through npx, pinned so the
 * documented flags hold; a machine that cannot install it skips this test and says so, unless
 * QUIRE_REQUIRE_TOOLS=1 (CI) makes that a failure.
 */
const INSPECTOR = process.env.QUIRE_MCP_INSPECTOR ?? '@modelcontextprotocol/inspector@2.12.0';
const run = promisify(execFile);
const npx = (...args: string[]) =>
  run('npx', ['-y', INSPECTOR, '--cli', ...args], { timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });

describeEachDatabase('the MCP Inspector CLI lists the tools', (ctx) => {
  let installable: string | null = null;
  before(async () => {
    if (ctx.dialect !== 'sqlite') return;
    try {
      await npx('--version');
    } catch (error) {
      installable = `npx could not run ${INSPECTOR}: ${String((error as Error).message).split('\n')[0]}`;
    }
  });

  it('over Streamable HTTP with a Bearer key, as docs/mcp.md shows; a pages:read key gets the reading tools', {
    timeout: 600_000,
  }, async (t) => {
    if (ctx.dialect !== 'sqlite') return t.skip('the Inspector runs once, on SQLite');
    if (installable !== null) {
      if (process.env.QUIRE_REQUIRE_TOOLS === '1') assert.fail(`${installable} (QUIRE_REQUIRE_TOOLS=1)`);
      console.warn(`SKIPPED: MCP Inspector CLI (${installable})`);
      return t.skip(installable);
    }
    const seed: DemoSeed = await seedDemo(ctx.database.db);
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const listed = async (key: string) => {
      const { stdout } = await npx(
        `${base}/mcp`,
        '--transport',
        'http',
        '--method',
        'tools/list',
        '--header',
        `Authorization: Bearer ${key}`,
      );
      return (JSON.parse(stdout).tools as { name: string }[]).map((tool) => tool.name).sort();
    };
    const all = await listed(seed.apiKey);
    for (const name of ['list_pages', 'create_audience', 'publish_audience_version', 'send_message_and_wait'])
      assert.ok(all.includes(name), `${name} in ${all.join(', ')}`);
    assert.ok(all.length >= 25, `${all.length} tools`);
    const reader = await createApiKey(ctx.database.db, seed.tenantId, 'inspector', ['pages:read']);
    assert.deepEqual(await listed(reader.apiKey), [
      'get_audience',
      'get_audience_messages',
      'get_experiment_results',
      'get_page',
      'list_audiences',
      'list_page_experiments',
      'list_pages',
    ]);
  });
});
