import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeaders } from './signing.js';

/** The shell verification example of docs/events.md, as a reader would copy it. */
function documentedShellCheck(): string {
  const doc = fs.readFileSync('docs/events.md', 'utf8');
  const after = doc.slice(doc.indexOf('Shell (bash, `openssl`)'));
  const block = /```sh\n([\s\S]*?)```/.exec(after);
  assert.ok(block, 'docs/events.md has the shell example');
  return block[1]!;
}

describe('Standard Webhooks signatures', () => {
  const secret = newSigningSecret();
  const body =
    '{"type":"person.created","timestamp":"2026-11-21T10:00:00.000Z","data":{"person":{"name":"Zoë"}}}';

  it('are verified by the official library, with either secret during a rotation', () => {
    const previous = newSigningSecret();
    const headers = signatureHeaders(
      'event_01jdq8m3k4e8v9t6w5x2y1z0ab',
      body,
      [secret, previous],
      new Date(),
    );
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.deepEqual(new Webhook(previous).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(newSigningSecret()).verify(body, headers), /No matching signature/);
  });

  it('are verified by the shell example of docs/events.md', (t) => {
    const shell = documentedShellCheck();
    const run = (headers: Record<string, string>, sentBody: string) => {
      const result = spawnSync('bash', ['-c', shell], {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          QUIRE_WEBHOOK_SECRET: secret,
          WEBHOOK_ID: headers['webhook-id'],
          WEBHOOK_TIMESTAMP: headers['webhook-timestamp'],
          WEBHOOK_SIGNATURE: headers['webhook-signature'],
          BODY: sentBody,
        },
      });
      return result.stdout.trim();
    };
    if (spawnSync('openssl', ['version']).status !== 0) {
      t.skip('openssl is not installed');
      return;
    }
    const now = signatureHeaders(
      'event_01jdq8m3k4e8v9t6w5x2y1z0ab',
      body,
      [secret, newSigningSecret()],
      new Date(),
    );
    assert.equal(run(now, body), 'verified');
    assert.equal(run(now, body.replace('Zoë', 'Zoe')), 'refused', 'a changed body');
    const old = signatureHeaders(
      'event_01jdq8m3k4e8v9t6w5x2y1z0ab',
      body,
      [secret],
      new Date(Date.now() - 600_000),
    );
    assert.equal(run(old, body), 'refused', 'a timestamp ten minutes old');
  });
});
