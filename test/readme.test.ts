import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { DIALECTS } from './harness.js';
import { envFor, quire, serve, stop } from './processes.js';

const run = promisify(execFile);

/**
 * Every curl example in the README, run against a real server: what a new user copies must work.
 * A command answers 2xx unless the comment right after it announces an error status.
 */
function readmeCurls(): { command: string; setup: string; expected: 'ok' | number }[] {
  const readme = fs.readFileSync('README.md', 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const commands: { command: string; setup: string; expected: 'ok' | number }[] = [];
  for (const block of blocks) {
    const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
    // Shell variables the block sets (A=http://...), for the commands that use them.
    const setup = lines.filter((l) => /^[A-Z]+=\S/.test(l)).join('\n');
    lines.forEach((line, i) => {
      const command = line.replace(/\s+#.*$/, '').trim();
      if (!command.startsWith('curl ')) return;
      const comment = /#\s*->\s*(\d{3})/.exec(`${line} ${lines[i + 1] ?? ''}`);
      commands.push({ command, setup, expected: comment ? Number(comment[1]) : 'ok' });
    });
  }
  return commands;
}

for (const dialect of DIALECTS) {
  describe(`README curl examples [${dialect}]`, () => {
    it('each answers as the README says, covering every resource', async () => {
      const commands = readmeCurls();
      const paths = commands.map((c) => c.command).join(' ');
      for (const resource of [
        '/v0/persons',
        '/v0/account_logs',
        '/v0/accounts',
        '/messages',
        '/v0/assets',
        '/entries',
      ]) {
        assert.ok(paths.includes(resource), `the README has a curl example for ${resource}`);
      }
      const env = envFor(dialect);
      const seed = JSON.parse((await quire(env, 'seed', 'demo', '--json')).stdout);
      const { child, base } = await serve({ ...env, WORKERS: '1' });
      try {
        const vars: Record<string, string> = { KEY: seed.apiKey };
        for (const [k, v] of Object.entries(seed)) vars[k.toUpperCase()] = String(v);
        for (const { command, setup, expected } of commands) {
          const script = `${setup}\n${command} -w '\\n%{http_code}'`.replaceAll(
            'http://127.0.0.1:3000',
            base,
          );
          const { stdout } = await run('bash', ['-c', script], { env: { ...process.env, ...vars } });
          const status = Number(stdout.trim().split('\n').pop());
          if (expected === 'ok')
            assert.ok(status >= 200 && status < 300, `${command}\n-> ${status}: ${stdout}`);
          else assert.equal(status, expected, `${command}\n-> ${stdout}`);
        }
      } finally {
        assert.equal(await stop(child), 0);
      }
    });
  });
}
