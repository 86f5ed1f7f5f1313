import { defineConfig } from 'vitest/config';
import { projectTestConfig } from '../vitest.shared.ts';

// One file at a time: the files start whole stacks, and the fault tests stop and start processes.
export default defineConfig(
  projectTestConfig('@flohmarkt/e2e', {
    include: ['src/**/*.e2e-spec.ts'],
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 180000,
  }),
);
