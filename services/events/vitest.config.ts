import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.spec.ts', 'src/**/*.integration-spec.ts'],
    // Integration specs create and migrate a fresh PostgreSQL database each.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
