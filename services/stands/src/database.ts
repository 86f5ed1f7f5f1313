import 'reflect-metadata';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TStandsEnv } from './config.js';
import { CreateStandsAndReviews1763700200000 } from './migrations/1763700200000-CreateStandsAndReviews.js';
import { CreateOutbox1763700200001 } from './migrations/1763700200001-CreateOutbox.js';
import { ReviewRules1763700200002 } from './migrations/1763700200002-ReviewRules.js';
import { StandPhotoError1763700200003 } from './migrations/1763700200003-StandPhotoError.js';
import { AnnounceApprovedCounts1763700200010 } from './migrations/1763700200010-AnnounceApprovedCounts.js';
import { PeerReadModels1763700200020 } from './migrations/1763700200020-PeerReadModels.js';
import { AnnounceExhibitorStats1763700200025 } from './migrations/1763700200025-AnnounceExhibitorStats.js';
import { PhotoStates1763700200030 } from './migrations/1763700200030-PhotoStates.js';
import { EventFactsForNotices1763700200033 } from './migrations/1763700200033-EventFactsForNotices.js';
import { StandSelfService1763700200060 } from './migrations/1763700200060-StandSelfService.js';
import { StandNotices1763700200090 } from './migrations/1763700200090-StandNotices.js';
import { PhotoLists1763700200100 } from './migrations/1763700200100-PhotoLists.js';
import { StandCapacity1763700200110 } from './migrations/1763700200110-StandCapacity.js';
import { StandNumbers1763700200120 } from './migrations/1763700200120-StandNumbers.js';
import { StandPrivacy1763700200130 } from './migrations/1763700200130-StandPrivacy.js';
import { StandLiveStates1763700200140 } from './migrations/1763700200140-StandLiveStates.js';
import { StandStreets1763700200150 } from './migrations/1763700200150-StandStreets.js';
import { UserProfileVisibility1763700200160 } from './migrations/1763700200160-UserProfileVisibility.js';
import { StandStreetAnnouncements1763700200170 } from './migrations/1763700200170-StandStreetAnnouncements.js';
import { MailConsent1763700200190 } from './migrations/1763700200190-MailConsent.js';
import { AnnounceOrganiserCounts1763700200205 } from './migrations/1763700200205-AnnounceOrganiserCounts.js';
import { IdempotentRequests1763700200210 } from './migrations/1763700200210-IdempotentRequests.js';
import { EventFactsEntity } from './read-models/event-facts.entity.js';
import { PhotoListsEntity } from './read-models/photo-lists.entity.js';
import { PhotoStatesEntity } from './read-models/photo-states.entity.js';
import { UserNamesEntity } from './read-models/user-names.entity.js';
import { ReviewEntity } from './reviews/review.entity.js';
import { ApprovedCountVersionEntity } from './stands/approved-count-version.entity.js';
import { ExhibitorStatsVersionEntity } from './stands/exhibitor-stats-version.entity.js';
import { StandEntity } from './stands/stand.entity.js';

export const STANDS_ENTITIES = [
  StandEntity,
  ReviewEntity,
  OutboxMessageEntity,
  ApprovedCountVersionEntity,
  EventFactsEntity,
  UserNamesEntity,
  ExhibitorStatsVersionEntity,
  PhotoStatesEntity,
  PhotoListsEntity,
];
export const STANDS_MIGRATIONS = [
  CreateStandsAndReviews1763700200000,
  CreateOutbox1763700200001,
  ReviewRules1763700200002,
  StandPhotoError1763700200003,
  AnnounceApprovedCounts1763700200010,
  PeerReadModels1763700200020,
  AnnounceExhibitorStats1763700200025,
  PhotoStates1763700200030,
  EventFactsForNotices1763700200033,
  StandSelfService1763700200060,
  StandNotices1763700200090,
  PhotoLists1763700200100,
  StandCapacity1763700200110,
  StandNumbers1763700200120,
  StandPrivacy1763700200130,
  StandLiveStates1763700200140,
  StandStreets1763700200150,
  UserProfileVisibility1763700200160,
  StandStreetAnnouncements1763700200170,
  MailConsent1763700200190,
  AnnounceOrganiserCounts1763700200205,
  IdempotentRequests1763700200210,
];

export function standsDatabase(config: Pick<TStandsEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: STANDS_ENTITIES, migrations: STANDS_MIGRATIONS };
}
