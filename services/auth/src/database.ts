import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TAuthEnv } from './config.js';
import { ExhibitorFiguresEntity } from './read-models/exhibitor-figures.entity.js';
import { CreateUsersAndProfiles1763700000000 } from './migrations/1763700000000-CreateUsersAndProfiles.js';
import { CreateOutbox1763700000001 } from './migrations/1763700000001-CreateOutbox.js';
import { LinkUsersByProviderIdentity1763700000002 } from './migrations/1763700000002-LinkUsersByProviderIdentity.js';
import { AnnounceUserProfiles1763700000020 } from './migrations/1763700000020-AnnounceUserProfiles.js';
import { ExhibitorFigures1763700000030 } from './migrations/1763700000030-ExhibitorFigures.js';
import { AnnounceUserEmails1763700000040 } from './migrations/1763700000040-AnnounceUserEmails.js';
import { CreateFavourites1763700000060 } from './migrations/1763700000060-CreateFavourites.js';
import { ProfileVisibility1763700000070 } from './migrations/1763700000070-ProfileVisibility.js';
import { ExhibitorProfileEntity } from './profiles/exhibitor-profile.entity.js';
import { UserEntity } from './users/user.entity.js';

export const AUTH_ENTITIES = [UserEntity, ExhibitorProfileEntity, OutboxMessageEntity, ExhibitorFiguresEntity];
export const AUTH_MIGRATIONS = [
  CreateUsersAndProfiles1763700000000,
  CreateOutbox1763700000001,
  LinkUsersByProviderIdentity1763700000002,
  AnnounceUserProfiles1763700000020,
  ExhibitorFigures1763700000030,
  AnnounceUserEmails1763700000040,
  CreateFavourites1763700000060,
  ProfileVisibility1763700000070,
];

export function authDatabase(config: TAuthEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS };
}
