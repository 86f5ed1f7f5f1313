import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TStand } from '@flohmarkt/contracts';
import { EventsClient } from '../peers/events-client.js';
import { eventFacts, insertStand } from '../testing/fixtures.js';
import { COMMANDS_WITHOUT_MAILS, STAND_READS, jsonCalls, user, withStandsApp, type Caller } from '../testing/stands-app.js';
import { StandController } from './stand.controller.js';

/*
 * Which stand reads a cache may keep (issue 30, V3/X7): the web app's worker keeps a signed-out read
 * of an approved stand for the offline stand page (docs/adr/0012-offline-event-page.md); every other
 * read may hold more than the public's view (the owner's and organiser's) and says `private, no-store`.
 * Events and auth are down (nothing listens): the read models answer alone.
 */

const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const EVENT = randomUUID();

let base: string;

type Who = 'anonymous' | 'organizer' | 'seller' | 'visitor';
const CALLERS: Record<Who, Caller> = { anonymous: {}, organizer: user('organizer', ORGANIZER), seller: user('participant', SELLER), visitor: user() };
const send = jsonCalls(() => base);
const read = (id: string, who: Who = 'anonymous') => send<TStand>('GET', `/stands/${id}`, undefined, CALLERS[who]);

let approved: string;
let pending: string;

withStandsApp(
  {
    controllers: [StandController],
    // Reads only: no mails to send.
    providers: [COMMANDS_WITHOUT_MAILS, EventsClient, ...STAND_READS],
    events: [eventFacts({ eventId: EVENT, organizerId: ORGANIZER })],
    users: [[SELLER, 'Sven', 'Seller', 'sven@example.de']],
  },
  async ({ base: url, fresh }) => {
    base = url;
    approved = (await insertStand(fresh.ds, { eventId: EVENT, exhibitorId: SELLER })).id;
    // One active stand per seller and market: the not yet public one is a guest's.
    pending = (await insertStand(fresh.ds, { eventId: EVENT, guestFirstName: 'Gerda', status: 'pending' })).id;
  },
);

describe('GET /stands/:id and caches', () => {
  it('a signed-out read of an approved stand carries no private mark, so the offline stand page may keep it', async () => {
    const { status, cacheControl } = await read(approved);
    expect(status).toBe(200);
    expect(cacheControl ?? '').not.toMatch(/private|no-store/);
  });

  it('the organiser’s read, the owner’s and any signed-in read are private, no-store', async () => {
    expect((await read(approved, 'organizer')).cacheControl).toBe('private, no-store');
    expect((await read(approved, 'seller')).cacheControl).toBe('private, no-store');
    expect((await read(approved, 'visitor')).cacheControl).toBe('private, no-store');
  });

  it('a stand not yet public is private, no-store (only the organiser may read it)', async () => {
    expect((await read(pending)).status).toBe(404);
    const organiser = await read(pending, 'organizer');
    expect(organiser.status).toBe(200);
    expect(organiser.cacheControl).toBe('private, no-store');
  });
});
