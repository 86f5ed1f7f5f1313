import { loadConfig, migrate, startService } from '@flohmarkt/server-kit';
import { AppModule } from './app.module.js';
import { ZMediaEnv } from './config.js';
import { mediaDatabase } from './database.js';
import { uploadSlots } from './photos/upload-slots.js';

/** A data URL of the largest accepted image (10 MB decoded) is about 13.4 MB; the gateway stops bodies over 15 MB. */
const UPLOAD_BODY_LIMIT = '16mb';

const config = loadConfig(ZMediaEnv);
if (config.RUN_MIGRATIONS) await migrate(mediaDatabase(config));
await startService({ name: 'media', module: AppModule.forRoot(config), config, bodyLimit: UPLOAD_BODY_LIMIT, beforeBody: uploadSlots(config) });
