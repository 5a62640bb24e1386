import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import floor from '../agent/eval/builtin-floor.json' with { type: 'json' };

const run = promisify(execFile);
const QUIRE = path.resolve('bin/quire.mjs');

// No database: the evaluation runs the agent on the set's fixtures.
describe('quire agent eval', () => {
  const env = () => {
    const { QUIRE_TEST_PG_URL, DATABASE_URL, AGENT, ...rest } = process.env;
    return { ...rest, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'quire-eval-')), LOG_LEVEL: 'warn' };
  };

  it('prints a scorecard per intent and, with --json, one JSON object on the last line at or above the floor', async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [QUIRE, 'agent', 'eval', '--agent', 'builtin', '--json', '--min-pass-rate', String(floor.passRate)],
      { env: env() },
    );
    assert.match(stdout, /│ intent\s+│ cases\s+│ done right\s+│ refused right\s+│ wrong edits/);
    assert.match(stdout, /│ question\s+│/);
    const summary = JSON.parse(stdout.trim().split('\n').at(-1)!);
    assert.ok(summary.passRate >= floor.passRate && summary.passRate <= 1, String(summary.passRate));
    assert.equal(summary.agent, 'builtin');
    assert.ok(summary.cases >= 150);
    assert.equal(typeof summary.intents.button.doneRight, 'number');
    assert.match(stderr, /agent eval \[.*\] \d+\/\d+/, 'a progress bar on stderr');
  });

  it('exits 1 below --min-pass-rate and 2 for an unreadable set', async () => {
    const below = await run(process.execPath, [QUIRE, 'agent', 'eval', '--min-pass-rate', '1.01'], {
      env: env(),
    }).catch((error) => error);
    assert.equal(below.code, 1);
    assert.match(below.stderr, /below 1\.01/);
    const file = path.join(os.tmpdir(), `quire-eval-bad-${process.pid}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ fixtures: {}, cases: [{ id: 'x', intent: 'set-text', fixture: 'none' }] }),
    );
    const bad = await run(process.execPath, [QUIRE, 'agent', 'eval', '--set', file], { env: env() }).catch(
      (error) => error,
    );
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /cases\[0\] \(x\): message must be a non-empty string; cases\[0\] \(x\): no fixture "none"/,
    );
  });
});
