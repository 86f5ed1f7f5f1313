import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '@flohmarkt/contracts';
import { EventEntity } from '../events/event.entity.js';
import { freshEventsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { AdminEventsController } from './admin-events.controller.js';

/* The admin's market search (issue 30, A1) as the gateway forwards it: GET /admin/events?q=&limit=&offset=. */

const GATEWAY_TOKEN = 'admin-events-spec-gateway-token-0123456789';
const ADMIN = randomUUID();
const ORGANIZER = randomUUID();

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

async function list(query: string, role = 'admin'): Promise<{ status: number; body: unknown; total: string | null }> {
  const headers = { 'x-internal-token': GATEWAY_TOKEN, 'x-user-id': role === 'admin' ? ADMIN : ORGANIZER, 'x-user-role': role };
  const res = await fetch(`${base}/admin/events${query}`, { headers });
  return { status: res.status, body: await res.json(), total: res.headers.get('x-total-count') };
}
const names = async (query: string) => ((await list(query)).body as TEvent[]).map((e) => e.name);

async function market(name: string, start: string, values: Partial<EventEntity> = {}): Promise<void> {
  const repo = fresh.ds.getRepository(EventEntity);
  const startDateTime = new Date(start);
  await repo.save(
    repo.create({ name, location: 'Köln', startDateTime, endDateTime: new Date(startDateTime.getTime() + 6 * 3600_000), organizerId: ORGANIZER, ...values }),
  );
}

beforeAll(async () => {
  fresh = await freshEventsDatabase();
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN: 'admin-events-spec-internal-token-0123456789' };
  ({ app, base } = await startEventsApp(fresh, env, { controllers: [AdminEventsController] }));
  await market('Hofflohmarkt Südstadt', '2026-05-02T08:00:00Z', { contactEmail: 'kontakt@suedstadt.de' });
  await market('Kinderflohmarkt Ehrenfeld', '2026-06-06T08:00:00Z', { location: 'Köln-Ehrenfeld' });
  await market('Nachtflohmarkt 100%', '2026-07-04T18:00:00Z', { location: 'Bonn' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

describe('GET /admin/events', () => {
  it('lists every market, latest start first, with the total', async () => {
    const { status, body, total } = await list('');
    expect(status).toBe(200);
    expect((body as TEvent[]).map((e) => e.name)).toEqual(['Nachtflohmarkt 100%', 'Kinderflohmarkt Ehrenfeld', 'Hofflohmarkt Südstadt']);
    expect(total).toBe('3');
  });

  it('finds by a part of the name, the place or the contact e-mail, in any case; % is taken literally', async () => {
    expect(await names('?q=s%C3%BCdSTADT')).toEqual(['Hofflohmarkt Südstadt']);
    expect(await names('?q=ehrenfeld')).toEqual(['Kinderflohmarkt Ehrenfeld']);
    expect(await names('?q=kontakt%40suedstadt')).toEqual(['Hofflohmarkt Südstadt']);
    expect(await names('?q=100%25')).toEqual(['Nachtflohmarkt 100%']);
    expect(await names('?q=%25')).toEqual(['Nachtflohmarkt 100%']);
    expect(await names('?q=%20%20')).toHaveLength(3);
  });

  it('pages the hits with limit and offset; the total counts all hits', async () => {
    const page = await list('?q=flohmarkt&limit=1&offset=1');
    expect((page.body as TEvent[]).map((e) => e.name)).toEqual(['Kinderflohmarkt Ehrenfeld']);
    expect(page.total).toBe('3');
  });

  it('is 403 for anyone but an admin, and a German 400 for a bad query', async () => {
    expect((await list('', 'organizer')).status).toBe(403);
    for (const query of [`?q=${'x'.repeat(201)}`, '?q=a&q=b', '?limit=0', '?limit=501', '?offset=-1']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect((body as { message: string }).message).toMatch(/Suchbegriff|limit|offset/);
    }
  });
});
