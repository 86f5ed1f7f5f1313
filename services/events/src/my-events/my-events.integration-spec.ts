import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { API_ERRORS, type TMyEvent } from '@flohmarkt/contracts';
import { EventEntity } from '../events/event.entity.js';
import { StandCountReadModel } from '../read-models/stand-count-read-model.js';
import { freshEventsDatabaseEmptiedPerTest } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { MyEventsController } from './my-events.controller.js';

/*
 * "Meine Flohmärkte" (issue 30) as a caller gets it from the events service (behind the gateway's
 * token): only the caller's own markets, upcoming first, each with the counters the stands service
 * announced (EventStandCountChanged, applied by the read model as the job handler does).
 */

const GATEWAY_TOKEN = 'my-events-spec-gateway-token-0123456789';
const ORGANIZER = randomUUID();
const OTHER = randomUUID();
const DAY = 24 * 3600 * 1000;

let ds: DataSource;
let app: INestApplication;
let base: string;
let counts: StandCountReadModel;

freshEventsDatabaseEmptiedPerTest([], async (fresh) => {
  ds = fresh.ds;
  counts = new StandCountReadModel(ds);
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'my-events-spec-internal-token-0123456789' };
  ({ app, base } = await startEventsApp(fresh, env, { controllers: [MyEventsController] }));
});

afterAll(async () => {
  await app?.close();
});

async function mine(userId: string | null, role = 'organizer'): Promise<{ status: number; body: unknown; total: string | null }> {
  const headers: Record<string, string> = { 'x-internal-token': GATEWAY_TOKEN };
  if (userId) Object.assign(headers, { 'x-user-id': userId, 'x-user-role': role });
  const res = await fetch(`${base}/me/events`, { headers });
  return { status: res.status, body: await res.json(), total: res.headers.get('x-total-count') };
}

/** A market of `organizerId` starting `days` from now (negative: in the past), lasting 6 hours. */
async function market(name: string, organizerId: string, days: number, values: Partial<EventEntity> = {}): Promise<string> {
  const start = new Date(Date.now() + days * DAY);
  const repo = ds.getRepository(EventEntity);
  const saved = await repo.save(
    repo.create({
      name,
      location: 'Köln',
      latitude: '50.93750000',
      longitude: '6.96030000',
      startDateTime: start,
      endDateTime: new Date(start.getTime() + 6 * 3600 * 1000),
      organizerId,
      ...values,
    }),
  );
  return saved.id;
}

describe('GET /me/events', () => {
  it('lists only the caller’s markets: those still to come soonest first, then the past ones latest first', async () => {
    await market('Vor einem Jahr', ORGANIZER, -365);
    await market('In zwei Wochen', ORGANIZER, 14);
    await market('Letzten Monat', ORGANIZER, -30);
    await market('Morgen', ORGANIZER, 1);
    await market('Läuft gerade', ORGANIZER, -0.1);
    await market('Fremder Markt', OTHER, 2);
    const { status, body, total } = await mine(ORGANIZER);
    expect(status).toBe(200);
    expect((body as TMyEvent[]).map((e) => e.name)).toEqual(['Läuft gerade', 'Morgen', 'In zwei Wochen', 'Letzten Monat', 'Vor einem Jahr']);
    expect(total).toBe('5');
    expect((await mine(OTHER)).body).toMatchObject([{ name: 'Fremder Markt', organizerId: OTHER }]);
  });

  it('carries each market’s counters as the stands service announced them; free places only under a cap', async () => {
    const capped = await market('Mit Platzgrenze', ORGANIZER, 3, { maxStands: 10 });
    const open = await market('Ohne Grenze', ORGANIZER, 4);
    await counts.apply({ eventId: capped, approvedStands: 4, takenPlaces: 7, pendingStands: 3, waitlistedStands: 2, rejectedStands: 1, version: 1 });
    await counts.apply({ eventId: open, approvedStands: 1, takenPlaces: 1, pendingStands: 0, waitlistedStands: 0, rejectedStands: 5, version: 1 });
    const [first, second] = (await mine(ORGANIZER)).body as TMyEvent[];
    expect(first).toMatchObject({ id: capped, maxStands: 10, counts: { approved: 4, pending: 3, waitlisted: 2, rejected: 1, freePlaces: 3 } });
    expect(second).toMatchObject({ id: open, counts: { approved: 1, pending: 0, waitlisted: 0, rejected: 5, freePlaces: null } });
  });

  it('takes the counters of a newer version only', async () => {
    const id = await market('Hofflohmarkt', ORGANIZER, 5);
    await counts.apply({ eventId: id, approvedStands: 2, takenPlaces: 4, pendingStands: 2, waitlistedStands: 0, rejectedStands: 1, version: 2 });
    // Older than the stored one: changes nothing.
    await counts.apply({ eventId: id, approvedStands: 9, takenPlaces: 9, pendingStands: 9, waitlistedStands: 9, rejectedStands: 9, version: 1 });
    expect(((await mine(ORGANIZER)).body as TMyEvent[])[0].counts).toEqual({ approved: 2, pending: 2, waitlisted: 0, rejected: 1, freePlaces: null });
  });

  it('is an empty list for someone who organises nothing, also an admin (only one’s own markets)', async () => {
    await market('Fremder Markt', OTHER, 2);
    expect((await mine(randomUUID(), 'participant')).body).toEqual([]);
    expect((await mine(randomUUID(), 'admin')).body).toEqual([]);
  });

  it('answers 401 signed out, in German', async () => {
    const { status, body } = await mine(null);
    expect(status).toBe(401);
    expect(body).toMatchObject({ message: API_ERRORS.unauthenticated });
  });
});
