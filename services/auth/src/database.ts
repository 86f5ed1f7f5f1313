import { QueryFailedError } from 'typeorm';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TAuthEnv } from './config.js';
import { ExhibitorFiguresEntity } from './read-models/exhibitor-figures.entity.js';
import { Baseline1764800000000 } from './migrations/1764800000000-Baseline.js';
import { FavouriteReminders1764900400000 } from './migrations/1764900400000-FavouriteReminders.js';
import { ExhibitorProfileEntity } from './profiles/exhibitor-profile.entity.js';
import { UserEntity } from './users/user.entity.js';

export const AUTH_ENTITIES = [UserEntity, ExhibitorProfileEntity, OutboxMessageEntity, ExhibitorFiguresEntity];
export const AUTH_MIGRATIONS = [Baseline1764800000000, FavouriteReminders1764900400000];

export function authDatabase(config: TAuthEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS };
}

/** True for PostgreSQL's unique violation on the named constraint (a race lost against another request). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driverError = err.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === constraint;
}
