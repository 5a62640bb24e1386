// The error code tables of docs/api-conventions.md, made from src/errors.ts so the documented
// list cannot drift from the codes the server sends. `npm run openapi` rewrites them (between the
// markers); test/docs/error-codes-doc.test.ts fails when the committed page differs.
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, FIELD_ERROR_CODES } from '../src/errors.js';

export const CONVENTIONS_FILE = path.resolve('docs/api-conventions.md');
const START = '<!-- error-codes:start (generated from src/errors.ts by `npm run openapi`) -->';
const END = '<!-- error-codes:end -->';

export function errorCodesMarkdown(): string {
  const problems = Object.entries(ERROR_CODES).map(
    ([code, e]) => `| \`${code}\` | ${e.status} | ${e.title} | ${e.when} |`,
  );
  const fields = Object.entries(FIELD_ERROR_CODES).map(([code, when]) => `| \`${code}\` | ${when} |`);
  return [
    START,
    '| code | status | title | when |',
    '| --- | --- | --- | --- |',
    ...problems,
    '',
    'Codes of the items of `errors`:',
    '',
    '| code | when |',
    '| --- | --- |',
    ...fields,
    END,
  ].join('\n');
}

/** The page with its generated section replaced by the current one. */
export function withCurrentErrorCodes(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${CONVENTIONS_FILE} lacks the error-codes markers`);
  return page.slice(0, start) + errorCodesMarkdown() + page.slice(end + END.length);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  fs.writeFileSync(CONVENTIONS_FILE, withCurrentErrorCodes(fs.readFileSync(CONVENTIONS_FILE, 'utf8')));
  process.stdout.write(`wrote the error codes of ${path.relative(process.cwd(), CONVENTIONS_FILE)}\n`);
}
