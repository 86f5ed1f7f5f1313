import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { ROUTE_CALL_MESSAGES, ZRouteQuery, type TStand } from '@flohmarkt/contracts';
import { planRoute } from '@flohmarkt/route-planner';
import type { DomainError } from '@flohmarkt/server-kit';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { RouteDistances } from '../route/route-distances.js';
import { plannedRoute, plannedTrack, pointsOf, routeInput, withStreetTrack } from '../route/route-plan.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { FixedClock, eventsReadModel, suelzMarket2026 } from '../testing/fixtures.js';
import { LiveStates } from './live-states.js';

/*
 * The live status as reads carry it (only on the event day, only when set that day) and the route
 * call's planning over the public read: closed stands skipped, unknown ones refused, street distances
 * from an OSRM-compatible table when one answers, straight lines when it does not.
 */

let ds: DataSource;
let live: LiveStates;
let presenter: StandPresenter;
const clock = new FixedClock();
const eventId = randomUUID();
// Saturday 13 June 2026, 10:00–17:00 in Berlin: the event day is 2026-06-12T22:00Z to 2026-06-13T22:00Z.
const DAY = new Date('2026-06-13T09:00:00.000Z');
let numbers = 0;

withFreshStandsDatabase(async (fresh) => {
  ds = fresh.ds;
  const events = eventsReadModel(ds);
  await events.apply(suelzMarket2026({ eventId }));
  live = new LiveStates(ds, events, clock);
  presenter = new StandPresenter(new UserNamesReadModel(ds), new PhotoStatesReadModel(ds), ds, events, clock, live);
});

beforeEach(async () => {
  await ds.query('TRUNCATE stands.stands, stands.stand_live_states');
  clock.at = DAY;
});

async function stand(lat: number, lng: number): Promise<StandEntity> {
  const repository = ds.getRepository(StandEntity);
  const { identifiers } = await repository.insert({
    eventId,
    exhibitorId: null,
    status: 'approved',
    latitude: lat.toFixed(8),
    longitude: lng.toFixed(8),
    standNumber: String(++numbers),
    guestFirstName: 'Erika',
    categories: ['Bücher'],
  });
  return repository.findOneByOrFail({ id: identifiers[0].id as string });
}

async function publicRead(stands: StandEntity[]): Promise<TStand[]> {
  return presenter.many(stands);
}

describe('live state in reads', () => {
  it('shows the state set on the event day, and null before and after it', async () => {
    const s = await stand(50.92, 6.95);
    expect(await presenter.one(s)).toMatchObject({ liveState: null, liveUpdatedAt: null });
    await live.set(s.id, 'closing', DAY);
    expect(await presenter.one(s)).toMatchObject({ liveState: 'closing', liveUpdatedAt: DAY.toISOString() });
    await live.set(s.id, 'open', DAY);
    expect((await presenter.one(s)).liveState).toBe('open');
    clock.at = new Date('2026-06-13T22:00:00.000Z');
    expect(await presenter.one(s)).toMatchObject({ liveState: null, liveUpdatedAt: null });
    clock.at = new Date('2026-06-12T21:59:59.000Z');
    expect((await presenter.one(s)).liveState).toBeNull();
  });

  it('ignores a state set before the event day began (the event moved)', async () => {
    const s = await stand(50.92, 6.95);
    await live.set(s.id, 'absent', new Date('2026-06-10T10:00:00.000Z'));
    expect((await presenter.one(s)).liveState).toBeNull();
  });
});

describe('the route over the public read', () => {
  const query = (raw: Record<string, string>) => ZRouteQuery.parse(raw);

  it('plans the order planRoute plans for the same stops, and leaves closed and absent stands out', async () => {
    const stands = [await stand(50.92, 6.95), await stand(50.925, 6.955), await stand(50.918, 6.96), await stand(50.93, 6.94), await stand(50.921, 6.951)];
    await live.set(stands[3]!.id, 'closed', DAY);
    await live.set(stands[4]!.id, 'absent', DAY);
    const reads = await publicRead(stands);
    const q = query({ stands: stands.map((s) => s.id).join(','), start: '50.919,6.949', loop: 'true' });
    const input = routeInput(q, reads);
    const answer = plannedRoute(input, q, null);
    expect(answer.skipped.sort()).toEqual([stands[3]!.id, stands[4]!.id].sort());
    const expected = planRoute({
      stops: stands.slice(0, 3).map((s) => ({ id: s.id, lat: Number(s.latitude), lng: Number(s.longitude) })),
      start: { lat: 50.919, lng: 6.949 },
      loop: true,
      mode: 'walk',
    });
    expect(answer.order).toEqual(expected.order);
    expect(answer.distanceM).toBe(expected.distanceM);
    expect(answer).toMatchObject({ distances: 'straight', geometry: 'straight', exact: true });
    expect(answer.mapsLinks).toHaveLength(1);
  });

  it('refuses an id that is not a public stand of the event, and more than 150 stops', async () => {
    const reads = await publicRead([await stand(50.92, 6.95)]);
    const refusal = (raw: Record<string, string>) => {
      try {
        routeInput(query(raw), reads);
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('not refused');
    };
    expect(refusal({ stands: `${reads[0]!.id},${randomUUID()}` })).toMatchObject({ code: 'VALIDATION', message: ROUTE_CALL_MESSAGES.unknownStand });
    expect(refusal({ stands: Array.from({ length: 151 }, () => randomUUID()).join(',') }).message).toMatch(/höchstens 150 Stände/);
  });

  it('uses street distances from an OSRM-compatible table, and straight lines when the server fails', async () => {
    const stands = [await stand(50.92, 6.95), await stand(50.925, 6.955), await stand(50.918, 6.96)];
    const reads = await publicRead(stands);
    let broken = false;
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      const [, service, , profile, coordinates] = req.url!.split('?')[0]!.split('/');
      asked.push(`${service}/${profile}`);
      const points = decodeURIComponent(coordinates!)
        .split(';')
        .map((pair) => pair.split(',').map(Number) as [number, number]);
      if (broken) return void res.writeHead(500).end();
      const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (service === 'route') {
        // The way bends once between each two points, as streets do: a corner in the middle.
        const bends = points.flatMap(([lng, lat], i) =>
          i === 0
            ? [[lng, lat]]
            : [
                [lng, points[i - 1]![1]],
                [lng, lat],
              ],
        );
        return void json({ code: 'Ok', routes: [{ geometry: { type: 'LineString', coordinates: bends } }] });
      }
      // Every street leg is 1000 m: the order's length shows which distances were used.
      const count = points.length;
      json({ code: 'Ok', distances: Array.from({ length: count }, (_, i) => Array.from({ length: count }, (_, j) => (i === j ? 0 : 1000))) });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const distances = new RouteDistances({ ROUTING_URL: url, ROUTING_TIMEOUT_MS: 1000 });
      const q = query({ stands: stands.map((s) => s.id).join(','), loop: 'true' });
      const input = routeInput(q, reads);
      const street = plannedRoute(input, q, await distances.streetDistances(pointsOf(input, q), q.mode));
      expect(street).toMatchObject({ distances: 'street', distanceM: 3000, geometry: 'straight' });
      // Drawn along the server's way: from the first stand through the others in the planned order, and back.
      const drawn = withStreetTrack(street, await distances.streetPath(plannedTrack(input, q, street.order), q.mode));
      expect(drawn.geometry).toBe('streets');
      const at = (id: string) => {
        const s = reads.find((r) => r.id === id)!;
        return [Number(s.longitude), Number(s.latitude)];
      };
      const corners = drawn.track!.coordinates;
      expect(corners).toHaveLength(1 + 2 * street.order.length);
      expect(corners[0]).toEqual(at(street.order[0]!));
      expect(corners[2]).toEqual(at(street.order[1]!));
      expect(corners.at(-1)).toEqual(at(street.order[0]!));
      expect(asked).toEqual(['table/foot', 'route/foot']);
      broken = true;
      const fallback = await distances.streetDistances(pointsOf(input, q), q.mode);
      expect(fallback).toBeNull();
      expect(plannedRoute(input, q, fallback).distances).toBe('straight');
      expect(withStreetTrack(street, await distances.streetPath(plannedTrack(input, q, street.order), q.mode))).toEqual(street);
    } finally {
      server.close();
    }
  });
});
