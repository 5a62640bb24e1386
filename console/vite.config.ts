import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The operator console (docs/console.md): built by `npm run build` into dist/console, served by
 * the server at /console. Every file it loads comes from the server itself (no CDN, no font host).
 */
export default defineConfig({
  root: here,
  base: '/console/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: path.resolve(here, '../dist/console'),
    emptyOutDir: true,
    sourcemap: false,
    // One budget for the whole app: React, React Router, TanStack Query and Mantine.
    chunkSizeWarningLimit: 1024,
  },
});
