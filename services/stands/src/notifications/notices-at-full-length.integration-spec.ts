import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { LIMITS, MAIL_SUBJECT_MAX_LENGTH, type TJobPayload } from '@flohmarkt/contracts';
import type { EventFactsReadModel } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { atTheDom, eventsReadModel, insertStand, knownUsers, outboxMails, specConfig } from '../testing/fixtures.js';
import { MailConfirmations } from './mail-confirmations.js';
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

const CONFIG = specConfig({ DIGEST_WINDOW_MINUTES: 15, DIGEST_SWEEP_SECONDS: 600, MAIL_SETTLE_S: 300, MAIL_CHANGE_INTERVAL_H: 6, RETENTION_DAYS: 30 });

type Facts = TJobPayload<'EventFactsChanged'>;

/** 200 characters of real words, as an organiser might fill the field. */
const LONG_NAME = `${'Großer Hof- und Straßenflohmarkt der Nachbarschaft rund um den Rathenauplatz '.repeat(3)}`.slice(0, LIMITS.eventNameMaxLength);
const NAME_WORDS = new Set(LONG_NAME.split(' '));

const ORGANIZER = randomUUID();
const SELLER = randomUUID();

let ds: DataSource;
let events: EventFactsReadModel;
let notices: StandNotices;
let digests: RegistrationDigests;
let settled: SettledNotices;
let confirmations: MailConfirmations;

withFreshStandsDatabase(async (fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds, CONFIG);
  const users = new UserNamesReadModel(ds);
  const optOuts = new MailOptOuts(ds);
  notices = new StandNotices(CONFIG, users, optOuts);
  digests = new RegistrationDigests(ds, CONFIG, users, optOuts);
  settled = new SettledNotices(ds, CONFIG, notices);
  confirmations = new MailConfirmations(ds, notices);
  await knownUsers(users, [ORGANIZER, 'Olga', 'Orga', 'olga@example.de'], [SELLER, 'Sven', 'Seller', 'sven@example.de']);
  await ds.query(`INSERT INTO stands.mail_addresses ("address", "confirmed_at") VALUES ('gisela@example.de', now())`);
});

beforeEach(async () => {
  await ds.query(`TRUNCATE stands.stands, stands.outbox, stands.digest_entries, stands.digests_sent, stands.settling_notices, stands.decisions_told,
    stands.mail_confirmation_tokens, stands.held_guest_receipts`);
});

/** A market on 14 June 2031 whose registration closes the evening before. */
function facts(eventId: string, version: number, changes: Partial<Facts> = {}): Facts {
  const when = { startDateTime: '2031-06-14T06:00:00.000Z', endDateTime: '2031-06-14T14:00:00.000Z', registrationDeadline: '2031-06-13T16:00:00.000Z' };
  return atTheDom({ eventId, organizerId: ORGANIZER, name: LONG_NAME, location: 'Rathenauplatz, 50674 Köln', ...when, version, ...changes });
}

async function event(): Promise<string> {
  const eventId = randomUUID();
  await events.apply(facts(eventId, 1));
  return eventId;
}

const stand = (eventId: string, fields: Partial<StandEntity>) =>
  insertStand(ds, { eventId, status: 'pending', categories: ['Kleidung'], description: null, ...fields });

const guest = { exhibitorId: null, guestFirstName: 'Gisela', guestLastName: 'Gast', guestEmail: 'gisela@example.de' };

/** The mails in the outbox, each parsed as the mailer parses it (a subject over the limit throws here). */
const mails = () => outboxMails(ds);

const later = () => new Date(Date.now() + 6 * 60_000);

/** A guest registers with an address not yet confirmed and follows the link of the request to confirm it: the receipt goes then. */
async function registerAndConfirm(eventId: string): Promise<void> {
  const guestStand = await stand(eventId, { ...guest, guestEmail: `gast.${randomUUID().slice(0, 8)}@example.de` });
  await ds.transaction((m) => notices.registered(m, guestStand, 'TOKEN-abcdefghijklmnopqrs'));
  const request = (await mails()).find((m) => m.kind === 'mail-confirmation')!;
  await confirmations.confirm(/\/e-mail-bestaetigen\/([A-Za-z0-9_-]{22})/.exec(request.text)![1]);
}

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
    await registerAndConfirm(eventId);
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
      'mail-confirmation',
      'guest-registered',
      'stand-waitlisted',
      'stand-promoted',
      'registration-digest',
      'event-moved',
      'event-moved',
      'event-cancelled',
      'event-cancelled',
    ]);
    // The request to confirm names no market (an organiser types its name); every other one within the limit.
    for (const mail of sent.slice(1)) expectNameCutAtWord(mail.subject);
    expect(sent.find((m) => m.kind === 'stand-waitlisted')!.subject).toMatch(/…“: Platz 12$/u);
  });

  it('tells the registration deadline in the receipt and the waitlist notice, in Berlin time', async () => {
    const eventId = await event();
    await registerAndConfirm(eventId);
    const seller = await stand(eventId, { exhibitorId: SELLER });
    await ds.transaction((m) => notices.waitlisted(m, seller, 2));
    const [, receipt, waitlisted] = await mails();
    expect(receipt.text).toContain('Anmeldeschluss: Fr 13.06., 18:00 Uhr');
    expect(waitlisted.text).toContain('Anmeldeschluss: Fr 13.06., 18:00 Uhr');
    expect(receipt.html).toContain('Fr 13.06., 18:00 Uhr');
  });
});
