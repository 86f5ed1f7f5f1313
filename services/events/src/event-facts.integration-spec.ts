import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { API_ERRORS, MARKET_DAY_MESSAGES, QUEUES, RECONFIRMATION_OFF, VALIDATION, type TJobPayload, type TTeamRole } from '@flohmarkt/contracts';
import { OutboxMessageEntity, type CallerContext } from '@flohmarkt/server-kit';
import { EventEntity } from './events/event.entity.js';
import { toEvent } from './events/event-view.js';
import { EventsService } from './events/events.service.js';
import { freshEventsDatabaseEmptiedPerTest } from './testing/fresh-database.js';
import { StandCountReadModel } from './read-models/stand-count-read-model.js';

/*
 * The stands service's read model of events, as the events service announces it:
 * EventFactsChanged in the transaction of every creation and edit, with a version that grows per
 * event in commit order.
 */

type Facts = TJobPayload<'EventFactsChanged'>;

const organizer: CallerContext = { id: '5f0c2a8e-2b7e-4c55-9f0e-6a1d1c2b3a40', role: 'organizer' };
const body = {
  name: 'Trödelmarkt am Dom',
  location: 'Roncalliplatz, Köln',
  latitude: 50.9413,
  longitude: 6.9583,
  startDateTime: '2031-05-10T10:00:00+02:00',
  endDateTime: '2031-05-10T16:00:00+02:00',
};

let ds: DataSource;
let events: EventsService;

freshEventsDatabaseEmptiedPerTest([], (fresh) => {
  ds = fresh.ds;
  events = new EventsService(ds);
});

/** The facts messages in the outbox, by version, all to the stands queue. */
async function announced(on: DataSource = ds): Promise<Facts[]> {
  const rows = await on.getRepository(OutboxMessageEntity).find({ where: { name: 'EventFactsChanged' } });
  expect(rows.every((r) => r.queue === QUEUES.stands)).toBe(true);
  return rows.map((r) => r.payload as Facts).sort((a, b) => a.version - b.version);
}

/** The facts of the stored event, as a message would carry them. */
async function stored(id: string, on: DataSource = ds): Promise<Omit<Facts, 'version'>> {
  const e = await on.getRepository(EventEntity).findOneByOrFail({ id });
  return {
    eventId: e.id,
    organizerId: e.organizerId,
    latitude: e.latitude,
    longitude: e.longitude,
    startDateTime: e.startDateTime.toISOString(),
    endDateTime: e.endDateTime.toISOString(),
    allowStandRegistration: e.allowStandRegistration,
    name: e.name,
    location: e.location,
    status: e.status,
    cancelReason: e.cancelReason,
    registrationDeadline: e.registrationDeadline?.toISOString() ?? null,
    notifyOnRegistration: e.notifyOnRegistration,
    maxStands: e.maxStands,
    seriesId: e.seriesId,
    copiedFromId: e.copiedFromId,
    team: (
      (await on.query('SELECT "user_id", "role" FROM events.event_team WHERE "event_id" = $1 ORDER BY "user_id"', [id])) as Array<{
        user_id: string;
        role: TTeamRole;
      }>
    ).map((r) => ({ userId: r.user_id, role: r.role })),
    reconfirmation: { enabled: e.reconfirmationEnabled, askHoursBefore: e.reconfirmationAskHours, deadlineHoursBefore: e.reconfirmationDeadlineHours },
  };
}

describe('EventFactsChanged', () => {
  it('announces the facts at creation and after each edit, with a higher version each time', async () => {
    const { id } = await events.create(organizer, body);
    await events.update(organizer, id, { ...body, allowStandRegistration: false });
    await events.update(organizer, id, {
      ...body,
      latitude: null,
      longitude: null,
      startDateTime: '2031-05-17T08:00:00Z',
      endDateTime: '2031-05-17T09:00:00Z',
    });
    const messages = await announced();
    expect(messages.map(({ version: _, ...f }) => [f.allowStandRegistration, f.latitude, f.startDateTime])).toEqual([
      [true, '50.94130000', '2031-05-10T08:00:00.000Z'],
      [false, '50.94130000', '2031-05-10T08:00:00.000Z'],
      [false, null, '2031-05-17T08:00:00.000Z'],
    ]);
    expect(new Set(messages.map((m) => m.version)).size).toBe(3);
    const { version: _, ...last } = messages[2];
    expect(last).toEqual(await stored(id));
  });

  it('announces nothing for a refused edit, and EventDeleted (the tombstone) for a deletion', async () => {
    const { id } = await events.create(organizer, body);
    await ds.query('DELETE FROM events.outbox');
    const stranger: CallerContext = { id: randomUUID(), role: 'organizer' };
    await expect(events.update(stranger, id, body)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(events.update(organizer, id, { ...body, endDateTime: '2031-05-10T07:00:00Z' })).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await announced()).toEqual([]);
    await events.remove({ id: randomUUID(), role: 'admin' }, id);
    const rows = await ds.getRepository(OutboxMessageEntity).find();
    expect(rows.map((r) => [r.queue, r.name, r.payload]).sort()).toEqual([
      [QUEUES.auth, 'EventDeleted', { eventId: id }],
      [QUEUES.stands, 'EventDeleted', { eventId: id }],
    ]);
  });

  it('carries the committed facts under the highest version when edits of one event race', async () => {
    const { id } = await events.create(organizer, body);
    const edits = Array.from({ length: 8 }, (_, i) => ({
      ...body,
      allowStandRegistration: i % 2 === 0,
      startDateTime: `2031-05-1${i}T08:00:00Z`,
      endDateTime: `2031-05-1${i}T18:00:00Z`,
    }));
    await Promise.all(edits.map((edit) => events.update(organizer, id, edit)));
    const messages = await announced();
    expect(messages).toHaveLength(9);
    const { version: _, ...newest } = messages[messages.length - 1];
    expect(newest).toEqual(await stored(id));
  });
});

describe('maxStands', () => {
  it('is stored at creation, announced to stands, and read back with the free places (approved stands taken off)', async () => {
    const created = await events.create(organizer, { ...body, maxStands: 10 });
    expect(created.maxStands).toBe(10);
    expect((await announced()).at(-1)).toMatchObject({ eventId: created.id, maxStands: 10 });
    await ds.query('UPDATE events.events SET "approved_stands" = 4 WHERE "id" = $1', [created.id]);
    expect(toEvent(await events.get(created.id))).toMatchObject({ maxStands: 10, freePlaces: 6 });
  });

  it('counts pending registrations as taken places once the stands service announces them', async () => {
    const created = await events.create(organizer, { ...body, maxStands: 10 });
    await new StandCountReadModel(ds).apply({
      eventId: created.id,
      approvedStands: 4,
      takenPlaces: 9,
      pendingStands: 5,
      waitlistedStands: 0,
      rejectedStands: 0,
      version: 1,
    });
    expect(toEvent(await events.get(created.id))).toMatchObject({ maxStands: 10, freePlaces: 1 });
    await new StandCountReadModel(ds).apply({
      eventId: created.id,
      approvedStands: 4,
      takenPlaces: 12,
      pendingStands: 8,
      waitlistedStands: 0,
      rejectedStands: 0,
      version: 2,
    });
    expect(toEvent(await events.get(created.id))).toMatchObject({ freePlaces: 0 });
  });

  it('has no cap by default: no freePlaces in reads; an edit that leaves it out keeps it, null removes it', async () => {
    const created = await events.create(organizer, body);
    expect(toEvent(created)).toMatchObject({ maxStands: null });
    expect(toEvent(created)).not.toHaveProperty('freePlaces');
    await events.update(organizer, created.id, { ...body, maxStands: 5 });
    expect((await events.update(organizer, created.id, body)).maxStands).toBe(5);
    expect((await events.update(organizer, created.id, { ...body, maxStands: null })).maxStands).toBeNull();
    expect((await announced()).at(-1)).toMatchObject({ eventId: created.id, maxStands: null });
  });

  it('refuses a cap below the approved stands with a German 400, and announces nothing', async () => {
    const created = await events.create(organizer, { ...body, maxStands: 10 });
    await ds.query('UPDATE events.events SET "approved_stands" = 7 WHERE "id" = $1', [created.id]);
    const before = (await announced()).length;
    await expect(events.update(organizer, created.id, { ...body, maxStands: 6 })).rejects.toMatchObject({
      code: 'VALIDATION',
      message: API_ERRORS.maxStandsBelowApproved(7),
    });
    expect(API_ERRORS.maxStandsBelowApproved(7)).toContain('(7)');
    expect((await events.get(created.id)).maxStands).toBe(10);
    expect((await announced()).length).toBe(before);
    // Exactly the approved count is fine; full means no free place, never a negative one.
    expect(toEvent(await events.update(organizer, created.id, { ...body, maxStands: 7 }))).toMatchObject({ maxStands: 7, freePlaces: 0 });
    await ds.query('UPDATE events.events SET "approved_stands" = 9 WHERE "id" = $1', [created.id]);
    expect(toEvent(await events.get(created.id)).freePlaces).toBe(0);
  });

  it('refuses 0 and fractions', async () => {
    await expect(events.create(organizer, { ...body, maxStands: 0 })).rejects.toMatchObject({ message: VALIDATION.invalidMaxStands });
    await expect(events.create(organizer, { ...body, maxStands: 2.5 })).rejects.toMatchObject({ message: VALIDATION.invalidMaxStands });
  });
});

describe('reconfirmation (issue 36)', () => {
  const settings = { enabled: true, askHoursBefore: 96, deadlineHoursBefore: 48 };

  it('is off unless given; given, it is stored, read back and announced', async () => {
    const plain = await events.create(organizer, body);
    expect(toEvent(plain).reconfirmation).toEqual(RECONFIRMATION_OFF);
    expect((await announced()).at(-1)).toMatchObject({ eventId: plain.id, reconfirmation: RECONFIRMATION_OFF, team: [] });
    const asking = await events.create(organizer, { ...body, reconfirmation: settings });
    expect(toEvent(await events.get(asking.id)).reconfirmation).toEqual(settings);
    expect((await announced()).at(-1)).toMatchObject({ eventId: asking.id, reconfirmation: settings });
  });

  it('takes the defaults for hours left out, keeps the settings when an edit leaves them out, and goes with a copy', async () => {
    const created = await events.create(organizer, { ...body, reconfirmation: { enabled: true } });
    expect(toEvent(created).reconfirmation).toEqual({ enabled: true, askHoursBefore: 72, deadlineHoursBefore: 24 });
    await events.update(organizer, created.id, { ...body, reconfirmation: settings });
    expect(toEvent(await events.update(organizer, created.id, { ...body, name: 'Neu' })).reconfirmation).toEqual(settings);
    const copy = await events.copy(organizer, created.id, { startDateTime: '2031-06-10T10:00:00+02:00', endDateTime: '2031-06-10T16:00:00+02:00' });
    expect(toEvent(copy).reconfirmation).toEqual(settings);
    const { version: _, ...last } = (await announced()).at(-1)!;
    expect(last).toEqual(await stored(copy.id));
  });

  it('refuses hours outside their ranges or a deadline not after the question, with the German sentence, changing nothing', async () => {
    const created = await events.create(organizer, { ...body, reconfirmation: settings });
    for (const wrong of [
      { enabled: true, askHoursBefore: 200, deadlineHoursBefore: 24 },
      { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 0 },
      { enabled: true, askHoursBefore: 48, deadlineHoursBefore: 48 },
      { enabled: 'ja' },
    ]) {
      await expect(events.update(organizer, created.id, { ...body, reconfirmation: wrong })).rejects.toMatchObject({
        code: 'VALIDATION',
        message: MARKET_DAY_MESSAGES.reconfirmationInvalid,
      });
    }
    expect(toEvent(await events.get(created.id)).reconfirmation).toEqual(settings);
  });
});
