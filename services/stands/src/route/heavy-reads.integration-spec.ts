import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { API_ERRORS, GET_EVENT_ROUTE, ZRouteQuery, type TJobPayload, type TRouteAnswer } from '@flohmarkt/contracts';
import { ROUTE_MESSAGES } from '@flohmarkt/route-planner';
import { ExportsController } from '../exports/exports.controller.js';
import { EventsClient } from '../peers/events-client.js';
import { PrintSheets } from '../print/print-sheet.js';
import { PRINT_CONTROLLERS, PRINT_PROVIDERS } from '../print/print.controller.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { StandEntity } from '../stands/stand.entity.js';
import { FixedClock, eventFacts } from '../testing/fixtures.js';
import { GATEWAY_TOKEN, STAND_READS, gatewayFetch, user, withStandsApp } from '../testing/stands-app.js';
import { ROUTE_PROVIDERS, RouteController } from './route.controller.js';
import { normalizedQuery, plannedRoute, routeInput } from './route-plan.js';

/*
 * The heavy reads of an event as a caller gets them from the stands service: route plans on the
 * worker pool (one worker, no queue, so a burst is refused at once), and route answers, PDFs and
 * exports kept per event until its data changes (X-Cache: miss, hit or shared).
 */

const ORGANIZER = randomUUID();
const EVENT = randomUUID();
const STAND_COUNT = 150;

let ds: DataSource;
let app: INestApplication;
let base: string;
let stands: StandEntity[] = [];
let pending: StandEntity;

const SUELZ = { name: 'Hofflohmarkt Sülz', location: 'Köln-Sülz', latitude: '50.93000000', longitude: '6.95000000' };
const facts = (changes: Partial<TJobPayload<'EventFactsChanged'>> = {}) => eventFacts({ eventId: EVENT, organizerId: ORGANIZER, ...SUELZ, ...changes });

const get = (path: string, who: 'anonymous' | 'organizer' | 'seller' = 'anonymous') =>
  gatewayFetch(`${base}${path}`, { anonymous: {}, organizer: user('organizer', ORGANIZER), seller: user() }[who]);

const routePath = (ids: string[], extra = '') => `/events/${EVENT}/route?stands=${ids.join(',')}${extra}`;

/**
 * The clock of the privacy rules and of the read generation, standing at the time the spec was
 * loaded: the generation carries Berlin's calendar day, so a real clock passing midnight in Berlin
 * between a read and its repetition would file the second under a new generation (a miss, not the hit
 * the spec expects).
 */
const clock = new FixedClock();

/** A fixed scatter of positions over a few streets, so every plan is the same from run to run. */
function position(i: number): { latitude: string; longitude: string } {
  return { latitude: (50.92 + ((i * 37) % 100) * 0.0002).toFixed(8), longitude: (6.94 + ((i * 61) % 100) * 0.0003).toFixed(8) };
}

withStandsApp(
  {
    controllers: [...PRINT_CONTROLLERS, ExportsController, RouteController],
    providers: [EventsClient, { provide: PrivacyClock, useValue: clock }, ...STAND_READS, ...PRINT_PROVIDERS, ...ROUTE_PROVIDERS],
    env: { TILE_URL: '', ROUTE_WORKERS: '1', ROUTE_QUEUE_LIMIT: '0' },
    events: [facts()],
  },
  (started) => ({ app, base, ds } = started),
);

beforeAll(async () => {
  const repository = ds.getRepository(StandEntity);
  const rows = Array.from({ length: STAND_COUNT }, (_, i) => ({
    eventId: EVENT,
    status: 'approved' as const,
    standNumber: String(i + 1),
    guestFirstName: 'Erika',
    categories: ['Bücher'],
    ...position(i),
  }));
  const { identifiers } = await repository.insert(rows);
  stands = await Promise.all(identifiers.map((row) => repository.findOneByOrFail({ id: row.id as string })));
  pending = await repository.save(
    repository.create({ eventId: EVENT, status: 'pending', standNumber: '999', guestFirstName: 'Paula', categories: ['Werkzeug'], ...position(999) }),
  );
});

describe('GET /events/:id/route', () => {
  it('answers from the worker pool what the planner answers on the calling thread, in any order of the same stands', async () => {
    const ids = stands.slice(0, 40).map((s) => s.id);
    const res = await get(routePath(ids, '&loop=false'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('miss');
    const answer = (await res.json()) as TRouteAnswer;
    // The body is what the call declares (and so what the OpenAPI document says).
    expect(GET_EVENT_ROUTE.answers[0].schema.safeParse(answer).error).toBeUndefined();
    const query = normalizedQuery(ZRouteQuery.parse({ stands: ids.join(','), loop: 'false' }));
    const { stands: reads } = await app.get(PrintSheets).publicStands(EVENT);
    expect(answer).toEqual(plannedRoute(routeInput(query, reads), query, null));
    expect(answer.order[0]).toBe(ids[0]);

    // The same choice listed backwards, starting at the same stand: the kept answer.
    const again = await get(routePath([...ids].reverse(), `&loop=false&start=${ids[0]}`));
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(await again.json()).toEqual(answer);
  });

  it('keeps an answer until a stand of the event changes, and each format and option apart', async () => {
    const ids = stands.slice(40, 60).map((s) => s.id);
    const first = await get(routePath(ids));
    expect(first.headers.get('x-cache')).toBe('miss');
    const firstAnswer = (await first.json()) as TRouteAnswer;
    expect((await get(routePath(ids))).headers.get('x-cache')).toBe('hit');
    const gpx = await get(routePath(ids, '&format=gpx'));
    expect(gpx.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(gpx.headers.get('x-cache')).toBe('miss');
    expect((await get(routePath(ids, '&mode=bike'))).headers.get('x-cache')).toBe('miss');

    // One stand of the round moves far away: the round is planned again and is longer.
    await ds.getRepository(StandEntity).update({ id: ids[5]! }, { latitude: '50.99000000', longitude: '7.05000000' });
    const moved = await get(routePath(ids));
    expect(moved.headers.get('x-cache')).toBe('miss');
    expect(((await moved.json()) as TRouteAnswer).distanceM).toBeGreaterThan(firstAnswer.distanceM);
  });

  it('refuses a plan at once with 503, Retry-After and a German message while the planner is busy, and plans again after', async () => {
    // One worker, no queue: distinct rounds of 149 stands sent together, the first takes the worker.
    const rounds = Array.from({ length: 8 }, (_, skip) => stands.filter((_, i) => i !== skip).map((s) => s.id));
    const answers = await Promise.all(rounds.map((ids) => get(routePath(ids))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(200);
    const refused = answers.find((res) => res.status === 503)!;
    expect(refused).toBeDefined();
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({ message: ROUTE_MESSAGES.busy, code: 'UNAVAILABLE' });
    const later = await get(routePath(rounds[answers.indexOf(refused)]!));
    expect(later.status).toBe(200);
  });
});

describe('the printed kit and the exports', () => {
  it('draws a PDF once for concurrent callers and keeps it until a stand is approved', async () => {
    const together = await Promise.all(Array.from({ length: 4 }, () => get(`/events/${EVENT}/stand-list.pdf`)));
    expect(together.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    // Drawn once: the others shared that drawing, or came after it and found it kept.
    const outcomes = together.map((res) => res.headers.get('x-cache'));
    expect(outcomes.filter((o) => o === 'miss')).toHaveLength(1);
    expect(outcomes.every((o) => o === 'miss' || o === 'shared' || o === 'hit')).toBe(true);
    const bytes = await Promise.all(together.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(bytes.every((b) => b.equals(bytes[0]!))).toBe(true);
    expect((await get(`/events/${EVENT}/stand-list.pdf`)).headers.get('x-cache')).toBe('hit');

    await ds.getRepository(StandEntity).update({ id: pending.id }, { status: 'approved' });
    const approved = await get(`/events/${EVENT}/stand-list.pdf`);
    expect(approved.headers.get('x-cache')).toBe('miss');
    expect(Buffer.from(await approved.arrayBuffer()).equals(bytes[0]!)).toBe(false);
  });

  it('draws the poster anew when the event is renamed', async () => {
    const before = await get(`/events/${EVENT}/poster.pdf`);
    expect(before.headers.get('content-disposition')).toBe('inline; filename="plakat-hofflohmarkt-suelz.pdf"');
    const kept = await get(`/events/${EVENT}/poster.pdf`);
    expect(kept.headers.get('x-cache')).toBe('hit');
    // The kept file's ETag: asked with it, the answer is 304 without the file.
    expect(kept.headers.get('etag')).toBe(before.headers.get('etag'));
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, as browsers' fetch does.
    const revalidated = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(`${base}/events/${EVENT}/poster.pdf`, { headers: { 'x-internal-token': GATEWAY_TOKEN, 'if-none-match': kept.headers.get('etag')! } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject),
    );
    expect(revalidated).toBe(304);
    await app.get(EventFactsReadModel).apply(facts({ name: 'Trödelmarkt Sülz', version: 2 }));
    const renamed = await get(`/events/${EVENT}/poster.pdf`);
    expect(renamed.headers.get('x-cache')).toBe('miss');
    expect(renamed.headers.get('content-disposition')).toBe('inline; filename="plakat-troedelmarkt-suelz.pdf"');
  });

  it('keeps the GeoJSON, and the CSV for the organiser only: checked on every call, private and never stored', async () => {
    expect((await get(`/events/${EVENT}/stands.geojson`)).headers.get('x-cache')).toBe('miss');
    expect((await get(`/events/${EVENT}/stands.geojson`)).headers.get('x-cache')).toBe('hit');

    const csv = await get(`/events/${EVENT}/stands.csv`, 'organizer');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    const kept = await get(`/events/${EVENT}/stands.csv`, 'organizer');
    expect(kept.headers.get('x-cache')).toBe('hit');
    expect(kept.headers.get('cache-control')).toBe('private, no-store');
    const refused = await get(`/events/${EVENT}/stands.csv`, 'seller');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: API_ERRORS.forbidden });
    expect((await get(`/events/${EVENT}/stands.csv`)).status).toBe(401);
  });
});
