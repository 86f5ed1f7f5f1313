import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSearch } from '../search/event-search.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { EventEntity } from './event.entity.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';

/*
 * Safe retries of creating a market through the events service's HTTP app (issue 31): the
 * organiser's "Absenden" that timed out at the gateway and is sent again with its Idempotency-Key
 * is one market, once or twice at the same moment.
 */

const GATEWAY_TOKEN = 'idempotent-events-spec-gateway-token-0123';
const ORGANIZER = { 'x-user-id': randomUUID(), 'x-user-role': 'organizer' };

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'idempotent-events-spec-internal-token-01' };
  ({ app, base } = await startEventsApp(fresh, env, { controllers: [EventsController], providers: [EventsService, EventSearch] }));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

const market = (name: string) => ({
  name,
  location: 'Köln',
  latitude: 50.9375,
  longitude: 6.9603,
  startDateTime: '2031-05-10T08:00:00.000Z',
  endDateTime: '2031-05-10T14:00:00.000Z',
});

async function create(body: unknown, key: string) {
  const res = await fetch(`${base}/events`, {
    method: 'POST',
    headers: { 'x-internal-token': GATEWAY_TOKEN, 'content-type': 'application/json', 'idempotency-key': key, ...ORGANIZER },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') };
}

const marketsNamed = (name: string) => fresh.ds.getRepository(EventEntity).countBy({ name });

describe('creating a market sent again with its Idempotency-Key', () => {
  it('is one market; the repeat answers the first answer', async () => {
    const first = await create(market('Trödelmarkt am Dom'), 'create-once');
    const again = await create(market('Trödelmarkt am Dom'), 'create-once');
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 201, text: first.text, replayed: 'true' });
    expect(await marketsNamed('Trödelmarkt am Dom')).toBe(1);
  });

  it('is one market when both arrive at once', async () => {
    const answers = await Promise.all([create(market('Nachtflohmarkt'), 'create-together'), create(market('Nachtflohmarkt'), 'create-together')]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[0]?.text).toBe(answers[1]?.text);
    expect(await marketsNamed('Nachtflohmarkt')).toBe(1);
  });

  it('refuses the key with another market (422) and creates nothing', async () => {
    await create(market('Kinderflohmarkt'), 'create-other');
    const other = await create(market('Bücherflohmarkt'), 'create-other');
    expect(other.status).toBe(422);
    expect(await marketsNamed('Bücherflohmarkt')).toBe(0);
  });
});
