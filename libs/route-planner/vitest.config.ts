import { defineConfig } from 'vitest/config';
import { projectTestConfig } from '../../vitest.shared.ts';

export default defineConfig(projectTestConfig('@flohmarkt/route-planner'));
