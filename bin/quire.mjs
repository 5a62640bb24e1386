#!/usr/bin/env node
// The `quire` command for operators and development: it runs the TypeScript sources through
// tsx's loader, so there is no build step to forget. `npm start` runs the bundled build
// (dist/quire.mjs, made by `npm run build`), which starts faster and uses about 45 MB less memory.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
