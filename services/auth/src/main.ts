import { loadConfig, migrate, startService } from '@flohmarkt/server-kit';
import { AppModule } from './app.module.js';
import { ZAuthEnv } from './config.js';
import { authDatabase } from './database.js';

const config = loadConfig(ZAuthEnv);
if (config.RUN_MIGRATIONS) await migrate(authDatabase(config));
await startService({ name: 'auth', module: AppModule.forRoot(config), config });
