import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The ALTCHA widget (the `altcha` package's browser build), served by Quire itself at
 * `/p/_quire/altcha-<version>.js`: a page with a proof-of-work form loads nothing from a third party.
 * The widget adds one constant stylesheet to the page, which the page's CSP allows by hash; it
 * solves through the main-thread solver appended to it (below), so no worker is allowed.
 */
const require = createRequire(import.meta.url);
// The package exports no package.json: its root is two folders above its CommonJS build.
const packageDir = path.resolve(path.dirname(require.resolve('altcha')), '../..');
const version = (
  JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * The ALTCHA widget solves in Web Workers made from blob: URLs; a hosted page is sandboxed (an
 * opaque origin), where such a worker has no WebCrypto (crypto.subtle), so the widget's own workers
 * fail. This stands in for its SHA-256 worker: the same messages, solved on the page's own thread
 * (some 45,000 digests, about a second), yielding to the page between batches.
 */
const MAIN_THREAD_SOLVER = `function solver(){var l={},stop=false;function hex(h){var b=new Uint8Array(h.length/2);for(var i=0;i<b.length;i++)b[i]=parseInt(h.substr(i*2,2),16);return b}function toHex(b){return Array.from(b).map(function(x){return x.toString(16).padStart(2,"0")}).join("")}function post(d){(l.message||[]).forEach(function(f){f({data:d})})}return{addEventListener:function(t,f){(l[t]=l[t]||[]).push(f)},removeEventListener:function(){},terminate:function(){stop=true},postMessage:function(m){if(m.type==="abort"){stop=true;return}var p=m.challenge.parameters,salt=hex(p.salt),nonce=hex(p.nonce),prefix=hex(p.keyPrefix),len=p.keyLength||32,cost=Math.max(1,p.cost),n=m.counterStart,step=m.counterStep,t0=performance.now();var buf=new Uint8Array(salt.length+nonce.length+4);buf.set(salt,0);buf.set(nonce,salt.length);var view=new DataView(buf.buffer);async function key(c){view.setUint32(salt.length+nonce.length,c,false);var d=buf;for(var i=0;i<cost;i++)d=new Uint8Array((await crypto.subtle.digest(p.algorithm,d)).slice(0,len));return d}(async function(){while(!stop){for(var j=0;j<200&&!stop;j++,n+=step){var k=await key(n),ok=true;for(var q=0;q<prefix.length;q++)if(k[q]!==prefix[q]){ok=false;break}if(ok){post({counter:n,derivedKey:toHex(k),time:Math.floor(performance.now()-t0)});return}if(n>4294967295){post(null);return}}await new Promise(function(r){setTimeout(r,0)})}})().catch(function(e){post({error:String(e)})})}}}`;

/** Given to the widget as soon as its bundle has run, before any form asks it for a proof. */
const SOLVER_REGISTRATION = `\n;(function(){${MAIN_THREAD_SOLVER}if(window.$altcha&&$altcha.algorithms)$altcha.algorithms.set("SHA-256",solver)})();\n`;

/**
 * The file is cached for a year (immutable): its path names the package's version and a digest of
 * what Quire appends, so a new solver is a new URL.
 */
export const ALTCHA_SCRIPT_PATH = `/p/_quire/altcha-${version}-${createHash('sha256').update(SOLVER_REGISTRATION).digest('hex').slice(0, 8)}.js`;

let script: Buffer | null = null;
/** The widget's browser build with the main-thread solver after it (the pages' forms solve with it). */
export function altchaScript(): Buffer {
  script ??= Buffer.concat([
    fs.readFileSync(path.join(packageDir, 'dist/main/altcha.umd.min.cjs')),
    Buffer.from(SOLVER_REGISTRATION),
  ]);
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
