import 'reflect-metadata';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TEventsEnv } from './config.js';
import { EventEntity } from './events/event.entity.js';
import { Baseline1764800100000 } from './migrations/1764800100000-Baseline.js';
import { EventSeries1764900600000 } from './migrations/1764900600000-EventSeries.js';
import { MarketTeam1764901100000 } from './migrations/1764901100000-MarketTeam.js';
import { TeamNames1764901150000 } from './migrations/1764901150000-TeamNames.js';
import { TeamRemovals1764901200000 } from './migrations/1764901200000-TeamRemovals.js';
import { TeamInviteEntity } from './team/team-invite.entity.js';
import { TeamMemberEntity } from './team/team-member.entity.js';
import { TeamRemovalEntity } from './team/team-removal.entity.js';

export const EVENTS_ENTITIES = [EventEntity, TeamInviteEntity, TeamMemberEntity, TeamRemovalEntity, OutboxMessageEntity];
export const EVENTS_MIGRATIONS = [Baseline1764800100000, EventSeries1764900600000, MarketTeam1764901100000, TeamNames1764901150000, TeamRemovals1764901200000];

export function eventsDatabase(config: TEventsEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS };
}
