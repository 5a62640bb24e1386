// Builds dist/quire.mjs, the bundle bin/quire.mjs runs (`npm run build:cli`; `npm install` runs it
// through `prepare`). Packages are bundled too: node then compiles a few files instead of resolving
// and reading thousands in node_modules, which is most of a command's start-up time. Commands that
// need the server, the worker or the agent load them on use (dynamic imports, split into chunks
// beside quire.mjs, so paths relative to import.meta.url are the same in every chunk).
import fs from 'node:fs';
import { build } from 'esbuild';

// Chunks are named by their content: a rebuild would leave the previous ones beside the new.
for (const file of fs.existsSync('dist') ? fs.readdirSync('dist') : []) {
  if (/^chunk-.*\.mjs(\.map|\.LEGAL\.txt)?$/.test(file)) fs.rmSync(`dist/${file}`);
}

await build({
  // The worker thread's module (src/worker/worker-thread.ts) is an entry of its own beside quire.mjs.
  entryPoints: { quire: 'src/cli/main.ts', 'worker-thread': 'src/worker/worker-thread.entry.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Stack traces keep their source file and line (npm start runs node --enable-source-maps) without
  // every bundled package's source in the maps: 16 MB less resident memory in a started server.
  sourcesContent: false,
  // No comments or line breaks: a started server held its chunks' text twice over (V8 keeps a
  // module's source, as two bytes a character once one comment has a non-Latin-1 letter) and a
  // line table per line. Names and syntax stay as written; licences go to chunk-*.LEGAL.txt.
  // Idle RSS of \`quire serve\`: 123 -> 116 MB (docs/performance.md, "Memory").
  minifyWhitespace: true,
  legalComments: 'external',
  logLevel: 'warning',
  external: [
    // Native modules: loaded from node_modules as built for this machine.
    '@node-rs/argon2',
    'better-sqlite3',
    'pg-native',
    // Packages that read files next to their own sources (__dirname), which a bundle moves.
    'pino',
    'thread-stream',
    'ioredis',
    '@fastify/swagger',
    // jsdom (the SVG sanitiser's DOM) reads its stylesheet next to its sources; sharp loads its
    // native binary for this machine.
    'jsdom',
    'sharp',
  ],
  // Bundled CommonJS packages call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __quireRequire } from 'node:module'; const require = __quireRequire(import.meta.url);",
  },
});
