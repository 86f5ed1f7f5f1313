import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, SCREENS, SERIES_MESSAGES, type TEvent, type TSeries } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { EventSearch } from '../search/event-search.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { EventsController } from '../events/events.controller.js';
import { EventsService } from '../events/events.service.js';
import { SeriesController } from './series.controller.js';

/*
 * Markets that repeat (issue 34) through the events service's HTTP app: a series of dates, each its
 * own market; editing one date or all following ones; cancelling one alone; copying a market.
 */

const GATEWAY_TOKEN = 'series-events-spec-gateway-token-012345';
const ORGANIZER = { 'x-user-id': randomUUID(), 'x-user-role': 'organizer' };
const STRANGER = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'series-events-spec-internal-token-0123' };
  ({ app, base } = await startEventsApp(fresh, env, { controllers: [EventsController, SeriesController], providers: [EventsService, EventSearch] }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

/** Saturdays 08:00–16:00 Berlin from 7 March 2031, registration closing the evening before at 18:00. */
const market = (name: string, extra: object = {}) => ({
  name,
  location: 'Köln',
  latitude: 50.9375,
  longitude: 6.9603,
  startDateTime: '2031-03-08T07:00:00.000Z',
  endDateTime: '2031-03-08T15:00:00.000Z',
  registrationDeadline: '2031-03-07T17:00:00.000Z',
  ...extra,
});

async function send<T>(method: string, path: string, body?: unknown, who: Record<string, string> = ORGANIZER) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-internal-token': GATEWAY_TOKEN, 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...who },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A refusal as callers see it: the status and the German sentence (beside its code). */
const refused = (status: number, message: string) => ({ status, body: expect.objectContaining({ message }) });

/** A date's PUT body: its own times, the given changes. */
const edit = (e: TEvent, change: object) => ({
  ...market(e.name),
  startDateTime: e.startDateTime,
  endDateTime: e.endDateTime,
  registrationDeadline: e.registrationDeadline,
  ...change,
});

const seriesOf = async (id: string) => (await send<TSeries>('GET', `/series/${id}`)).body.events;

describe('a weekly series', () => {
  it('makes each date its own market with the same fields, wall-clock time and deadline distance', async () => {
    const created = await send<TEvent>('POST', '/events', market('Wochenmarkt-Trödel', { series: { rule: 'weekly', count: 4 } }));
    expect(created.status).toBe(201);
    expect(created.body.seriesId).toEqual(expect.any(String));
    const dates = await seriesOf(created.body.seriesId!);
    expect(dates.map((e) => e.startDateTime)).toEqual([
      '2031-03-08T07:00:00.000Z',
      '2031-03-15T07:00:00.000Z',
      '2031-03-22T07:00:00.000Z',
      '2031-03-29T07:00:00.000Z',
    ]);
    expect(dates.map((e) => e.registrationDeadline)).toEqual([
      '2031-03-07T17:00:00.000Z',
      '2031-03-14T17:00:00.000Z',
      '2031-03-21T17:00:00.000Z',
      '2031-03-28T17:00:00.000Z',
    ]);
    expect(new Set(dates.map((e) => e.id)).size).toBe(4);
    expect(dates.every((e) => e.name === 'Wochenmarkt-Trödel' && e.organizerId === ORGANIZER['x-user-id'] && e.standCount === 0)).toBe(true);
    expect(dates[0]?.id).toBe(created.body.id);
    // Each date is announced to the stands service as a market of its own, with its series.
    const facts = await fresh.ds.getRepository(OutboxMessageEntity).find({ where: { name: 'EventFactsChanged' } });
    const ofSeries = facts.filter((f) => (f.payload as { seriesId: string | null }).seriesId === created.body.seriesId);
    expect(ofSeries).toHaveLength(4);
  });

  it('refuses more than 52 dates and an end before the start in German, creating nothing', async () => {
    const before = await fresh.ds.query(`SELECT count(*)::int AS n FROM events`);
    expect(await send('POST', '/events', market('Zu lang', { series: { rule: 'weekly', until: '2032-12-31' } }))).toEqual(
      refused(400, SERIES_MESSAGES.tooManyDates),
    );
    expect(await send('POST', '/events', market('Zu früh', { series: { rule: 'monthly', until: '2031-01-01' } }))).toEqual(
      refused(400, SERIES_MESSAGES.untilBeforeStart),
    );
    expect(await send('POST', '/events', market('Rückwärts', { endDateTime: '2031-03-08T06:00:00.000Z', series: { rule: 'weekly', count: 2 } }))).toEqual(
      refused(400, API_ERRORS.eventEndBeforeStart),
    );
    expect(await fresh.ds.query(`SELECT count(*)::int AS n FROM events`)).toEqual(before);
  });

  it('edits one date alone, or it and all following ones', async () => {
    const created = await send<TEvent>('POST', '/events', market('Hofflohmarkt Reihe', { series: { rule: 'biweekly', count: 4 } }));
    const [first, second, third, fourth] = await seriesOf(created.body.seriesId!);
    const alone = await send<TEvent>('PUT', `/events/${first!.id}?scope=this`, edit(first!, { name: 'Hofflohmarkt Auftakt' }));
    expect(alone.status).toBe(200);
    expect((await seriesOf(created.body.seriesId!)).map((e) => e.name)).toEqual([
      'Hofflohmarkt Auftakt',
      'Hofflohmarkt Reihe',
      'Hofflohmarkt Reihe',
      'Hofflohmarkt Reihe',
    ]);

    // The third date cancelled alone stays as it is when the second is moved with the following ones.
    expect((await send<TEvent>('PATCH', `/events/${fourth!.id}/cancel`, { reason: 'Stadtfest' })).body.status).toBe('cancelled');
    // From Saturday 08:00–16:00 to Sunday 10:00–15:00, deadline unchanged (left out); 30 March the clocks go forward.
    const sunday = { ...edit(second!, { name: 'Sonntagsflohmarkt', startDateTime: '2031-03-23T09:00:00.000Z', endDateTime: '2031-03-23T14:00:00.000Z' }) };
    delete (sunday as { registrationDeadline?: unknown }).registrationDeadline;
    const following = await send<TEvent>('PUT', `/events/${second!.id}?scope=following`, sunday);
    expect(following.status).toBe(200);
    const after = await seriesOf(created.body.seriesId!);
    expect(after.map((e) => [e.name, e.startDateTime, e.endDateTime, e.status])).toEqual([
      ['Hofflohmarkt Auftakt', first!.startDateTime, first!.endDateTime, 'planned'],
      ['Sonntagsflohmarkt', '2031-03-23T09:00:00.000Z', '2031-03-23T14:00:00.000Z', 'planned'],
      ['Sonntagsflohmarkt', '2031-04-06T08:00:00.000Z', '2031-04-06T13:00:00.000Z', 'planned'],
      ['Hofflohmarkt Reihe', fourth!.startDateTime, fourth!.endDateTime, 'cancelled'],
    ]);
    expect(after[2]?.registrationDeadline).toBe(third!.registrationDeadline);
  });

  it('refuses moving the following dates past 2099, changing none of them, while the date alone may move', async () => {
    const created = await send<TEvent>('POST', '/events', market('Jahrhundertmarkt', { series: { rule: 'biweekly', count: 3 } }));
    const before = await seriesOf(created.body.seriesId!);
    // The first date to 13 December 2099: the third, four weeks later, would lie in January 2100.
    const late = edit(before[0]!, {
      name: 'Umbenannt',
      startDateTime: '2099-12-13T07:00:00.000Z',
      endDateTime: '2099-12-13T15:00:00.000Z',
      registrationDeadline: null,
    });
    expect(await send('PUT', `/events/${before[0]!.id}?scope=following`, late)).toEqual(refused(400, SERIES_MESSAGES.followingOutOfRange));
    expect(await seriesOf(created.body.seriesId!)).toEqual(before);
    expect((await send<TEvent>('PUT', `/events/${before[0]!.id}?scope=this`, late)).body.startDateTime).toBe('2099-12-13T07:00:00.000Z');
  });

  it('refuses an unknown scope, and a stranger before looking at the scope', async () => {
    const created = await send<TEvent>('POST', '/events', market('Reihe für Fremde', { series: { dates: ['2031-03-15'] } }));
    const body = market('Reihe für Fremde');
    expect(await send('PUT', `/events/${created.body.id}?scope=alle`, body)).toEqual(refused(400, SERIES_MESSAGES.scopeInvalid));
    expect(await send('PUT', `/events/${created.body.id}?scope=following`, body, STRANGER)).toEqual(refused(403, SCREENS.eventEditForbidden));
    expect(await send('PUT', `/events/${created.body.id}?scope=alle`, body, STRANGER)).toEqual(refused(403, SCREENS.eventEditForbidden));
  });

  it('lets a co-organiser of one date change the following ones only when on the team of each, all or nothing', async () => {
    const created = await send<TEvent>('POST', '/events', market('Reihe mit Teams', { series: { rule: 'weekly', count: 3 } }));
    const [first, second, third] = await seriesOf(created.body.seriesId!);
    const coOrganiser = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const join = (eventId: string) =>
      fresh.ds.query(`INSERT INTO events.event_team ("event_id", "user_id", "role") VALUES ($1, $2, 'co-organizer')`, [eventId, coOrganiser['x-user-id']]);
    await join(first!.id);
    await join(second!.id);
    const renamed = edit(first!, { name: 'Übernommen' });

    expect(await send('PUT', `/events/${first!.id}?scope=following`, renamed, coOrganiser)).toEqual(refused(403, SERIES_MESSAGES.followingForbidden));
    expect((await seriesOf(created.body.seriesId!)).map((e) => e.name)).toEqual(['Reihe mit Teams', 'Reihe mit Teams', 'Reihe mit Teams']);
    // This date alone stays theirs to change.
    expect((await send<TEvent>('PUT', `/events/${first!.id}`, renamed, coOrganiser)).status).toBe(200);

    await join(third!.id);
    expect((await send<TEvent>('PUT', `/events/${second!.id}?scope=following`, edit(second!, { name: 'Gemeinsam' }), coOrganiser)).status).toBe(200);
    expect((await seriesOf(created.body.seriesId!)).map((e) => e.name)).toEqual(['Übernommen', 'Gemeinsam', 'Gemeinsam']);
  });

  it('answers 404 for a series that does not exist', async () => {
    expect(await send('GET', `/series/${randomUUID()}`)).toEqual(refused(404, SERIES_MESSAGES.seriesNotFound));
    expect(await send('GET', '/series/keine-reihe')).toEqual(refused(404, SERIES_MESSAGES.seriesNotFound));
  });
});

describe('copying a market', () => {
  it('takes every field but the dates, keeps the organiser, has no stands and remembers the original', async () => {
    const original = await send<TEvent>('POST', '/events', market('Kinderbasar Frühjahr', { rules: 'Nur Kindersachen', maxStands: 40 }));
    const copy = await send<TEvent>('POST', `/events/${original.body.id}/copy`, {
      startDateTime: '2031-09-13T07:00:00.000Z',
      endDateTime: '2031-09-13T13:00:00.000Z',
    });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Kinderbasar Frühjahr',
      rules: 'Nur Kindersachen',
      maxStands: 40,
      location: 'Köln',
      organizerId: ORGANIZER['x-user-id'],
      startDateTime: '2031-09-13T07:00:00.000Z',
      registrationDeadline: '2031-09-12T17:00:00.000Z',
      status: 'planned',
      standCount: 0,
      seriesId: null,
      copiedFromId: original.body.id,
    });
    expect(copy.body.id).not.toBe(original.body.id);
  });

  it('is for the organiser only, and wants both times in order', async () => {
    const original = await send<TEvent>('POST', '/events', market('Bücherflohmarkt'));
    const times = { startDateTime: '2031-09-13T07:00:00.000Z', endDateTime: '2031-09-13T13:00:00.000Z' };
    expect(await send('POST', `/events/${original.body.id}/copy`, times, STRANGER)).toEqual(refused(403, SERIES_MESSAGES.copyForbidden));
    expect(await send('POST', `/events/${randomUUID()}/copy`, times)).toEqual(refused(404, API_ERRORS.eventNotFound));
    expect(await send('POST', `/events/${original.body.id}/copy`, { ...times, endDateTime: '2031-09-13T06:00:00.000Z' })).toEqual(
      refused(400, API_ERRORS.eventEndBeforeStart),
    );
  });
});
