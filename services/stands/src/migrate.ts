/** Applies pending migrations and exits: the Kubernetes/compose migration step. */
import { loadConfig, migrate } from '@flohmarkt/server-kit';
import { ZStandsEnv } from './config.js';
import { standsDatabase } from './database.js';

const applied = await migrate(standsDatabase(loadConfig(ZStandsEnv)));
process.stdout.write(`${JSON.stringify({ level: 'info', service: 'stands', msg: 'migrated', applied })}\n`);
