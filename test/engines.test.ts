import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import semver from 'semver';

// `npm install` warns EBADENGINE when an installed package does not support the running Node.
// Every package of the lockfile must support the oldest Node that package.json claims to.
it('every locked package supports the oldest Node version package.json allows', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
  const oldest = semver.minVersion(pkg.engines.node)!.version;
  const unsupported = Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)
    .filter(([name, meta]) => name !== '' && typeof meta.engines?.node === 'string')
    .filter(([, meta]) => !semver.satisfies(oldest, meta.engines!.node!, { includePrerelease: true }))
    .map(([name, meta]) => `${name} wants node ${meta.engines!.node}`);
  assert.deepEqual(unsupported, [], `Node ${oldest} (package.json engines) is not supported by`);
});
