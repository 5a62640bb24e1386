import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import set from '../agent/eval/agent-eval-set.json' with { type: 'json' };
import floor from '../agent/eval/builtin-floor.json' with { type: 'json' };
import recorded from '../agent/eval/openai-recordings.json' with { type: 'json' };
import { checkRecording, startReplayServer } from '../agent/eval/recordings.js';

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

  it('--record keeps each exchange with the model server; --replay answers from them with no network', async () => {
    // The repository's recording stands in for a model server, so what --record writes can be compared.
    const upstream = await startReplayServer(checkRecording(recorded));
    try {
      const ids = new Set(Object.values(recorded.exchanges).map((e) => e.caseId));
      const subset = path.join(os.tmpdir(), `quire-eval-subset-${process.pid}.json`);
      fs.writeFileSync(subset, JSON.stringify({ ...set, cases: set.cases.filter((c) => ids.has(c.id)) }));
      const file = path.join(os.tmpdir(), `quire-recording-${process.pid}.json`);
      fs.rmSync(file, { force: true });
      const recordEnv = {
        ...env(),
        AGENT: 'openai',
        OPENAI_BASE_URL: upstream.baseUrl,
        OPENAI_MODEL: recorded.model,
      };
      const made = await run(process.execPath, [QUIRE, 'agent', 'eval', '--set', subset, '--record', file], {
        env: recordEnv,
      });
      assert.match(made.stderr, new RegExp(`recorded ${ids.size} exchanges`));
      const written = checkRecording(JSON.parse(fs.readFileSync(file, 'utf8')));
      assert.deepEqual(Object.keys(written.exchanges).sort(), Object.keys(recorded.exchanges).sort());
      assert.deepEqual(
        Object.values(written.exchanges)
          .map((e) => e.caseId)
          .sort(),
        [...ids].sort(),
      );
      const replayed = await run(process.execPath, [QUIRE, 'agent', 'eval', '--replay', file, '--json'], {
        env: env(),
      });
      const summary = JSON.parse(replayed.stdout.trim().split('\n').at(-1)!);
      assert.equal(summary.cases, ids.size);
      assert.equal(summary.passRate, 1);
      assert.ok(summary.total.inputTokens > 0);
    } finally {
      await upstream.close();
    }
  });
});
