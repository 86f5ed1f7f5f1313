import { defineConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.ts';

// The integration spec starts the built worker against a real SMTP server and Redis
// (`npm run build` first; nx runs it before `test`).
export default defineConfig(projectTestConfig('@flohmarkt/mailer', { testTimeout: 30_000, hookTimeout: 60_000 }));
