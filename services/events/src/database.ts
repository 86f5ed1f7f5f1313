import 'reflect-metadata';
import type { ServiceDatabase } from '@flohmarkt/server-kit';
import type { TEventsEnv } from './config.js';
import { EventEntity } from './events/event.entity.js';
import { CreateEvents1763700100000 } from './migrations/1763700100000-CreateEvents.js';

export const EVENTS_ENTITIES = [EventEntity];
export const EVENTS_MIGRATIONS = [CreateEvents1763700100000];

export function eventsDatabase(config: TEventsEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS };
}
