import { loadConfig, migrate, startService } from '@flohmarkt/server-kit';
import { AppModule } from './app.module.js';
import { ZEventsEnv } from './config.js';
import { eventsDatabase } from './database.js';

const config = loadConfig(ZEventsEnv);
if (config.RUN_MIGRATIONS) await migrate(eventsDatabase(config));
await startService({ name: 'events', module: AppModule.forRoot(config), config });
