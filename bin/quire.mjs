#!/usr/bin/env node
// The `quire` command. Quire runs its TypeScript sources directly through tsx's loader:
// there is no build step to forget, and the code that runs is the code in src/.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
