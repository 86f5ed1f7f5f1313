import { loadConfig, migrate, startService } from '@flohmarkt/server-kit';
import { AppModule } from './app.module.js';
import { ZMediaEnv } from './config.js';
import { mediaDatabase } from './database.js';

const config = loadConfig(ZMediaEnv);
if (config.RUN_MIGRATIONS) await migrate(mediaDatabase(config));
await startService({ name: 'media', module: AppModule.forRoot(config), config });
