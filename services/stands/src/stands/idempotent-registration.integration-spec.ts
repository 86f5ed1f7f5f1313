import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent } from '@flohmarkt/contracts';
import { ErrorBodyFilter, JsonLogger, OutboxMessageEntity, dataSourceOptions, internalAuth } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, ZStandsEnv } from '../config.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { freshStandsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { GuestStandsController } from './guest-stands.controller.js';
import { ModerationController } from './moderation.controller.js';
import { StandCommands } from './stand-commands.js';
import { StandLoader } from './stand-loader.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';
import { StandEntity } from './stand.entity.js';

/*
 * Safe retries through the stands service's HTTP app (issue 31): a guest registration sent again
 * with its Idempotency-Key, one after the other or both at once, is one stand and one mail; the
 * organiser's approval sent again is answered as the first one. The events service is a fake that
 * knows one open market.
 */

const GATEWAY_TOKEN = 'idempotent-spec-gateway-token-0123456789';
const ORGANIZER = { 'x-user-id': randomUUID(), 'x-user-role': 'organizer' };
const EVENT_ID = randomUUID();

const market: TEvent = {
  id: EVENT_ID,
  name: 'Hofflohmarkt Ehrenfeld',
  description: null,
  rules: null,
  location: 'Köln-Ehrenfeld',
  latitude: '50.94780000',
  longitude: '6.91900000',
  startDateTime: '2031-06-07T06:00:00.000Z',
  endDateTime: '2031-06-07T14:00:00.000Z',
  organizerId: ORGANIZER['x-user-id'],
  status: 'planned',
  cancelReason: null,
  contactEmail: null,
  contactPhone: null,
  websiteUrl: null,
  websiteLinkText: null,
  allowStandRegistration: true,
  registrationDeadline: null,
  notifyOnRegistration: true,
  maxStands: null,
  phase: 'upcoming',
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
} as TEvent;

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

async function startApp(db: FreshDatabase): Promise<INestApplication> {
  const config = ZStandsEnv.parse({
    DATABASE_URL: db.db.url,
    INTERNAL_TOKEN: 'idempotent-spec-internal-token-0123456789',
    GATEWAY_TOKEN,
    EVENTS_SERVICE_URL: 'http://127.0.0.1:9',
    AUTH_SERVICE_URL: 'http://127.0.0.1:9',
    PEER_TIMEOUT_MS: '500',
  });
  @Module({
    imports: [TypeOrmModule.forRoot(dataSourceOptions(db.db)), TypeOrmModule.forFeature([StandEntity, ReviewEntity])],
    controllers: [GuestStandsController, ModerationController],
    providers: [
      { provide: STANDS_CONFIG, useValue: config },
      { provide: EventsClient, useValue: { find: async (id: string) => (id === EVENT_ID ? market : null) } },
      EventFactsReadModel,
      UserNamesReadModel,
      PhotoStatesReadModel,
      MailOptOuts,
      StandNotices,
      StandCommands,
      StandQueries,
      StandLoader,
      StandPresenter,
    ],
  })
  class IdempotentSpecModule {}
  const nest = await NestFactory.create(IdempotentSpecModule, { logger: false });
  nest.use(internalAuth({ gatewayToken: GATEWAY_TOKEN, serviceToken: config.INTERNAL_TOKEN }));
  nest.useGlobalFilters(new ErrorBodyFilter(new JsonLogger('stands-test', 'error')));
  await nest.listen(0, '127.0.0.1');
  return nest;
}

beforeAll(async () => {
  fresh = await freshStandsDatabase();
  app = await startApp(fresh);
  base = await app.getUrl();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await fresh?.drop();
});

async function send(method: 'POST' | 'PATCH', path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-internal-token': GATEWAY_TOKEN, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') };
}

const registration = (email: string) => ({
  guestFirstName: 'Gisela',
  guestLastName: 'Gast',
  guestEmail: email,
  description: 'Kinderkleidung und Bücher',
  categories: ['Kleidung'],
});

const guestStands = (email: string) => fresh.ds.getRepository(StandEntity).countBy({ eventId: EVENT_ID, guestEmail: email });
const mailsTo = async (email: string) =>
  (await fresh.ds.getRepository(OutboxMessageEntity).findBy({ name: 'MailRequested' })).filter((m) => JSON.stringify(m.payload).includes(email)).length;

describe('a guest registration sent again with its Idempotency-Key', () => {
  it('is one stand and one mail; the repeat answers the first answer, manage link included', async () => {
    const email = 'gisela.nochmal@example.de';
    const first = await send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), { 'idempotency-key': 'guest-once' });
    const again = await send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), { 'idempotency-key': 'guest-once' });
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 201, text: first.text, replayed: 'true' });
    expect(await guestStands(email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it('is one stand when both arrive at once', async () => {
    const email = 'gisela.gleichzeitig@example.de';
    const answers = await Promise.all([
      send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), { 'idempotency-key': 'guest-together' }),
      send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), { 'idempotency-key': 'guest-together' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await guestStands(email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it('is two stands with two keys (another submission)', async () => {
    const email = 'gisela.zweimal@example.de';
    await send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), { 'idempotency-key': 'guest-a' });
    await send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), { 'idempotency-key': 'guest-b' });
    expect(await guestStands(email)).toBe(2);
  });
});

describe('the organiser’s decision sent again with its Idempotency-Key', () => {
  it('answers the first approval again, marked as replayed', async () => {
    const email = 'gisela.freigabe@example.de';
    const created = await send('POST', `/events/${EVENT_ID}/guest-stands`, registration(email), {});
    const standId = (JSON.parse(created.text) as { id: string }).id;
    const first = await send('PATCH', `/stands/${standId}/approve-draft`, {}, { ...ORGANIZER, 'idempotency-key': 'approve-once' });
    const again = await send('PATCH', `/stands/${standId}/approve-draft`, {}, { ...ORGANIZER, 'idempotency-key': 'approve-once' });
    expect(first.status).toBe(200);
    expect(again).toEqual({ status: 200, text: first.text, replayed: 'true' });
    const otherBody = await send('PATCH', `/stands/${standId}/reject`, { reason: 'Doch nicht' }, { ...ORGANIZER, 'idempotency-key': 'approve-once' });
    expect(otherBody.status).toBe(422);
    expect(await fresh.ds.getRepository(StandEntity).findOneByOrFail({ id: standId })).toMatchObject({ status: 'approved' });
  });
});
