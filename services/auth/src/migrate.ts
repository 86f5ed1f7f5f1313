/** Applies pending migrations and exits: the Kubernetes/compose migration step. */
import { loadConfig, migrate } from '@flohmarkt/server-kit';
import { ZAuthEnv } from './config.js';
import { authDatabase } from './database.js';

const applied = await migrate(authDatabase(loadConfig(ZAuthEnv)));
process.stdout.write(`${JSON.stringify({ level: 'info', service: 'auth', msg: 'migrated', applied })}\n`);
