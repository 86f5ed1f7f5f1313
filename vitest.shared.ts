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
      // The files of a worker share one module graph instead of loading NestJS, TypeORM and the rest again
      // for each file: the stands project's 68 files took 83 s instead of 207 s, 83 s of which had been imports.
      // These projects mock no modules and set no globals; each file builds its own app and database and closes
      // them (they also pass with their files in a shuffled order). A project that needs fresh modules per file
      // says `isolate: true`, as the e2e one does.
      isolate: false,
      ...test,
    },
  };
}
