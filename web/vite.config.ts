import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Everything the gateway serves on the same origin in production. */
const gateway = { target: 'http://localhost:8080', changeOrigin: false, xfwd: true };

export default defineConfig({
  root,
  plugins: [react(), precompress()],
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
  },
  server: {
    proxy: {
      '/api': gateway,
      '/oidc': gateway,
      '/tiles': gateway,
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}', 'build/**/*.spec.ts'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // The JSON report feeds the "N passed, N failed" total of `npm test`.
    reporters: ['default', 'json'],
    outputFile: { json: fileURLToPath(new URL('../test-results/@flohmarkt/web.json', import.meta.url)) },
  },
});
