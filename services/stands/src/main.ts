import { loadConfig, migrate, startService } from '@flohmarkt/server-kit';
import { AppModule } from './app.module.js';
import { ZStandsEnv } from './config.js';
import { standsDatabase } from './database.js';

const config = loadConfig(ZStandsEnv);
if (config.RUN_MIGRATIONS) await migrate(standsDatabase(config));
await startService({ name: 'stands', module: AppModule.forRoot(config), config });
