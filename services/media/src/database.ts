import 'reflect-metadata';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TMediaEnv } from './config.js';
import { CreatePhotos1763700300000 } from './migrations/1763700300000-CreatePhotos.js';
import { CreateOutbox1763700300001 } from './migrations/1763700300001-CreateOutbox.js';
import { AnnouncePhotoStates1763700300010 } from './migrations/1763700300010-AnnouncePhotoStates.js';
import { StandPhotoLists1763700300020 } from './migrations/1763700300020-StandPhotoLists.js';
import { IdempotentRequests1763700300030 } from './migrations/1763700300030-IdempotentRequests.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { StandPhotoListEntity } from './photos/stand-photo-list.entity.js';

export const MEDIA_ENTITIES = [PhotoEntity, StandPhotoListEntity, OutboxMessageEntity];
export const MEDIA_MIGRATIONS = [
  CreatePhotos1763700300000,
  CreateOutbox1763700300001,
  AnnouncePhotoStates1763700300010,
  StandPhotoLists1763700300020,
  IdempotentRequests1763700300030,
];

export function mediaDatabase(config: Pick<TMediaEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: MEDIA_ENTITIES, migrations: MEDIA_MIGRATIONS };
}
