import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { JOB_PAYLOADS, LIMITS, MAIL_SUBJECT_MAX_LENGTH, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import type { TStandsEnv } from '../config.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandEntity } from '../stands/stand.entity.js';
import { freshStandsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { MailOptOuts } from './opt-outs.js';
import { RegistrationDigests } from './registration-digests.js';
import { SettledNotices } from './settled-notices.js';
import { StandNotices } from './stand-notices.js';

/*
 * Every mail about a market whose name has the allowed 200 characters leaves (issue 30: "Freigeben"
 * answered 500 because the approval's subject outgrew the mail job's limit), its subject within the
 * limit and shortened after a whole word of the name; the mails confirming a registration tell the
 * registration deadline.
 */

const CONFIG = {
  EVENTS_SERVICE_URL: ['http://127.0.0.1:9'],
  AUTH_SERVICE_URL: ['http://127.0.0.1:9'],
  INTERNAL_TOKEN: 'notices-full-length-spec-token-0123456789',
  PEER_TIMEOUT_MS: 1000,
  PUBLIC_URL: 'https://flohmarkt.example.org',
  DIGEST_WINDOW_MINUTES: 15,
  DIGEST_SWEEP_SECONDS: 600,
  MAIL_SETTLE_S: 300,
  MAIL_CHANGE_INTERVAL_H: 6,
  RETENTION_DAYS: 30,
  LOG_LEVEL: 'error',
} as unknown as TStandsEnv;

type Mail = TJobPayload<'MailRequested'>;
type Facts = TJobPayload<'EventFactsChanged'>;

/** 200 characters of real words, as an organiser might fill the field. */
const LONG_NAME = `${'Großer Hof- und Straßenflohmarkt der Nachbarschaft rund um den Rathenauplatz '.repeat(3)}`.slice(0, LIMITS.eventNameMaxLength);
const NAME_WORDS = new Set(LONG_NAME.split(' '));

const ORGANIZER = randomUUID();
const SELLER = randomUUID();

let fresh: FreshDatabase;
let ds: DataSource;
let events: EventFactsReadModel;
let notices: StandNotices;
let digests: RegistrationDigests;
let settled: SettledNotices;

beforeAll(async () => {
  fresh = await freshStandsDatabase();
  ds = fresh.ds;
  events = new EventFactsReadModel(ds, new EventsClient(CONFIG));
  const users = new UserNamesReadModel(ds);
  const optOuts = new MailOptOuts(ds);
  notices = new StandNotices(CONFIG, users, optOuts);
  digests = new RegistrationDigests(ds, CONFIG, users, optOuts);
  settled = new SettledNotices(ds, CONFIG, notices);
  await users.apply({ userId: ORGANIZER, firstName: 'Olga', lastName: 'Orga', email: 'olga@example.de', profilePublic: true, version: 1 });
  await users.apply({ userId: SELLER, firstName: 'Sven', lastName: 'Seller', email: 'sven@example.de', profilePublic: true, version: 1 });
  await ds.query(`INSERT INTO stands.mail_addresses ("address", "confirmed_at") VALUES ('gisela@example.de', now())`);
});

afterAll(async () => {
  await fresh?.drop();
});

beforeEach(async () => {
  await ds.query(`TRUNCATE stands.stands, stands.outbox, stands.digest_entries, stands.digests_sent, stands.settling_notices, stands.decisions_told`);
});

function facts(eventId: string, version: number, changes: Partial<Facts> = {}): Facts {
  return {
    eventId,
    organizerId: ORGANIZER,
    latitude: '50.94130000',
    longitude: '6.95830000',
    startDateTime: '2031-06-14T06:00:00.000Z',
    endDateTime: '2031-06-14T14:00:00.000Z',
    allowStandRegistration: true,
    name: LONG_NAME,
    location: 'Rathenauplatz, 50674 Köln',
    status: 'planned',
    cancelReason: null,
    registrationDeadline: '2031-06-13T16:00:00.000Z',
    notifyOnRegistration: true,
    maxStands: null,
    seriesId: null,
    copiedFromId: null,
    team: [],
    reconfirmation: { enabled: false, askHoursBefore: 72, deadlineHoursBefore: 24 },
    version,
    ...changes,
  };
}

async function event(): Promise<string> {
  const eventId = randomUUID();
  await events.apply(facts(eventId, 1));
  return eventId;
}

async function stand(eventId: string, fields: Partial<StandEntity>): Promise<StandEntity> {
  const repo = ds.getRepository(StandEntity);
  const { identifiers } = await repo.insert({ eventId, status: 'pending' as TStandStatus, categories: ['Kleidung'], ...fields });
  return repo.findOneByOrFail({ id: identifiers[0].id as string });
}

const guest = { exhibitorId: null, guestFirstName: 'Gisela', guestLastName: 'Gast', guestEmail: 'gisela@example.de' };

/** The mails in the outbox, each parsed as the mailer parses it (a subject over the limit throws here). */
async function mails(): Promise<Mail[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'MailRequested' }, order: { createdAt: 'ASC' } });
  return rows.map((r) => JOB_PAYLOADS.MailRequested.parse(r.payload));
}

const later = () => new Date(Date.now() + 6 * 60_000);

/** The part of the subject between „ and “: whole words of the name, then "…". */
function expectNameCutAtWord(subject: string): void {
  expect(subject.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX_LENGTH);
  const quoted = /„(.*)“/u.exec(subject)?.[1] ?? '';
  expect(quoted.endsWith('…')).toBe(true);
  for (const word of quoted.slice(0, -1).split(' ')) expect(NAME_WORDS.has(word)).toBe(true);
}

describe('mails about a market with a 200-character name', () => {
  it('approve and reject: the decision mail leaves with the subject shortened after a whole word, the whole name in its text', async () => {
    const eventId = await event();
    const approved = await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    const rejected = await stand(eventId, { ...guest, status: 'rejected', rejectionReason: 'Leider schon voll.' });
    await ds.transaction((m) => notices.decided(m, approved));
    await ds.transaction((m) => notices.decided(m, rejected));
    expect(await settled.sendDue(later())).toBe(2);
    const sent = await mails();
    expect(sent.map((m) => m.kind).sort()).toEqual(['stand-approved', 'stand-rejected']);
    for (const mail of sent) {
      expectNameCutAtWord(mail.subject);
      expect(mail.text).toContain(LONG_NAME);
    }
    expect(sent.find((m) => m.kind === 'stand-approved')!.subject).toMatch(/^Dein Stand beim Flohmarkt „Großer Hof- und .*…“ ist genehmigt$/u);
  });

  it('receipt, waitlist, move-up, digest, cancellation and move all leave within the limit', async () => {
    const eventId = await event();
    const guestStand = await stand(eventId, guest);
    await ds.transaction((m) => notices.registered(m, guestStand, 'TOKEN-abcdefghijklmnopqrs'));
    const seller = await stand(eventId, { exhibitorId: SELLER });
    await ds.transaction((m) => notices.registered(m, seller, null));
    await ds.transaction((m) => notices.waitlisted(m, seller, 12));
    await ds.transaction((m) => notices.promoted(m, seller));
    await digests.sendDue();
    await events.apply(facts(eventId, 2, { startDateTime: '2031-06-21T06:00:00.000Z', endDateTime: '2031-06-21T14:00:00.000Z' }), (c, m) =>
      notices.eventFactsChanged(m, c),
    );
    await settled.sendDue(later());
    await events.apply(facts(eventId, 3, { status: 'cancelled', cancelReason: 'Unwetterwarnung' }), (c, m) => notices.eventFactsChanged(m, c));
    await settled.sendDue(new Date(Date.now() + 7 * 3600_000));
    const sent = await mails();
    expect(sent.map((m) => m.kind)).toEqual([
      'guest-registered',
      'stand-waitlisted',
      'stand-promoted',
      'registration-digest',
      'event-moved',
      'event-moved',
      'event-cancelled',
      'event-cancelled',
    ]);
    for (const mail of sent) expectNameCutAtWord(mail.subject);
    expect(sent.find((m) => m.kind === 'stand-waitlisted')!.subject).toMatch(/…“: Platz 12$/u);
  });

  it('tells the registration deadline in the receipt and the waitlist notice, in Berlin time', async () => {
    const eventId = await event();
    const guestStand = await stand(eventId, guest);
    await ds.transaction((m) => notices.registered(m, guestStand, 'TOKEN-abcdefghijklmnopqrs'));
    const seller = await stand(eventId, { exhibitorId: SELLER });
    await ds.transaction((m) => notices.waitlisted(m, seller, 2));
    const [receipt, waitlisted] = await mails();
    expect(receipt.text).toContain('Anmeldeschluss: Fr 13.06., 18:00 Uhr');
    expect(waitlisted.text).toContain('Anmeldeschluss: Fr 13.06., 18:00 Uhr');
    expect(receipt.html).toContain('Fr 13.06., 18:00 Uhr');
  });
});
