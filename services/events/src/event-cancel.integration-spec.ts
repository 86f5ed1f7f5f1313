import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, LIST_EVENTS, VALIDATION, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { toEvent } from './events/event-view.js';
import { EventsService } from './events/events.service.js';
import { EventSearch } from './search/event-search.js';
import { freshEventsDatabaseEmptiedPerTest } from './testing/fresh-database.js';
import { refusal } from './testing/refusal.js';

/*
 * Issue 17, the events side: a registration deadline and the organiser's notification switch on
 * every event, the phase at read time, and cancelling (organiser or admin, once, for good), each
 * change announced to the stands service in its transaction.
 */

type Facts = TJobPayload<'EventFactsChanged'>;

const organizer: CallerContext = { id: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40', role: 'organizer' };
const stranger: CallerContext = { id: '0b8d7c57-3f6e-4b0e-9a55-2d1c0e9f8a71', role: 'organizer' };
const admin: CallerContext = { id: 'a1d2c3b4-0000-4000-8000-00000000ad01', role: 'admin' };
const body = {
  name: 'Hofflohmarkt Ehrenfeld',
  location: 'Ehrenfeld, Köln',
  startDateTime: '2031-05-10T10:00:00+02:00',
  endDateTime: '2031-05-10T16:00:00+02:00',
};

let ds: DataSource;
let events: EventsService;

freshEventsDatabaseEmptiedPerTest([], (fresh) => {
  Logger.overrideLogger(false);
  ds = fresh.ds;
  events = new EventsService(ds);
});

/** The facts announced to the stands service, oldest first. */
async function announced(): Promise<Facts[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'EventFactsChanged' } });
  return rows.map((r) => r.payload as Facts).sort((a, b) => a.version - b.version);
}

describe('registration deadline and notification switch', () => {
  it('creates an event with neither by default: no deadline, the organiser is told of registrations', async () => {
    const created = toEvent(await events.create(organizer, body));
    expect(created).toMatchObject({ registrationDeadline: null, notifyOnRegistration: true, status: 'planned', cancelReason: null });
  });

  it('stores both, reads them back and announces them', async () => {
    const created = await events.create(organizer, { ...body, registrationDeadline: '2031-05-08T20:00:00+02:00', notifyOnRegistration: false });
    expect(toEvent(await events.get(created.id))).toMatchObject({ registrationDeadline: '2031-05-08T18:00:00.000Z', notifyOnRegistration: false });
    expect((await announced()).at(-1)).toMatchObject({ eventId: created.id, registrationDeadline: '2031-05-08T18:00:00.000Z', notifyOnRegistration: false });
  });

  it('keeps both when an edit leaves them out, clears the deadline with null, switches the mail on again', async () => {
    const { id } = await events.create(organizer, { ...body, registrationDeadline: '2031-05-08T18:00:00Z', notifyOnRegistration: false });
    expect(toEvent(await events.update(organizer, id, { ...body, name: 'Neuer Name' }))).toMatchObject({
      registrationDeadline: '2031-05-08T18:00:00.000Z',
      notifyOnRegistration: false,
    });
    const changed = toEvent(await events.update(organizer, id, { ...body, registrationDeadline: null, notifyOnRegistration: true }));
    expect(changed).toMatchObject({ registrationDeadline: null, notifyOnRegistration: true });
    expect((await announced()).at(-1)).toMatchObject({ registrationDeadline: null, notifyOnRegistration: true });
  });

  it('refuses a deadline after the end, also a stored one that an edit would leave behind the moved end (400, nothing written)', async () => {
    expect(await refusal(events.create(organizer, { ...body, registrationDeadline: '2031-05-10T16:00:01+02:00' }))).toEqual({
      status: 400,
      message: API_ERRORS.registrationDeadlineAfterEnd,
    });
    const { id } = await events.create(organizer, { ...body, registrationDeadline: '2031-05-10T12:00:00+02:00' });
    const before = await announced();
    const earlierEnd = { ...body, startDateTime: '2031-05-10T08:00:00+02:00', endDateTime: '2031-05-10T11:00:00+02:00' };
    expect(await refusal(events.update(organizer, id, earlierEnd))).toEqual({ status: 400, message: API_ERRORS.registrationDeadlineAfterEnd });
    expect(await announced()).toEqual(before);
    // Moving the deadline along in the same edit is fine.
    expect(toEvent(await events.update(organizer, id, { ...earlierEnd, registrationDeadline: '2031-05-09T12:00:00+02:00' })).registrationDeadline).toBe(
      '2031-05-09T10:00:00.000Z',
    );
  });

  it('refuses a deadline that is no date, and a switch that is no boolean, in German', async () => {
    expect(await refusal(events.create(organizer, { ...body, registrationDeadline: 'bald' }))).toEqual({ status: 400, message: VALIDATION.invalidDate });
    const { id } = await events.create(organizer, body);
    expect(await refusal(events.update(organizer, id, { ...body, notifyOnRegistration: 'ja' }))).toEqual({ status: 400, message: VALIDATION.invalidBoolean });
  });
});

describe('phase at read time', () => {
  it('is upcoming, running and ended by the instant of the read, and cancelled once cancelled', async () => {
    const event = await events.create(organizer, body);
    expect(toEvent(event, 0, new Date('2031-05-10T07:59:00Z')).phase).toBe('upcoming');
    expect(toEvent(event, 0, new Date('2031-05-10T08:00:00Z')).phase).toBe('running');
    expect(toEvent(event, 0, new Date('2031-05-10T14:00:00Z')).phase).toBe('ended');
    const cancelled = await events.cancel(organizer, event.id, {});
    expect(toEvent(cancelled, 0, new Date('2031-05-10T07:59:00Z')).phase).toBe('cancelled');
  });
});

describe('cancel (PATCH /events/:id/cancel)', () => {
  it('lets the organiser cancel with a reason: status cancelled, reason stored, announced to stands', async () => {
    const { id } = await events.create(organizer, body);
    const cancelled = toEvent(await events.cancel(organizer, id, { reason: '  Unwetterwarnung für Köln  ' }));
    expect(cancelled).toMatchObject({ id, status: 'cancelled', cancelReason: 'Unwetterwarnung für Köln', phase: 'cancelled', name: body.name });
    expect(toEvent(await events.get(id))).toMatchObject({ status: 'cancelled', cancelReason: 'Unwetterwarnung für Köln' });
    const facts = await announced();
    expect(facts).toHaveLength(2);
    expect(facts[1]).toMatchObject({ eventId: id, status: 'cancelled', cancelReason: 'Unwetterwarnung für Köln', name: body.name });
    expect(facts[1].version).toBeGreaterThan(facts[0].version);
  });

  it('lets an admin cancel without a reason', async () => {
    const { id } = await events.create(organizer, body);
    expect(toEvent(await events.cancel(admin, id, undefined))).toMatchObject({ status: 'cancelled', cancelReason: null });
  });

  it('answers a second cancel with the event unchanged, announcing nothing more (also when two race)', async () => {
    const { id } = await events.create(organizer, body);
    await Promise.all([events.cancel(organizer, id, { reason: 'Regen' }), events.cancel(admin, id, { reason: 'Sturm' })]);
    const first = toEvent(await events.get(id));
    const again = toEvent(await events.cancel(organizer, id, { reason: 'Noch ein Grund' }));
    expect(again).toEqual({ ...first, phase: again.phase });
    expect(['Regen', 'Sturm']).toContain(again.cancelReason);
    expect((await announced()).filter((f) => f.status === 'cancelled')).toHaveLength(1);
  });

  it('checks 404, then 403 whatever the body, then 400, and writes nothing refused', async () => {
    const { id } = await events.create(organizer, body);
    const before = await announced();
    expect(await refusal(events.cancel(stranger, 'kein-event', {}))).toEqual({ status: 404, message: API_ERRORS.eventNotFound });
    expect(await refusal(events.cancel(stranger, '7d9f0c1e-0000-4000-8000-000000000000', {}))).toEqual({ status: 404, message: API_ERRORS.eventNotFound });
    expect(await refusal(events.cancel(stranger, id, { reason: 'x'.repeat(501) }))).toEqual({ status: 403, message: API_ERRORS.eventCancelForbidden });
    expect(await refusal(events.cancel(organizer, id, { reason: 'x'.repeat(501) }))).toEqual({ status: 400, message: VALIDATION.textTooLong(500) });
    expect(await refusal(events.cancel(organizer, id, { reason: 7 }))).toEqual({ status: 400, message: VALIDATION.invalidText });
    expect((await events.get(id)).status).toBe('planned');
    expect(await announced()).toEqual(before);
  });

  it('cannot be undone through PUT: an edit keeps the status and the reason', async () => {
    const { id } = await events.create(organizer, body);
    await events.cancel(organizer, id, { reason: 'Regen' });
    const edited = toEvent(await events.update(organizer, id, { ...body, name: 'Doch nicht', status: 'planned', cancelReason: null }));
    expect(edited).toMatchObject({ name: 'Doch nicht', status: 'cancelled', cancelReason: 'Regen' });
    expect((await announced()).at(-1)).toMatchObject({ name: 'Doch nicht', status: 'cancelled' });
  });

  it('stays in the lists, upcoming ones too, until its end', async () => {
    const search = new EventSearch(ds);
    const { id } = await events.create(organizer, body);
    await events.cancel(organizer, id, {});
    const upcoming = (at: string) => search.find(parseCallQuery(LIST_EVENTS, { upcoming: 'true' }), new Date(at)).then((page) => page.events.map((e) => e.id));
    expect(await upcoming('2031-05-09T12:00:00Z')).toEqual([id]);
    expect(await upcoming('2031-05-10T13:00:00Z')).toEqual([id]);
    expect(await upcoming('2031-05-11T12:00:00Z')).toEqual([]);
    expect((await search.find(parseCallQuery(LIST_EVENTS, { date: '2031-05-10' }))).events.map((e) => e.id)).toEqual([id]);
  });
});
