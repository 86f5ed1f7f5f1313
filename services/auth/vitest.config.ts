import { defineConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.ts';

// Integration specs create and migrate a fresh PostgreSQL database each.
export default defineConfig(projectTestConfig('@flohmarkt/auth', { testTimeout: 30_000, hookTimeout: 60_000 }));
