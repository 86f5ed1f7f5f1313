/** Applies pending migrations and exits: the Kubernetes/compose migration step. */
import { loadConfig, migrate } from '@flohmarkt/server-kit';
import { ZEventsEnv } from './config.js';
import { eventsDatabase } from './database.js';

const applied = await migrate(eventsDatabase(loadConfig(ZEventsEnv)));
process.stdout.write(`${JSON.stringify({ level: 'info', service: 'events', msg: 'migrated', applied })}\n`);
