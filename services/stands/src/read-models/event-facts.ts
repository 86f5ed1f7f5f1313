import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TJobPayload } from '@flohmarkt/contracts';
import { EventsClient } from '../peers/events-client.js';
import type { EventFacts } from '../stands/stand-access.js';
import { EventFactsEntity } from './event-facts.entity.js';
import { TOMBSTONE_VERSION, isId } from './tombstone.js';

/** What stand rules and reads know of an event: its access facts, coordinates and dates. */
export interface KnownEvent extends EventFacts {
  id: string;
  latitude: string | null;
  longitude: string | null;
  startDateTime: string;
  endDateTime: string;
}

/**
 * The events stand reads need, from the stands service's own copy (kept by the events service's
 * EventFactsChanged and EventDeleted messages), so a stand page answers while the events service
 * is down.
 *
 * A message may come twice or after a newer one (retries, several relays): it is applied only
 * when its version is newer than the stored one, in one conditional upsert, so any order of
 * delivery ends in the state of the newest message. A deletion is stored as a tombstone with the
 * highest version: facts that arrive after it change nothing.
 */
@Injectable()
export class EventFactsReadModel {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsClient,
  ) {}

  /** Answers whether the message changed the read model (false: older, repeated, or malformed). */
  async apply(m: TJobPayload<'EventFactsChanged'>): Promise<boolean> {
    if (!isId(m.eventId) || !isId(m.organizerId)) return false;
    const applied = (await this.dataSource.query(
      `INSERT INTO ${this.table()} AS f
         ("event_id", "organizer_id", "latitude", "longitude", "start_date_time", "end_date_time", "allow_stand_registration", "version")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ("event_id") DO UPDATE SET
         "organizer_id" = excluded."organizer_id", "latitude" = excluded."latitude", "longitude" = excluded."longitude",
         "start_date_time" = excluded."start_date_time", "end_date_time" = excluded."end_date_time",
         "allow_stand_registration" = excluded."allow_stand_registration", "version" = excluded."version"
       WHERE f."version" < excluded."version"
       RETURNING 1`,
      [m.eventId, m.organizerId, m.latitude, m.longitude, m.startDateTime, m.endDateTime, m.allowStandRegistration, m.version],
    )) as unknown[];
    return applied.length > 0;
  }

  /** EventDeleted: the tombstone. Idempotent. */
  async forget(eventId: string): Promise<void> {
    if (!isId(eventId)) return;
    await this.dataSource.query(
      `INSERT INTO ${this.table()} AS f ("event_id", "deleted", "version") VALUES ($1, true, $2)
       ON CONFLICT ("event_id") DO UPDATE SET "deleted" = true, "version" = excluded."version"`,
      [eventId, TOMBSTONE_VERSION],
    );
  }

  /**
   * The event, or null when it does not exist (any more). An event the copy has not heard of yet
   * (created a moment ago, or the relay is behind) is asked of the events service, which knows.
   */
  async find(eventId: string): Promise<KnownEvent | null> {
    if (!isId(eventId)) return null;
    const row = await this.dataSource.getRepository(EventFactsEntity).findOneBy({ eventId });
    if (!row) return this.events.find(eventId);
    return row.deleted ? null : toKnownEvent(row);
  }

  private table(): string {
    return `"${this.dataSource.driver.schema ?? 'public'}"."event_facts"`;
  }
}

function toKnownEvent(row: EventFactsEntity): KnownEvent | null {
  // A tombstone carries no facts; a row with facts always has them all (one message writes them together).
  if (row.organizerId === null || row.startDateTime === null || row.endDateTime === null || row.allowStandRegistration === null) return null;
  return {
    id: row.eventId,
    organizerId: row.organizerId,
    allowStandRegistration: row.allowStandRegistration,
    latitude: row.latitude,
    longitude: row.longitude,
    startDateTime: row.startDateTime.toISOString(),
    endDateTime: row.endDateTime.toISOString(),
  };
}
