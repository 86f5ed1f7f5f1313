import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventsClient } from '../peers/events-client.js';
import type { FreshDatabase } from '../testing/fresh-database.js';
import { eventAnswerOf, eventFacts } from '../testing/fixtures.js';
import { STAND_READS, gatewayFetch, user, withStandsApp } from '../testing/stands-app.js';
import { GuestStandsController } from './guest-stands.controller.js';
import { ModerationController } from './moderation.controller.js';
import { StandCommands } from './stand-commands.js';
import { StandEntity } from './stand.entity.js';

/*
 * Safe retries through the stands service's HTTP app (issue 31): a guest registration sent again
 * with its Idempotency-Key, one after the other or both at once, is one stand and one mail; the
 * organiser's approval sent again is answered as the first one. The events service is a fake that
 * knows one open market.
 */

const ORGANIZER = user('organizer');
const EVENT_ID = randomUUID();
const market = eventAnswerOf(
  eventFacts({ eventId: EVENT_ID, organizerId: ORGANIZER['x-user-id'], name: 'Hofflohmarkt Ehrenfeld', location: 'Köln-Ehrenfeld' }),
);

let fresh: FreshDatabase;
let base: string;

withStandsApp(
  {
    controllers: [GuestStandsController, ModerationController],
    providers: [
      { provide: EventsClient, useValue: { find: async (id: string) => (id === EVENT_ID ? market : null) } },
      MailOptOuts,
      StandNotices,
      StandCommands,
      ...STAND_READS,
    ],
  },
  (started) => ({ base, fresh } = started),
);

async function send(method: 'POST' | 'PATCH', path: string, body: unknown, headers: Record<string, string>) {
  const res = await gatewayFetch(`${base}${path}`, headers, { method, body });
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
