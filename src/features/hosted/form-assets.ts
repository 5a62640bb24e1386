import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The ALTCHA widget (the `altcha` package's browser build), served by Quire itself at
 * `/p/_quire/altcha-<version>.js`: a page with a proof-of-work form loads nothing from a third party.
 * The widget adds one constant stylesheet to the page, which the page's CSP allows by hash; it
 * solves through the form script's main-thread solver (render-page.ts), so no worker is allowed.
 */
const require = createRequire(import.meta.url);
// The package exports no package.json: its root is two folders above its CommonJS build.
const packageDir = path.resolve(path.dirname(require.resolve('altcha')), '../..');
const version = (
  JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version;

export const ALTCHA_SCRIPT_PATH = `/p/_quire/altcha-${version}.js`;

let script: Buffer | null = null;
export function altchaScript(): Buffer {
  script ??= fs.readFileSync(path.join(packageDir, 'dist/main/altcha.umd.min.cjs'));
  return script;
}

let styleHash: string | null = null;
/** The CSP source of the stylesheet the widget injects: its text is a constant of the build. */
export function altchaStyleHash(): string {
  if (styleHash !== null) return styleHash;
  const source = fs.readFileSync(path.join(packageDir, 'dist/main/altcha.js'), 'utf8');
  const literal = /\nconst css = ('(?:[^'\\\n]|\\.)*');\n/.exec(source)?.[1];
  // The literal is evaluated alone, in an empty context: it is a string constant of a package file.
  // The bound is generous: making the context takes longer than 100 ms on a loaded machine (a
  // first form page then failed with a 500); a string constant evaluates in microseconds.
  const css = literal === undefined ? '' : String(vm.runInNewContext(literal, {}, { timeout: 5000 }));
  styleHash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
  return styleHash;
}
