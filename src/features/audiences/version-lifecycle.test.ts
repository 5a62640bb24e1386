import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { VERSION_STARTS, VERSION_TRANSITIONS } from './version-lifecycle.js';

/** The moves drawn in docs/lifecycle.md's version diagram, as "from -> to" ("[*]" for a new version). */
function drawnMoves(): string[] {
  const doc = fs.readFileSync(new URL('../../../docs/lifecycle.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Audience versions'));
  const start = section.indexOf('```mermaid');
  const diagram = section.slice(start, section.indexOf('```', start + 3));
  return [...diagram.matchAll(/^\s*(\[\*\]|\w+) --> (\w+)/gm)].map(([, from, to]) => `${from} -> ${to}`);
}

describe('the version lifecycle', () => {
  it('is drawn in docs/lifecycle.md exactly as VERSION_TRANSITIONS and VERSION_STARTS hold it', () => {
    const inCode = [
      ...VERSION_STARTS.map((status) => `[*] -> ${status}`),
      ...Object.entries(VERSION_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`)),
    ];
    assert.deepEqual([...new Set(drawnMoves())].sort(), inCode.sort());
  });
});
