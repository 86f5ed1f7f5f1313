import 'reflect-metadata';
import { OutboxMessageEntity, type ServiceDatabase } from '@flohmarkt/server-kit';
import type { TStandsEnv } from './config.js';
import { Baseline1764800200000 } from './migrations/1764800200000-Baseline.js';
import { StandAddresses1764900200000 } from './migrations/1764900200000-StandAddresses.js';
import { StandAddressStreets1764900300000 } from './migrations/1764900300000-StandAddressStreets.js';
import { Reminders1764900400000 } from './migrations/1764900400000-Reminders.js';
import { FollowsAndAlerts1764900500000 } from './migrations/1764900500000-FollowsAndAlerts.js';
import { SeriesAndInvitations1764900600000 } from './migrations/1764900600000-SeriesAndInvitations.js';
import { Items1764900700000 } from './migrations/1764900700000-Items.js';
import { SearchWords1764900800000 } from './migrations/1764900800000-SearchWords.js';
import { Holds1764900900000 } from './migrations/1764900900000-Holds.js';
import { ItemSearchOrder1764900950000 } from './migrations/1764900950000-ItemSearchOrder.js';
import { WishAlerts1764901000000 } from './migrations/1764901000000-WishAlerts.js';
import { MarketDay1764901100000 } from './migrations/1764901100000-MarketDay.js';
import { ConfirmationTokens1764901160000 } from './migrations/1764901160000-ConfirmationTokens.js';
import { StandSearchVector1764901200000 } from './migrations/1764901200000-StandSearchVector.js';
import { SearchWordEndings1764901300000 } from './migrations/1764901300000-SearchWordEndings.js';
import { GuestRegistrationConfirmations1764901400000 } from './migrations/1764901400000-GuestRegistrationConfirmations.js';
import { HoldRequestsTold1764901500000 } from './migrations/1764901500000-HoldRequestsTold.js';
import { AddressConfirmations1764901600000 } from './migrations/1764901600000-AddressConfirmations.js';
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
  Baseline1764800200000,
  StandAddresses1764900200000,
  StandAddressStreets1764900300000,
  Reminders1764900400000,
  FollowsAndAlerts1764900500000,
  SeriesAndInvitations1764900600000,
  Items1764900700000,
  SearchWords1764900800000,
  Holds1764900900000,
  ItemSearchOrder1764900950000,
  WishAlerts1764901000000,
  MarketDay1764901100000,
  ConfirmationTokens1764901160000,
  StandSearchVector1764901200000,
  SearchWordEndings1764901300000,
  GuestRegistrationConfirmations1764901400000,
  HoldRequestsTold1764901500000,
  AddressConfirmations1764901600000,
];

export function standsDatabase(config: Pick<TStandsEnv, 'DATABASE_URL' | 'DATABASE_SCHEMA'>): ServiceDatabase {
  return { url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: STANDS_ENTITIES, migrations: STANDS_MIGRATIONS };
}
