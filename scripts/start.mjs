#!/usr/bin/env node
// `npm start`: checks what can fail in a second (the port, the configuration) before anything
// slow, rebuilds only what changed (the CLI bundle, the console), then runs `quire serve`.
// A second start with nothing changed builds nothing and answers in about as long as the server
// itself takes to start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

/** The newest modification time under the given files and folders (tests and node_modules left out). */
function newest(paths) {
  let latest = 0;
  for (const entry of paths) {
    if (!fs.existsSync(entry)) continue;
    const files = fs.statSync(entry).isDirectory()
      ? fs.readdirSync(entry, { recursive: true }).map((f) => path.join(entry, String(f)))
      : [entry];
    for (const file of files) {
      if (/(^|\/)node_modules\//.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat?.isFile()) latest = Math.max(latest, stat.mtimeMs);
    }
  }
  return latest;
}

function builtAt(file) {
  return fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

// What each build is made from, as bin/quire.mjs and test/console-build.ts judge them.
const builds = [
  {
    name: 'the CLI and server bundle (dist/quire.mjs)',
    stale: () => builtAt('dist/quire.mjs') < newest(['src', 'package.json']),
    command: [process.execPath, ['scripts/build-cli.mjs']],
  },
  {
    name: 'the console (dist/console)',
    stale: () =>
      builtAt('dist/console/index.html') <
      newest([
        'console',
        'clients/typescript/admin.ts',
        'clients/typescript/admin-schema.d.ts',
        'src/domain',
        'src/events',
      ]),
    // The console is a workspace package with its own build (console/package.json).
    command: ['npm', ['run', '-s', 'build:console']],
  },
];

const stale = builds.filter((build) => build.stale());

if (stale.length > 0) {
  // Checked before building, since a build takes many seconds: the configuration (through the
  // sources, as the bundle is to be rebuilt) and the port.
  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--eval', "(await import('./scripts/check-config.ts')).checkConfig()"],
    { stdio: 'inherit' },
  );
  if (check.status !== 0) process.exit(check.status ?? 2);
  await checkPort();
  for (const build of stale) {
    process.stderr.write(`npm start: building ${build.name}, changed since the last build\n`);
    const [command, args] = build.command;
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

// `quire serve` checks the configuration and the port itself, at once. Its node flags live in
// package.json ("config.serveNodeFlags"), where the benchmark reads them too (docs/performance.md).
const { serveNodeFlags } = JSON.parse(fs.readFileSync('package.json', 'utf8')).config;
const server = spawn(process.execPath, [...serveNodeFlags.split(' '), 'dist/quire.mjs', 'serve'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Fails at once, as `quire serve` would, when HOST:PORT is taken. */
async function checkPort() {
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  if (port === 0) return;
  const probe = net.createServer();
  const error = await new Promise((resolve) => {
    probe.once('error', resolve);
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
  if (error?.code === 'EADDRINUSE') {
    process.stderr.write(
      `quire: Cannot listen on ${host}:${port}: the port is already in use (another Quire or program runs there); stop it or set PORT.\n`,
    );
    process.exit(1);
  }
}
