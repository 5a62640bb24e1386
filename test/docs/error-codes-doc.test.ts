import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { CONVENTIONS_FILE, withCurrentErrorCodes } from '../../scripts/error-codes-doc.js';
import { ERROR_CODES, FIELD_ERROR_CODES } from '../../src/errors.js';

it('docs/api-conventions.md lists exactly the error codes of src/errors.ts', () => {
  const page = fs.readFileSync(CONVENTIONS_FILE, 'utf8');
  assert.equal(
    page,
    withCurrentErrorCodes(page),
    'the error codes are stale: run `npm run openapi` and commit',
  );
});

it('every listed code is sent by some code path, so the list holds no dead entries', () => {
  const sources = fs
    .readdirSync('src', { recursive: true })
    .map((f) => `src/${String(f)}`)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    // The list itself and the modules that only describe it do not send anything.
    .filter((f) => !['src/errors.ts', 'src/http/problem.ts', 'src/http/openapi-errors.ts'].includes(f))
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  for (const code of [...Object.keys(ERROR_CODES), ...Object.keys(FIELD_ERROR_CODES)])
    assert.ok(sources.includes(`'${code}'`), `${code} is listed in src/errors.ts but nothing sends it`);
});
