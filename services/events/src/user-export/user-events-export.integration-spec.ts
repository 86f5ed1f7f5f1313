import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { ZUserEventsExport } from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';
import { EventEntity } from '../events/event.entity.js';
import { EventsService } from '../events/events.service.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { UserEventsExportController } from './user-events-export.controller.js';

/** The events of one organiser for their data export and the self-deletion rule (USER_EVENTS_EXPORT). */
describe('a user’s events for their export', () => {
  const olga: CallerContext = { id: '0b9b4c1e-7f55-4a1c-9d3e-2a7f5e6b8c01', role: 'organizer' };
  const otto: CallerContext = { id: '6e2d1f3a-9c8b-4e7d-a6f5-1b2c3d4e5f60', role: 'organizer' };
  const body = (name: string, start: string, end: string) => ({
    name,
    location: 'Roncalliplatz, Köln',
    latitude: 50.9413,
    longitude: 6.9583,
    startDateTime: start,
    endDateTime: end,
  });

  let fresh: FreshDatabase;
  let ds: DataSource;
  let events: EventsService;
  let controller: UserEventsExportController;

  beforeAll(async () => {
    fresh = await freshEventsDatabase();
    ds = fresh.ds;
    events = new EventsService(ds);
    controller = new UserEventsExportController(ds);
  });

  afterAll(async () => {
    await fresh?.drop();
  });

  it('answers every event the user organises, in every phase, by start, and nobody else’s', async () => {
    const later = await events.create(olga, body('Olgas Frühlingsmarkt', '2031-05-10T10:00:00+02:00', '2031-05-10T16:00:00+02:00'));
    const cancelled = await events.create(olga, body('Olgas Wintermarkt', '2031-01-10T10:00:00+01:00', '2031-01-10T16:00:00+01:00'));
    await events.cancel(olga, cancelled.id, { reason: 'Zu kalt' });
    // An event of the past (created as the database would have it: the API takes no past dates).
    const past = await ds.getRepository(EventEntity).save({
      ...body('Olgas Markt von früher', '2020-05-10T10:00:00+02:00', '2020-05-10T16:00:00+02:00'),
      latitude: '50.94130000',
      longitude: '6.95830000',
      startDateTime: new Date('2020-05-10T08:00:00Z'),
      endDateTime: new Date('2020-05-10T14:00:00Z'),
      organizerId: olga.id,
    });
    const others = await events.create(otto, body('Ottos Markt', '2031-06-10T10:00:00+02:00', '2031-06-10T16:00:00+02:00'));

    const answer = ZUserEventsExport.parse(await controller.list(olga.id));
    expect(answer.events.map((e) => [e.id, e.phase])).toEqual([
      [past.id, 'ended'],
      [cancelled.id, 'cancelled'],
      [later.id, 'upcoming'],
    ]);
    expect(answer.events[1]).toMatchObject({ name: 'Olgas Wintermarkt', cancelReason: 'Zu kalt', organizerId: olga.id });
    expect((await controller.list(otto.id)).events.map((e) => e.id)).toEqual([others.id]);
  });

  it('answers no events for a user who organises none, and for an id that names nobody', async () => {
    expect(await controller.list('3a4b5c6d-7e8f-4a0b-8c1d-2e3f4a5b6c7d')).toEqual({ events: [], teamMemberships: [] });
    expect(await controller.list('not-an-id')).toEqual({ events: [], teamMemberships: [] });
  });
});
