import 'reflect-metadata';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TMediaEnv } from './config.js';
import { Baseline1764800300000 } from './migrations/1764800300000-Baseline.js';
import { ItemPhotos1764900750000 } from './migrations/1764900750000-ItemPhotos.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { StandPhotoListEntity } from './photos/stand-photo-list.entity.js';

export const MEDIA_ENTITIES = [PhotoEntity, StandPhotoListEntity, OutboxMessageEntity];
export const MEDIA_MIGRATIONS = [Baseline1764800300000, ItemPhotos1764900750000];

export function mediaDatabase(config: Pick<TMediaEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS };
}
