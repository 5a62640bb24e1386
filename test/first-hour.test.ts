import assert from 'node:assert/strict';
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, skipWithoutChromium } from './chromium.js';
import { CONSOLE_SHOTS, shoot, signInToConsole } from './console-browser.js';

const run = promisify(execFile);

/**
 * The first hour of a new user (issue 30), from a fresh clone of this checkout's committed HEAD:
 * the README's install and start commands, then its commands to create the tenant, load the demo
 * into it and create the operator (all taken from the README's text), then the console in
 * Chromium, signed in as the README's operator, showing the demo page and its audiences. The test
 * reads no id: it follows names and the addresses the commands print.
 *
 * One shortcut, said in the output: `npm install` is not run (minutes of downloads and builds of
 * native modules); the checkout's node_modules are hard-linked into the clone instead. `npm start`
 * then builds the CLI bundle and the console in the clone, as on a fresh install.
 */
/** The README's shell blocks, from the clone's README. */
let README = '';
let shellBlocks: string[] = [];
function readReadme(file: string): void {
  README = fs.readFileSync(file, 'utf8');
  shellBlocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The README's shell block holding `needle`, its lines joined where they end in a backslash. */
function blockWith(needle: string): string {
  const block = shellBlocks.find((b) => b.includes(needle));
  assert.ok(block, `the README has a shell block with ${needle}`);
  return block.replace(/\\\n\s*/g, ' ');
}

/** A command of a README block without its trailing comment. */
function commandOf(block: string, pattern: RegExp): string {
  const line = block.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `the README's block has a line matching ${pattern}`);
  return line.replace(/\s+#.*$/, '').trim();
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What a new user's shell has: no test database, no DATA_DIR, nothing of this test run. */
function newUserEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TERM', 'USER'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

describe('the first hour, from a fresh clone', () => {
  it('README: clone, install (STOOD IN: node_modules hard-linked, npm install not run), npm start, tenant, demo, operator; the operator sees the demo page and its audiences in the console', {
    // A checkout without its git history (an unpacked archive) has nothing to clone.
    skip: fs.existsSync('.git') ? skipWithoutChromium : 'not a git checkout: nothing to clone',
    timeout: 300_000,
  }, async (t) => {
    const started = Date.now();
    const say = (line: string) => {
      t.diagnostic(line);
      process.stderr.write(`first hour: ${line}\n`);
    };
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-first-hour-'));
    const clone = path.join(work, 'quire');
    let server: ChildProcess | null = null;
    t.after(async () => {
      if (server !== null && server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        process.kill(-server.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        if (server.exitCode === null) process.kill(-server.pid!, 'SIGKILL');
      }
      fs.rmSync(work, { recursive: true, force: true });
    });

    // A fresh clone of what is committed (uncommitted edits are not in it).
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    await run('git', ['clone', '--quiet', '--no-checkout', process.cwd(), clone]);
    await run('git', ['-C', clone, 'checkout', '--quiet', head]);
    assert.equal(fs.existsSync(path.join(clone, 'node_modules')), false);
    assert.equal(fs.existsSync(path.join(clone, 'dist')), false, 'nothing built in a fresh clone');
    readReadme(path.join(clone, 'README.md'));
    say(`cloned ${head.slice(0, 12)} into ${clone} (${Date.now() - started} ms)`);

    // The README's install and start.
    const install = blockWith('npm install');
    assert.equal(commandOf(install, /^npm install/), 'npm install');
    const start = commandOf(install, /^npm start/);
    assert.equal(start, 'npm start');
    // `npm install` stood in: the checkout's installed packages, hard-linked (no download, no build).
    const linkedAt = Date.now();
    for (const folder of ['.', 'console', 'clients/typescript']) {
      const modules = path.join(folder, 'node_modules');
      if (!fs.existsSync(modules)) continue;
      await run('cp', ['-al', modules, path.join(clone, modules)]);
    }
    // Caches written in place would write through the hard links into the checkout's copy.
    for (const cache of ['node_modules/.vite', 'node_modules/.cache', 'console/node_modules/.vite'])
      fs.rmSync(path.join(clone, cache), { recursive: true, force: true });
    say(
      `NOTE: the README's \`npm install\` was NOT run: the checkout's node_modules were hard-linked into the clone instead (${Date.now() - linkedAt} ms); everything after it is the README's own commands`,
    );

    // `npm start` as the README says, on a free port (the machine may run another Quire on 3000).
    const port = await freePort();
    const env = newUserEnv();
    const startAt = Date.now();
    server = spawn('bash', ['-c', start], {
      cwd: clone,
      env: { ...env, PORT: String(port) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const serverOut: string[] = [];
    const banner = await new Promise<string>((resolve, reject) => {
      let err = '';
      server!.stdout!.on('data', (chunk) => serverOut.push(String(chunk)));
      server!.stderr!.on('data', (chunk) => {
        err += chunk;
        const match = /is serving (http:\/\/\S+)/.exec(err);
        if (match) resolve(match[1]!);
      });
      server!.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${err}`)));
      setTimeout(() => reject(new Error(`npm start did not serve within 180 s:\n${err}`)), 180_000).unref();
    });
    const base = `http://127.0.0.1:${port}`;
    assert.equal(banner, base);
    say(`npm start served ${base} after ${Date.now() - startAt} ms (it built the CLI and the console)`);

    // In another terminal (no PORT: the commands find the running server's address themselves).
    const shell = async (script: string) => {
      const { stdout, stderr } = await run('bash', ['-c', `set -euo pipefail\n${script}`], {
        cwd: clone,
        env,
        timeout: 120_000,
      });
      return { stdout, stderr };
    };
    const tenantBlock = blockWith('tenants create');
    const tenant = commandOf(tenantBlock, /tenants create/);
    const tenantName = /tenants create (\S+)/.exec(tenant)![1]!;
    await shell(tenantBlock);

    // The README's way to load the demo into that tenant, in its prose.
    const seed = new RegExp(`\`(\\./bin/quire\\.mjs seed demo --tenant ${tenantName})\``).exec(README);
    assert.ok(seed, `the README loads the demo into ${tenantName}`);
    const operatorBlock = blockWith('operators create');
    const operatorLine = commandOf(operatorBlock, /operators create/);
    const password = /^printf '%s\\n' '([^']+)'/.exec(operatorLine)?.[1];
    const email = /--email (\S+)/.exec(operatorLine)?.[1];
    assert.ok(password && email, `the README's operator has an email and a password: ${operatorLine}`);
    assert.match(operatorLine, new RegExp(`--tenant ${tenantName}\\b`), 'the operator is of that tenant');
    await shell(operatorBlock);
    const seeded = await shell(seed[1]!);
    // The address it prints is the running server's (recorded at start), not a guess on port 3000.
    assert.match(
      seeded.stderr,
      new RegExp(`${email} \\(and instance admins\\) see the demo at ${base}/console\\n`),
    );
    assert.doesNotMatch(seeded.stderr, /guessing/);
    const consoleUrl = /see the demo at (\S+)/.exec(seeded.stderr)![1]!;
    say(`README commands: tenant, operator and demo done (${Date.now() - started} ms so far)`);

    // The operator opens the console the command named and signs in with the README's credentials.
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const tab = await signInToConsole(browser, consoleUrl.replace(/\/console$/, ''), email, password);
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await tab.getByRole('heading', { name: 'Pages' }).waitFor();
      const demoPage = tab.getByRole('link', { name: 'Loomwork: automate your month-end close' });
      await demoPage.waitFor();
      await shoot(tab, 'first-hour-pages');
      await demoPage.click();
      await tab.getByRole('heading', { name: 'Audiences' }).waitFor();
      // The demo's audiences, by the names the operator reads.
      for (const audience of [
        'General visitors',
        'Ada Lovelace at Analytical Engines Ltd',
        'Grace Hopper at COBOL Foundation',
        'Zoë Martín-Ortega at Northwind Traders',
      ])
        await tab.getByRole('link', { name: audience, exact: true }).waitFor();
      await shoot(tab, 'first-hour-demo-page');
      await tab.setViewportSize({ width: 390, height: 844 });
      await tab.getByRole('link', { name: 'General visitors', exact: true }).waitFor();
      await shoot(tab, 'first-hour-demo-page-phone');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
    say(
      `the operator sees the demo page and its audiences; screenshots in ${CONSOLE_SHOTS}/first-hour-*.png (${Date.now() - started} ms in all)`,
    );
  });
});
