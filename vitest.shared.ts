// Shared Vitest settings: every project writes a JSON report that `npm test` adds up
// into the final "N passed, N failed" line.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

export function projectTestConfig(name: string, test: NonNullable<ViteUserConfig['test']> = {}): ViteUserConfig {
  return {
    test: {
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'src/**/*.integration-spec.ts'],
      reporters: ['default', 'json'],
      outputFile: { json: path.join(ROOT, 'test-results', `${name}.json`) },
      testTimeout: 20000,
      hookTimeout: 60000,
      ...test,
    },
  };
}
