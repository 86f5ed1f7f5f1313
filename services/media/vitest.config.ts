import { defineConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.ts';

// Integration specs create and migrate a fresh PostgreSQL database each, and the photo spec starts
// the built service and worker (it needs `npm run build` first; nx runs it before `test`).
export default defineConfig(projectTestConfig('@flohmarkt/media', { testTimeout: 30_000, hookTimeout: 90_000 }));
