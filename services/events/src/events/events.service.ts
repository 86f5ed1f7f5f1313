import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  CANCEL_EVENT,
  COPY_EVENT,
  CREATE_EVENT,
  RECONFIRMATION_OFF,
  SCREENS,
  SERIES_MESSAGES,
  UPDATE_EVENT,
  isId,
  seriesDates,
  type TTeamFacts,
} from '@flohmarkt/contracts';
import {
  fail,
  forgetIdempotentRequestsOfUser,
  managesEvent,
  ownsEvent,
  parseCallBody,
  parseCallQuery,
  publish,
  type CallerContext,
} from '@flohmarkt/server-kit';
import { EventEntity } from './event.entity.js';
import { addressEdit, indexEventAddress, reindexEditedAddress } from '../geocode/street-index.js';
import { announceEventFacts } from './event-facts.js';
import { reconfirmationColumns, toDecimal } from './event-view.js';
import { requirePointAgreesWithLocation } from './location-agreement.js';
import { copiedDeadline, followingTimes, withinMarketYears } from '../series/following-dates.js';
import { teamFactsOf, teamFactsOfEach } from '../team/team-facts.js';

/**
 * Reads and writes of single events, with the permissions of docs/product.md#permissions and the order of
 * checks of docs/product.md#calls-and-answers: 404 → 403 → 400.
 */
@Injectable()
export class EventsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One statement (primary key). A malformed id is an unknown id: 404, never a database error. */
  async get(id: string): Promise<EventEntity> {
    const event = isId(id) ? await this.dataSource.getRepository(EventEntity).findOneBy({ id }) : null;
    if (!event) throw fail.notFound(API_ERRORS.eventNotFound);
    return event;
  }

  /** The event with its team (issue 36): what the permission rule decides by, and the internal read answers. */
  async getWithTeam(id: string): Promise<EventEntity & { team: TTeamFacts }> {
    const event = await this.get(id);
    return Object.assign(event, { team: await teamFactsOf(this.dataSource.manager, id) });
  }

  /** Bulk read for other services (one query for a whole list); unknown ids are left out. */
  async getMany(ids: string[]): Promise<EventEntity[]> {
    const valid = [...new Set(ids.filter(isId))];
    if (!valid.length) return [];
    return this.dataSource.getRepository(EventEntity).find({ where: { id: In(valid) }, order: { startDateTime: 'ASC', id: 'ASC' } });
  }

  /**
   * The caller becomes the organizer whatever the body says (organizerId is stripped with every
   * unknown field). Creating an event makes its creator an organizer: auth applies that from the
   * outbox message, written in the same transaction, so both happen or neither; the stands
   * service learns the event's facts the same way.
   */
  async create(caller: CallerContext, body: unknown): Promise<EventEntity> {
    const { locationConfirmed, series, reconfirmation, ...input } = parseCallBody(CREATE_EVENT, body);
    requirePointAgreesWithLocation(input.location, input.latitude, input.longitude, locationConfirmed);
    const first = {
      startDateTime: new Date(input.startDateTime),
      endDateTime: new Date(input.endDateTime),
      registrationDeadline: toDate(input.registrationDeadline),
    };
    // A series (issue 34): every date its own market, with the first one's fields; the deadline keeps its distance to the start.
    const worked = series ? seriesDates(input.startDateTime, input.endDateTime, series) : { dates: [input] };
    if ('error' in worked) throw fail.invalid(worked.error);
    const seriesId = series ? randomUUID() : null;
    return this.dataSource.transaction(async (manager) => {
      await publish(manager, 'OrganizerAppointed', { userId: caller.id });
      const ids: string[] = [];
      for (const date of worked.dates) {
        const startDateTime = new Date(date.startDateTime);
        const endDateTime = new Date(date.endDateTime);
        ids.push(
          await insertMarket(manager, {
            ...input,
            latitude: toDecimal(input.latitude),
            longitude: toDecimal(input.longitude),
            startDateTime,
            endDateTime,
            registrationDeadline: copiedDeadline(first, startDateTime, endDateTime),
            organizerId: caller.id,
            ...reconfirmationColumns(reconfirmation ?? RECONFIRMATION_OFF),
            seriesId,
            copiedFromId: null,
          }),
        );
      }
      return manager.findOneByOrFail(EventEntity, { id: ids[0] });
    });
  }

  /**
   * "Kopieren" (organiser or admin): a new market of the same organiser with every field of this one but the dates
   * and the status; no stands, not in the series. Its deadline keeps its distance to the start. Not a co-organiser's:
   * the copy is published in the organiser's name and tells the organiser's followers.
   */
  async copy(caller: CallerContext, id: string, body: unknown): Promise<EventEntity> {
    const source = await this.get(id);
    if (!ownsEvent(caller, source)) throw fail.forbidden(SERIES_MESSAGES.copyForbidden);
    const times = parseCallBody(COPY_EVENT, body);
    const startDateTime = new Date(times.startDateTime);
    const endDateTime = new Date(times.endDateTime);
    return this.dataSource.transaction(async (manager) => {
      const copyId = await insertMarket(manager, {
        ...copiedFields(source),
        startDateTime,
        endDateTime,
        registrationDeadline: copiedDeadline(source, startDateTime, endDateTime),
        seriesId: null,
        copiedFromId: source.id,
      });
      return manager.findOneByOrFail(EventEntity, { id: copyId });
    });
  }

  /**
   * Organiser, admin or co-organiser. Optional fields left out keep their value; null or blank clears them. The query's
   * `scope=following` edits the later dates of the event's series too, when the caller manages each of them (403, nothing changed, otherwise).
   */
  async update(caller: CallerContext, id: string, body: unknown, query: unknown = {}): Promise<EventEntity> {
    const event = await this.getWithTeam(id);
    if (!managesEvent(caller, event)) throw fail.forbidden(SCREENS.eventEditForbidden);
    const { scope } = parseCallQuery(UPDATE_EVENT, query);
    const input = parseCallBody(UPDATE_EVENT, body);
    const { latitude, longitude, startDateTime, endDateTime, registrationDeadline, locationConfirmed, reconfirmation, ...rest } = input;
    // Coordinates left out keep the stored ones, which must still fit the (possibly new) text.
    requirePointAgreesWithLocation(
      rest.location,
      latitude === undefined ? storedCoordinate(event.latitude) : latitude,
      longitude === undefined ? storedCoordinate(event.longitude) : longitude,
      locationConfirmed,
    );
    // A deadline left out keeps the stored one, which must still fit the (possibly moved) end.
    const deadline = registrationDeadline === undefined ? event.registrationDeadline : toDate(registrationDeadline);
    if (deadline && deadline.getTime() > Date.parse(endDateTime)) throw fail.invalid(API_ERRORS.registrationDeadlineAfterEnd);
    const times = { startDateTime: new Date(startDateTime), endDateTime: new Date(endDateTime), registrationDeadline: deadline };
    const changes: Partial<EventEntity> = { ...withoutUndefined(rest), ...times };
    if (latitude !== undefined) changes.latitude = toDecimal(latitude);
    if (longitude !== undefined) changes.longitude = toDecimal(longitude);
    if (reconfirmation !== undefined) Object.assign(changes, reconfirmationColumns(reconfirmation));
    return this.dataSource.transaction(async (manager) => {
      if (!(await applyEdit(manager, id, changes))) throw fail.notFound(API_ERRORS.eventNotFound);
      // "Alle folgenden": the later, not cancelled dates of the series take the same fields and move with this one.
      if (scope === 'following' && event.seriesId) {
        const edited = { before: event.startDateTime, after: times, deadlineGiven: registrationDeadline !== undefined };
        const laterDates = await laterDatesOf(manager, event);
        // Teams are per date: a co-organiser of this one changes only the dates they manage, all or nothing.
        const teams = await teamFactsOfEach(
          manager,
          laterDates.map((later) => later.id),
        );
        if (!laterDates.every((later) => managesEvent(caller, { organizerId: later.organizerId, team: teams.get(later.id) ?? [] }))) {
          throw fail.forbidden(SERIES_MESSAGES.followingForbidden);
        }
        const moved = laterDates.map((later) => ({ id: later.id, times: followingTimes(edited, later) }));
        // Each later date keeps a single market's years (a first date moved to late 2099 would run the rest into 2100).
        if (!moved.every(({ times }) => withinMarketYears(times))) throw fail.invalid(SERIES_MESSAGES.followingOutOfRange);
        for (const { id: laterId, times: laterTimes } of moved) {
          await applyEdit(manager, laterId, { ...changes, ...laterTimes });
        }
      }
      return manager.findOneByOrFail(EventEntity, { id });
    });
  }

  /**
   * Organiser or admin, never a co-organiser (404 → 403 → 400). The event becomes 'cancelled' with the reason, once: the
   * conditional UPDATE lets only the first of two racing cancels change the row and announce it, so
   * cancelling again answers the event unchanged. Nothing turns it back (PUT keeps the status); it
   * stays in the lists until its end, and the stands service closes registration and tells
   * exhibitors and guests from the EventFactsChanged written here.
   */
  async cancel(caller: CallerContext, id: string, body: unknown): Promise<EventEntity> {
    const event = await this.get(id);
    if (!ownsEvent(caller, event)) throw fail.forbidden(API_ERRORS.eventCancelForbidden);
    const { reason } = parseCallBody(CANCEL_EVENT, body);
    return this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(EventEntity)
        .set({ status: 'cancelled', cancelReason: reason })
        .where('id = :id AND status <> :cancelled', { id, cancelled: 'cancelled' })
        .execute();
      if (result.affected) await announceEventFacts(manager, id);
      const now = await manager.findOneBy(EventEntity, { id });
      if (!now) throw fail.notFound(API_ERRORS.eventNotFound);
      return now;
    });
  }

  /** Only admins delete events (docs/product.md#permissions; stricter than ownsEvent, so no team member either). Stands follow through EventDeleted. */
  async remove(caller: CallerContext, id: string): Promise<void> {
    await this.get(id);
    if (caller.role !== 'admin') throw fail.forbidden();
    await this.dataSource.transaction((manager) => deleteEvents(manager, { id }));
  }

  /**
   * A deleted user's events go, each with its own EventDeleted, and the answers stored for the
   * user's Idempotency-Keys (they hold the events' addresses). Runs again without effect, so a
   * repeated UserDeleted job changes nothing.
   */
  async removeAllOf(organizerId: string): Promise<string[]> {
    if (!isId(organizerId)) return [];
    return this.dataSource.transaction(async (manager) => {
      await forgetIdempotentRequestsOfUser(manager, organizerId);
      return deleteEvents(manager, { organizerId });
    });
  }
}

/** Inserts one market and tells the others of it (its facts, its street), in the caller's transaction; its id. */
async function insertMarket(manager: EntityManager, fields: Partial<EventEntity>): Promise<string> {
  const events = manager.getRepository(EventEntity);
  const { id } = await events.save(events.create(fields));
  await announceEventFacts(manager, id);
  // Its street becomes findable in the address search (deleting the event takes it along).
  await indexEventAddress(manager, id);
  return id;
}

/**
 * Writes an edit of one market and announces it; false when the market is gone. A cap below the
 * stands already approved would take places back: refused. The approved count (read model) is read
 * under the row's lock, so a count arriving meanwhile is not missed. The street index learns the
 * address only where the edit set its point (addressEdit).
 */
async function applyEdit(manager: EntityManager, id: string, changes: Partial<EventEntity>): Promise<boolean> {
  // Locked: the approved count is compared under it, and the address is compared with what the edit replaces.
  const before = await manager.findOne(EventEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  if (!before) return false;
  if (changes.maxStands != null && changes.maxStands < before.approvedStands) throw fail.invalid(API_ERRORS.maxStandsBelowApproved(before.approvedStands));
  // An UPDATE, not save(): an event deleted meanwhile must stay deleted, not come back as an insert.
  const result = await manager.update(EventEntity, { id }, changes);
  if (!result.affected) return false;
  await announceEventFacts(manager, id);
  await reindexEditedAddress(manager, id, addressEdit(before, changes));
  return true;
}

/** The dates of the event's series after it (as it was before the edit) that are not cancelled, locked for the edit, in start order. */
function laterDatesOf(manager: EntityManager, event: EventEntity): Promise<EventEntity[]> {
  return manager
    .createQueryBuilder(EventEntity, 'e')
    .where('e.series_id = :seriesId AND e.start_date_time > :start AND e.status <> :cancelled AND e.id <> :id', {
      id: event.id,
      seriesId: event.seriesId,
      start: event.startDateTime,
      cancelled: 'cancelled',
    })
    .orderBy('e.start_date_time', 'ASC')
    .setLock('pessimistic_write')
    .getMany();
}

/** What a copy takes over: everything the organiser entered but the dates, and the same organiser. */
function copiedFields(source: EventEntity): Partial<EventEntity> {
  const { name, description, rules, location, latitude, longitude, organizerId, contactEmail, contactPhone } = source;
  const { websiteUrl, websiteLinkText, allowStandRegistration, notifyOnRegistration, maxStands } = source;
  const { reconfirmationEnabled, reconfirmationAskHours, reconfirmationDeadlineHours } = source;
  return {
    ...{ name, description, rules, location, latitude, longitude, organizerId, contactEmail, contactPhone },
    ...{ websiteUrl, websiteLinkText, allowStandRegistration, notifyOnRegistration, maxStands },
    ...{ reconfirmationEnabled, reconfirmationAskHours, reconfirmationDeadlineHours },
  };
}

/** Deletes the matching events and announces each one, in the caller's transaction. */
async function deleteEvents(manager: EntityManager, where: { id: string } | { organizerId: string }): Promise<string[]> {
  const result = await manager
    .createQueryBuilder()
    .delete()
    .from(EventEntity)
    .where('id' in where ? 'id = :id' : 'organizer_id = :organizerId', where)
    .returning('id')
    .execute();
  const ids = (result.raw as Array<{ id: string }>).map((row) => row.id);
  for (const eventId of ids) await publish(manager, 'EventDeleted', { eventId });
  return ids;
}

function storedCoordinate(decimal: string | null): number | null {
  return decimal === null ? null : Number(decimal);
}

function toDate(iso: string | null): Date | null {
  return iso === null ? null : new Date(iso);
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
