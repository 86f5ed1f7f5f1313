import 'reflect-metadata';
import type { ServiceDatabase } from '@flohmarkt/server-kit';
import type { TMediaEnv } from './config.js';
import { CreatePhotos1763700300000 } from './migrations/1763700300000-CreatePhotos.js';
import { PhotoEntity } from './photos/photo.entity.js';

export const MEDIA_ENTITIES = [PhotoEntity];
export const MEDIA_MIGRATIONS = [CreatePhotos1763700300000];

export function mediaDatabase(config: TMediaEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS };
}
