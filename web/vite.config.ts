import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { embedBudget } from './build/embed-budget.ts';
import { embedDevPages } from './build/embed-dev-pages.ts';
import { precompress } from './build/precompress.ts';
import { routeHints } from './build/route-hints.ts';
import { offlinePwa } from './build/pwa.ts';
import { pageChunks } from './build/page-chunks.ts';
import { zodFreeCalls } from './build/zod-free-calls.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Everything the gateway serves on the same origin in production. */
const gateway = { target: 'http://localhost:8080', changeOrigin: false, xfwd: true };

export default defineConfig({
  root,
  // offlinePwa: the web app manifest and the service worker of the offline event page (issue 19).
  // zodFreeCalls: the call declarations without their schemas, so the first paint loads no zod.
  plugins: [zodFreeCalls(), react(), precompress(), offlinePwa(), embedBudget(), embedDevPages(), routeHints()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build: they would publish the whole source (the gateway refuses *.map too).
    sourcemap: false,
    // Never data: URLs: the Content-Security-Policy allows images from 'self'.
    assetsInlineLimit: 0,
    // Two pages: the app, and the framed map other sites embed (/embed/..., served by the gateway from
    // embed.html), its own small entry without the app's shell; embedBudget() holds it under 60 kB gzipped.
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), embed: fileURLToPath(new URL('./embed.html', import.meta.url)) },
      // The small modules lazy pages share travel as one chunk, not one request each (build/page-chunks.ts).
      output: { codeSplitting: pageChunks(root) },
    },
  },
  server: {
    proxy: {
      '/api': gateway,
      '/oidc': gateway,
      '/tiles': gateway,
    },
  },
  test: {
    // jsdom for the components and screens. A file that needs no DOM says `// @vitest-environment node` at
    // its top (src/testing/setup.ts then skips Testing Library): setting up jsdom was a third of the run's
    // summed time (environment 435 s of 1320 s), and such files run about twice as fast without it.
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}', 'build/**/*.spec.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Above Testing Library's 10 s wait (src/testing/setup.ts): on a loaded 2-core machine a screen that
    // settles late fails on what it shows, not on vitest's default 5 s test timeout.
    testTimeout: 20000,
    // At least two workers, also on a 2-core machine (Vitest's default there is one): the web specs are the unit
    // step's last project to finish, alone on the machine for its last minutes; there they took 144 s with two
    // workers instead of 200 s with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The JSON report feeds the "N passed, N failed" total of `npm test`.
    reporters: ['default', 'json'],
    outputFile: { json: fileURLToPath(new URL('../test-results/@flohmarkt/web.json', import.meta.url)) },
  },
});
