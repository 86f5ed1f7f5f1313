import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { TDraftListStand, TJobPayload, TStand } from '@flohmarkt/contracts';
import { ErrorBodyFilter, JsonLogger, dataSourceOptions, internalAuth } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, ZStandsEnv } from '../config.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { freshStandsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { EventStandsController } from './event-stands.controller.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';
import { StandController } from './stand.controller.js';
import { StandEntity } from './stand.entity.js';

/*
 * How the organiser reaches a stand's holder (issue 30, O8): the review list and the organiser's
 * stand list carry `contactEmail` (the seller's account address from the read model, or the
 * guest's given one) and keep the rejection reason; the public and other sellers never see an
 * address. Events and auth are down (nothing listens): the read models answer alone.
 */

const GATEWAY_TOKEN = 'contacts-spec-gateway-token-0123456789';
const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const OTHER_SELLER = randomUUID();
const ADMIN = randomUUID();
const EVENT = randomUUID();

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

async function startApp(db: FreshDatabase): Promise<INestApplication> {
  const config = ZStandsEnv.parse({
    DATABASE_URL: db.db.url,
    INTERNAL_TOKEN: 'contacts-spec-internal-token-0123456789',
    GATEWAY_TOKEN,
    EVENTS_SERVICE_URL: 'http://127.0.0.1:9',
    AUTH_SERVICE_URL: 'http://127.0.0.1:9',
    PEER_TIMEOUT_MS: '500',
  });
  @Module({
    imports: [TypeOrmModule.forRoot(dataSourceOptions(db.db)), TypeOrmModule.forFeature([StandEntity, ReviewEntity])],
    controllers: [EventStandsController, StandController],
    providers: [
      { provide: STANDS_CONFIG, useValue: config },
      // Reads only: no mails to send.
      { provide: StandCommands, useFactory: (ds: DataSource) => new StandCommands(ds), inject: [DataSource] },
      EventsClient,
      EventFactsReadModel,
      UserNamesReadModel,
      PhotoStatesReadModel,
      StandQueries,
      StandLoader,
      StandPresenter,
    ],
  })
  class ContactsSpecModule {}
  const nest = await NestFactory.create(ContactsSpecModule, { logger: false });
  nest.use(internalAuth({ gatewayToken: GATEWAY_TOKEN, serviceToken: config.INTERNAL_TOKEN }));
  nest.useGlobalFilters(new ErrorBodyFilter(new JsonLogger('stands-test', 'error')));
  await nest.listen(0, '127.0.0.1');
  return nest;
}

type Who = 'anonymous' | 'organizer' | 'seller' | 'otherSeller' | 'admin';
const CALLERS: Record<Exclude<Who, 'anonymous'>, { id: string; role: string }> = {
  organizer: { id: ORGANIZER, role: 'organizer' },
  seller: { id: SELLER, role: 'participant' },
  otherSeller: { id: OTHER_SELLER, role: 'organizer' },
  admin: { id: ADMIN, role: 'admin' },
};

async function get<T>(path: string, who: Who = 'anonymous'): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'x-internal-token': GATEWAY_TOKEN };
  if (who !== 'anonymous') Object.assign(headers, { 'x-user-id': CALLERS[who].id, 'x-user-role': CALLERS[who].role });
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as T };
}

const facts: TJobPayload<'EventFactsChanged'> = {
  eventId: EVENT,
  organizerId: ORGANIZER,
  latitude: '50.94780000',
  longitude: '6.91900000',
  startDateTime: '2031-06-07T06:00:00.000Z',
  endDateTime: '2031-06-07T14:00:00.000Z',
  allowStandRegistration: true,
  name: 'Hofflohmarkt Südstadt',
  location: 'Köln',
  status: 'planned',
  cancelReason: null,
  registrationDeadline: null,
  notifyOnRegistration: true,
  maxStands: null,
  seriesId: null,
  copiedFromId: null,
  team: [],
  reconfirmation: { enabled: false, askHoursBefore: 72, deadlineHoursBefore: 24 },
  version: 1,
} as TJobPayload<'EventFactsChanged'>;

let sellerStand: string;
let guestStand: string;
let silentGuestStand: string;
let rejectedStand: string;

async function stand(values: Partial<StandEntity>): Promise<string> {
  const repo = fresh.ds.getRepository(StandEntity);
  return (await repo.save(repo.create({ eventId: EVENT, status: 'approved', categories: ['Bücher'], description: 'Bücher', ...values }))).id;
}

beforeAll(async () => {
  fresh = await freshStandsDatabase();
  app = await startApp(fresh);
  base = await app.getUrl();
  await app.get(EventFactsReadModel).apply(facts);
  await app.get(UserNamesReadModel).apply({ userId: SELLER, firstName: 'Sven', lastName: 'Seller', email: 'sven@example.de', profilePublic: true, version: 1 });
  sellerStand = await stand({ exhibitorId: SELLER, status: 'pending' });
  guestStand = await stand({ guestFirstName: 'Gerda', guestEmail: 'gerda@example.de' });
  silentGuestStand = await stand({ guestFirstName: 'Nora', status: 'pending' });
  rejectedStand = await stand({ guestFirstName: 'Rita', guestEmail: 'rita@example.de', status: 'rejected', rejectionReason: 'Kein Neuware-Verkauf bitte.' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

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
