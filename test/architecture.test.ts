import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';

/**
 * The layering docs/architecture.md describes, checked on the source: a rule nobody checks is a
 * rule the next change breaks (four route files had come to import repositories again).
 */
const ROOTS = ['src', 'test', 'bench', 'scripts'];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project files a file imports (relative specifiers only), type-only imports included. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s+'(\.[^']+)'/g)].map(
    (m) => m[1]!,
  );
  return specifiers
    .map((s) => path.normalize(path.join(path.dirname(file), s.replace(/\.js$/, '.ts'))))
    .map((target) => (fs.existsSync(target) ? target : target.replace(/\.ts$/, '.tsx')))
    .filter((target) => fs.existsSync(target));
}

const handlerFiles = filesUnder('src').filter((f) => /(\.route|\.admin|admin\.routes)\.ts$/.test(f));

it('no route or operator API handler imports a repository (routes go through their service)', () => {
  const offenders = handlerFiles.filter((f) => importsOf(f).some((t) => t.endsWith('.repository.ts')));
  assert.ok(handlerFiles.length > 80, `found only ${handlerFiles.length} handler files`);
  assert.deepEqual(offenders, []);
});

it('no operator API handler resolves the tenant itself (enforce-roles.ts sets request.tenantId)', () => {
  const offenders = handlerFiles.filter((f) => /\brequireTenant\(/.test(fs.readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});

it('no two folders under src/ share a name', () => {
  const dirs = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => [path.join(dir, e.name), ...dirs(path.join(dir, e.name))]);
  const byName = new Map<string, string[]>();
  for (const dir of dirs('src'))
    byName.set(path.basename(dir), [...(byName.get(path.basename(dir)) ?? []), dir]);
  assert.deepEqual(
    [...byName.values()].filter((list) => list.length > 1),
    [],
  );
});

it('no import circle in the tree, tests, benchmarks and scripts included', () => {
  const files = ROOTS.flatMap(filesUnder);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  assert.ok(files.length > 500, `found only ${files.length} files`);
  assert.deepEqual(circles, []);
});
