/** Applies pending migrations and exits: the Kubernetes/compose migration step. */
import { loadConfig, migrate } from '@flohmarkt/server-kit';
import { ZMediaEnv } from './config.js';
import { mediaDatabase } from './database.js';

const applied = await migrate(mediaDatabase(loadConfig(ZMediaEnv)));
process.stdout.write(`${JSON.stringify({ level: 'info', service: 'media', msg: 'migrated', applied })}\n`);
