import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TDraftListStand, TStand } from '@flohmarkt/contracts';
import { EventsClient } from '../peers/events-client.js';
import { eventFacts, insertStand } from '../testing/fixtures.js';
import { COMMANDS_WITHOUT_MAILS, STAND_READS, jsonCalls, user, withStandsApp, type Caller } from '../testing/stands-app.js';
import { EventStandsController } from './event-stands.controller.js';
import { StandController } from './stand.controller.js';
import type { StandEntity } from './stand.entity.js';

/*
 * How the organiser reaches a stand's holder (issue 30, O8): the review list and the organiser's
 * stand list carry `contactEmail` (the seller's account address from the read model, or the
 * guest's given one) and keep the rejection reason; the public and other sellers never see an
 * address. Events and auth are down (nothing listens): the read models answer alone.
 */

const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const EVENT = randomUUID();

let base: string;

type Who = 'anonymous' | 'organizer' | 'seller' | 'otherSeller' | 'admin';
const CALLERS: Record<Who, Caller> = {
  anonymous: {},
  organizer: user('organizer', ORGANIZER),
  seller: user('participant', SELLER),
  otherSeller: user('organizer'),
  admin: user('admin'),
};
const send = jsonCalls(() => base);
const get = <T>(path: string, who: Who = 'anonymous') => send<T>('GET', path, undefined, CALLERS[who]);

let sellerStand: string;
let guestStand: string;
let silentGuestStand: string;
let rejectedStand: string;

withStandsApp(
  {
    controllers: [EventStandsController, StandController],
    // Reads only: no mails to send.
    providers: [COMMANDS_WITHOUT_MAILS, EventsClient, ...STAND_READS],
    events: [eventFacts({ eventId: EVENT, organizerId: ORGANIZER })],
    users: [[SELLER, 'Sven', 'Seller', 'sven@example.de']],
  },
  async ({ base: url, fresh }) => {
    base = url;
    const stand = async (values: Partial<StandEntity>) => (await insertStand(fresh.ds, { eventId: EVENT, ...values })).id;
    sellerStand = await stand({ exhibitorId: SELLER, status: 'pending' });
    guestStand = await stand({ guestFirstName: 'Gerda', guestEmail: 'gerda@example.de' });
    silentGuestStand = await stand({ guestFirstName: 'Nora', status: 'pending' });
    rejectedStand = await stand({ guestFirstName: 'Rita', guestEmail: 'rita@example.de', status: 'rejected', rejectionReason: 'Kein Neuware-Verkauf bitte.' });
  },
);

const contactOf = (list: TStand[], id: string) => list.find((s) => s.id === id)?.contactEmail;

describe('the review list (draft-stands)', () => {
  it('gives the organiser each holder’s e-mail: the seller’s account address, the guest’s given one, null when none', async () => {
    const { status, body } = await get<TDraftListStand[]>(`/events/${EVENT}/draft-stands?status=pending,approved,rejected`, 'organizer');
    expect(status).toBe(200);
    expect(contactOf(body, sellerStand)).toBe('sven@example.de');
    expect(contactOf(body, guestStand)).toBe('gerda@example.de');
    expect(contactOf(body, silentGuestStand)).toBeNull();
  });

  it('keeps the rejection reason on a rejected stand with its holder’s address', async () => {
    const { body } = await get<TDraftListStand[]>(`/events/${EVENT}/draft-stands?status=rejected`, 'admin');
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ id: rejectedStand, rejectionReason: 'Kein Neuware-Verkauf bitte.', contactEmail: 'rita@example.de' });
  });

  it('is refused to an organiser of other markets', async () => {
    expect((await get(`/events/${EVENT}/draft-stands`, 'otherSeller')).status).toBe(403);
  });
});

describe('the event’s stand list', () => {
  it('carries the addresses for the organiser and admins', async () => {
    for (const who of ['organizer', 'admin'] as const) {
      const { body } = await get<TStand[]>(`/events/${EVENT}/stands`, who);
      expect(contactOf(body, sellerStand)).toBe('sven@example.de');
      expect(contactOf(body, guestStand)).toBe('gerda@example.de');
    }
  });

  it('carries none for the public, another organiser or the seller', async () => {
    for (const who of ['anonymous', 'otherSeller', 'seller'] as const) {
      const { status, body } = await get<TStand[]>(`/events/${EVENT}/stands`, who);
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      for (const read of body) expect(read).not.toHaveProperty('contactEmail');
      expect(JSON.stringify(body)).not.toContain('@example.de');
    }
  });

  it('carries none in a public stand read', async () => {
    const { status, body } = await get<TStand>(`/stands/${guestStand}`);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('contactEmail');
    expect(JSON.stringify(body)).not.toContain('gerda@example.de');
  });
});
