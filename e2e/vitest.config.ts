import { defineConfig } from 'vitest/config';
import { projectTestConfig } from '../vitest.shared.ts';

// One file at a time: the files start whole stacks, and the fault tests stop and start processes.
// Two files side by side (each with a stack of its own) took the e2e step from 1411 s to ~1000 s on two
// cores, but left no core idle: a route plan then ran past its deadline (503) and a photo edit was refused (400).
export default defineConfig(
  projectTestConfig('@flohmarkt/e2e', {
    include: ['src/**/*.e2e-spec.ts'],
    fileParallelism: false,
    // Each file from fresh modules, as Vitest does by default (vitest.shared.ts shares them for the unit projects).
    isolate: true,
    testTimeout: 60000,
    hookTimeout: 180000,
  }),
);
