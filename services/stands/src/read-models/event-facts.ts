import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { RECONFIRMATION_OFF, isId, type TEventStatus, type TJobPayload, type TReconfirmation } from '@flohmarkt/contracts';
import { EventsClient } from '../peers/events-client.js';
import type { EventFacts } from '../stands/stand-access.js';
import { EventFactsEntity } from './event-facts.entity.js';
import { TOMBSTONE_VERSION } from '@flohmarkt/server-kit';

/** What stand rules, reads and notices know of an event: its access facts, place, dates and state. */
export interface KnownEvent extends EventFacts {
  id: string;
  name: string;
  location: string;
  latitude: string | null;
  longitude: string | null;
  startDateTime: string;
  endDateTime: string;
  status: TEventStatus;
  cancelReason: string | null;
  /** ISO date-time, or null: registration stays open until the event ends. */
  registrationDeadline: string | null;
  notifyOnRegistration: boolean;
  /** The cap on approved plus pending stands; null or absent: none (the events service's answer may leave it out). */
  maxStands?: number | null;
  /** "Bist du dabei?" before the day (issue 36). */
  reconfirmation: TReconfirmation;
}

/**
 * A newer EventFactsChanged applied: the event as the read model knew it before (null: never
 * heard of, or known only as facts without a row) and as it is now. Whoever tells people about a
 * cancelled or moved event compares the two.
 */
export interface EventFactsChange {
  previous: KnownEvent | null;
  current: KnownEvent;
}

/** Work done in the transaction that applied a change, so it commits with it or not at all (e.g. mails into the outbox). */
export type OnEventFactsChange = (change: EventFactsChange, manager: EntityManager) => Promise<void>;

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

  /**
   * Applies the message when its version is newer than the stored one and answers the change, or
   * null when it changed nothing (older, repeated, malformed, or the event is deleted).
   *
   * One transaction: a placeholder row (version 0, no facts) makes sure a row exists, so the
   * SELECT ... FOR UPDATE that reads the previous facts holds the row's lock even for a brand-new
   * event; concurrent messages about one event are applied one after the other, and each sees the
   * facts the one before it left. `then` runs in the same transaction (see OnEventFactsChange).
   */
  async apply(m: TJobPayload<'EventFactsChanged'>, then?: OnEventFactsChange): Promise<EventFactsChange | null> {
    if (!isId(m.eventId) || !isId(m.organizerId)) return null;
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO "event_facts" ("event_id", "version") VALUES ($1, 0) ON CONFLICT ("event_id") DO NOTHING`, [m.eventId]);
      const facts = manager.getRepository(EventFactsEntity);
      const before = await facts.findOneOrFail({ where: { eventId: m.eventId }, lock: { mode: 'pessimistic_write' } });
      // TypeORM answers an UPDATE ... RETURNING run through query() as [rows, count].
      const [updated] = (await manager.query(
        `UPDATE "event_facts" SET
           "organizer_id" = $2, "latitude" = $3, "longitude" = $4, "start_date_time" = $5, "end_date_time" = $6,
           "allow_stand_registration" = $7, "name" = $8, "location" = $9, "status" = $10, "cancel_reason" = $11,
           "registration_deadline" = $12, "notify_on_registration" = $13, "max_stands" = $15, "series_id" = $16,
           "copied_from_id" = $17, "team" = $18::jsonb, "reconfirmation" = $19::jsonb, "version" = $14
         WHERE "event_id" = $1 AND "version" < $14
         RETURNING "event_id"`,
        [
          m.eventId,
          m.organizerId,
          m.latitude,
          m.longitude,
          m.startDateTime,
          m.endDateTime,
          m.allowStandRegistration,
          m.name,
          m.location,
          m.status,
          m.cancelReason,
          m.registrationDeadline,
          m.notifyOnRegistration,
          m.version,
          m.maxStands ?? null,
          m.seriesId ?? null,
          m.copiedFromId ?? null,
          JSON.stringify(m.team),
          JSON.stringify(m.reconfirmation),
        ],
      )) as [{ event_id: string }[], number];
      const current = updated?.length ? toKnownEvent(await facts.findOneByOrFail({ eventId: m.eventId })) : null;
      if (!current) return null;
      const change = { previous: before.deleted ? null : toKnownEvent(before), current };
      if (then) await then(change, manager);
      return change;
    });
  }

  /** EventDeleted: the tombstone. Idempotent. */
  async forget(eventId: string): Promise<void> {
    if (!isId(eventId)) return;
    await this.dataSource.query(
      `INSERT INTO "event_facts" AS f ("event_id", "deleted", "version") VALUES ($1, true, $2)
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
    if (!row) {
      const event = await this.events.find(eventId);
      return event && { ...event, reconfirmation: event.reconfirmation ?? RECONFIRMATION_OFF };
    }
    return row.deleted ? null : toKnownEvent(row);
  }

  /**
   * The events of a list at once, by id (unknown and deleted ones left out): one read of the copy,
   * and `find` only for an event it has not heard of yet; one the events service cannot tell of now
   * is left out too, the others stay. A list of stands across many markets (a seller's) costs one
   * statement, not one per market.
   */
  async findMany(eventIds: string[]): Promise<Map<string, KnownEvent>> {
    const ids = [...new Set(eventIds.filter(isId).map((id) => id.toLowerCase()))];
    const found = new Map<string, KnownEvent>();
    if (ids.length === 0) return found;
    const rows = await this.dataSource.getRepository(EventFactsEntity).findBy({ eventId: In(ids) });
    for (const row of rows) {
      const known = row.deleted ? null : toKnownEvent(row);
      if (known) found.set(row.eventId, known);
    }
    const heardOf = new Set(rows.map((row) => row.eventId));
    await Promise.all(
      ids
        .filter((id) => !heardOf.has(id))
        .map(async (id) => {
          const event = await this.find(id).catch(() => null);
          if (event) found.set(id, event);
        }),
    );
    return found;
  }
}

/** The row's facts; null for a tombstone or a placeholder. */
export function toKnownEvent(row: EventFactsEntity): KnownEvent | null {
  // A tombstone or placeholder carries no facts; a row with facts always has them all (one message writes them together).
  if (row.organizerId === null || row.startDateTime === null || row.endDateTime === null || row.allowStandRegistration === null) return null;
  return {
    id: row.eventId,
    organizerId: row.organizerId,
    allowStandRegistration: row.allowStandRegistration,
    name: row.name ?? '',
    location: row.location ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    startDateTime: row.startDateTime.toISOString(),
    endDateTime: row.endDateTime.toISOString(),
    status: row.status,
    cancelReason: row.cancelReason,
    registrationDeadline: row.registrationDeadline?.toISOString() ?? null,
    notifyOnRegistration: row.notifyOnRegistration,
    maxStands: row.maxStands,
    team: row.team,
    reconfirmation: row.reconfirmation,
  };
}
