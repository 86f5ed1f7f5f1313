import 'reflect-metadata';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TEventsEnv } from './config.js';
import { EventEntity } from './events/event.entity.js';
import { CreateEvents1763700100000 } from './migrations/1763700100000-CreateEvents.js';
import { CreateOutbox1763700100001 } from './migrations/1763700100001-CreateOutbox.js';
import { EventListIndexes1763700100002 } from './migrations/1763700100002-EventListIndexes.js';
import { EventGeoCellIndex1763700100003 } from './migrations/1763700100003-EventGeoCellIndex.js';
import { EventApprovedStands1763700100010 } from './migrations/1763700100010-EventApprovedStands.js';
import { AnnounceEventFacts1763700100020 } from './migrations/1763700100020-AnnounceEventFacts.js';
import { EventCancelAndRegistrationRules1763700100030 } from './migrations/1763700100030-EventCancelAndRegistrationRules.js';
import { ReannounceEventFacts1763700100031 } from './migrations/1763700100031-ReannounceEventFacts.js';
import { EventMaxStands1763700100040 } from './migrations/1763700100040-EventMaxStands.js';
import { EventTakenPlaces1763700100050 } from './migrations/1763700100050-EventTakenPlaces.js';
import { EventMapCells1763700100060 } from './migrations/1763700100060-EventMapCells.js';
import { EventMapCellsRowIndex1763700100061 } from './migrations/1763700100061-EventMapCellsRowIndex.js';
import { EventMapCellOfEvent1763700100062 } from './migrations/1763700100062-EventMapCellOfEvent.js';
import { EventAddresses1763700100070 } from './migrations/1763700100070-EventAddresses.js';
import { StreetsTriggerCost1763700100071 } from './migrations/1763700100071-StreetsTriggerCost.js';
import { StandStreets1763700100080 } from './migrations/1763700100080-StandStreets.js';
import { ForgetDisagreeingAddresses1763700100090 } from './migrations/1763700100090-ForgetDisagreeingAddresses.js';
import { EventOrganiserCounts1763700100110 } from './migrations/1763700100110-EventOrganiserCounts.js';
import { IdempotentRequests1763700100120 } from './migrations/1763700100120-IdempotentRequests.js';

export const EVENTS_ENTITIES = [EventEntity, OutboxMessageEntity];
export const EVENTS_MIGRATIONS = [
  CreateEvents1763700100000,
  CreateOutbox1763700100001,
  EventListIndexes1763700100002,
  EventGeoCellIndex1763700100003,
  EventApprovedStands1763700100010,
  AnnounceEventFacts1763700100020,
  EventCancelAndRegistrationRules1763700100030,
  ReannounceEventFacts1763700100031,
  EventMaxStands1763700100040,
  EventTakenPlaces1763700100050,
  EventMapCells1763700100060,
  EventMapCellsRowIndex1763700100061,
  EventMapCellOfEvent1763700100062,
  EventAddresses1763700100070,
  StreetsTriggerCost1763700100071,
  StandStreets1763700100080,
  ForgetDisagreeingAddresses1763700100090,
  EventOrganiserCounts1763700100110,
  IdempotentRequests1763700100120,
];

export function eventsDatabase(config: TEventsEnv): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS };
}
