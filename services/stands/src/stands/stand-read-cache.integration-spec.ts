import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import type { TJobPayload, TStand } from '@flohmarkt/contracts';
import { ErrorBodyFilter, JsonLogger, dataSourceOptions, internalAuth } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, ZStandsEnv } from '../config.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { freshStandsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';
import { StandController } from './stand.controller.js';
import { StandEntity } from './stand.entity.js';

/*
 * Which stand reads a cache may keep (issue 30, V3/X7): the web app's worker keeps a signed-out read
 * of an approved stand for the offline stand page (docs/adr/0012-offline-event-page.md); every other
 * read may hold more than the public's view (the owner's and organiser's) and says `private, no-store`.
 * Events and auth are down (nothing listens): the read models answer alone.
 */

const GATEWAY_TOKEN = 'stand-read-cache-spec-gateway-token-0123456789';
const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const EVENT = randomUUID();

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

async function startApp(db: FreshDatabase): Promise<INestApplication> {
  const config = ZStandsEnv.parse({
    DATABASE_URL: db.db.url,
    INTERNAL_TOKEN: 'stand-read-cache-spec-internal-token-0123456789',
    GATEWAY_TOKEN,
    EVENTS_SERVICE_URL: 'http://127.0.0.1:9',
    AUTH_SERVICE_URL: 'http://127.0.0.1:9',
    PEER_TIMEOUT_MS: '500',
  });
  @Module({
    imports: [TypeOrmModule.forRoot(dataSourceOptions(db.db)), TypeOrmModule.forFeature([StandEntity, ReviewEntity])],
    controllers: [StandController],
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
  class StandReadCacheSpecModule {}
  const nest = await NestFactory.create(StandReadCacheSpecModule, { logger: false });
  nest.use(internalAuth({ gatewayToken: GATEWAY_TOKEN, serviceToken: config.INTERNAL_TOKEN }));
  nest.useGlobalFilters(new ErrorBodyFilter(new JsonLogger('stands-test', 'error')));
  await nest.listen(0, '127.0.0.1');
  return nest;
}

type Who = 'anonymous' | 'organizer' | 'seller' | 'visitor';
const CALLERS: Record<Exclude<Who, 'anonymous'>, { id: string; role: string }> = {
  organizer: { id: ORGANIZER, role: 'organizer' },
  seller: { id: SELLER, role: 'participant' },
  visitor: { id: randomUUID(), role: 'participant' },
};

async function read(id: string, who: Who = 'anonymous'): Promise<{ status: number; cacheControl: string | null; body: TStand }> {
  const headers: Record<string, string> = { 'x-internal-token': GATEWAY_TOKEN };
  if (who !== 'anonymous') Object.assign(headers, { 'x-user-id': CALLERS[who].id, 'x-user-role': CALLERS[who].role });
  const res = await fetch(`${base}/stands/${id}`, { headers });
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: (await res.json()) as TStand };
}

const facts = {
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

let approved: string;
let pending: string;

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
  approved = await stand({ exhibitorId: SELLER });
  // One active stand per seller and market: the not yet public one is a guest's.
  pending = await stand({ guestFirstName: 'Gerda', status: 'pending' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

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
