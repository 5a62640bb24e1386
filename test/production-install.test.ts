import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A production install (`npm ci --omit=dev`, docs/console.md) holds the server's runtime packages
 * only: the console is a bundle Vite built, so its packages are the workspace's dev dependencies.
 */
it('npm ls --omit=dev lists no console build packages (React, Vite, Mantine)', async () => {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--json'], { maxBuffer: 16 * 1024 * 1024 });
  const tree = JSON.parse(stdout) as { dependencies?: Record<string, { dependencies?: object }> };
  const names = new Set<string>();
  const visit = (deps: Record<string, { dependencies?: object }> | undefined) => {
    for (const [name, node] of Object.entries(deps ?? {})) {
      names.add(name);
      visit(node.dependencies as Record<string, { dependencies?: object }> | undefined);
    }
  };
  visit(tree.dependencies);
  assert.ok(names.has('fastify'), 'the server runtime is listed');
  const console = [...names].filter((n) =>
    /^(react|react-dom|vite|@mantine\/.*|react-router|@tanstack\/.*)$/.test(n),
  );
  assert.deepEqual(console, [], 'the console packages are dev dependencies of its workspace');
});
