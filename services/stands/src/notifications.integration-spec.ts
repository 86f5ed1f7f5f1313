import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { JOB_PAYLOADS, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import type { TStandsEnv } from './config.js';
import { MailOptOuts } from './notifications/opt-outs.js';
import { RegistrationDigests } from './notifications/registration-digests.js';
import { StandNotices } from './notifications/stand-notices.js';
import { EventsClient } from './peers/events-client.js';
import { UsersClient } from './peers/users-client.js';
import { EventFactsReadModel } from './read-models/event-facts.js';
import { UserNamesReadModel } from './read-models/user-names.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { freshStandsDatabase, type FreshDatabase } from './testing/fresh-database.js';

/*
 * The mails of the stands service as they leave through its outbox (MailRequested): who gets
 * which, with what, and when not (opt-out, digest window, switched off). The peers are down: every
 * address and name comes from the read models.
 */

const CONFIG = {
  EVENTS_SERVICE_URL: ['http://127.0.0.1:9'],
  AUTH_SERVICE_URL: ['http://127.0.0.1:9'],
  INTERNAL_TOKEN: 'notifications-spec-token-0123456789abcdef',
  PEER_TIMEOUT_MS: 1000,
  PUBLIC_URL: 'https://flohmarkt.example.org',
  DIGEST_WINDOW_MINUTES: 15,
  DIGEST_SWEEP_SECONDS: 600,
  LOG_LEVEL: 'error',
} as unknown as TStandsEnv;

type Mail = TJobPayload<'MailRequested'>;
type Facts = TJobPayload<'EventFactsChanged'>;

const ORGANIZER = randomUUID();
const SELLER = randomUUID();

let fresh: FreshDatabase;
let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;
let optOuts: MailOptOuts;
let notices: StandNotices;
let digests: RegistrationDigests;

beforeAll(async () => {
  fresh = await freshStandsDatabase();
  ds = fresh.ds;
  events = new EventFactsReadModel(ds, new EventsClient(CONFIG));
  users = new UserNamesReadModel(ds, new UsersClient(CONFIG));
  optOuts = new MailOptOuts(ds);
  notices = new StandNotices(CONFIG, users, optOuts);
  digests = new RegistrationDigests(ds, CONFIG, users, optOuts);
});

afterAll(async () => {
  await fresh?.drop();
});

beforeEach(async () => {
  await ds.query(
    'TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.outbox, stands.mail_opt_outs, stands.digest_entries, stands.digests_sent',
  );
  await users.apply({ userId: ORGANIZER, firstName: 'Olga', lastName: 'Orga', email: 'olga@example.de', profilePublic: true, version: 1 });
  await users.apply({ userId: SELLER, firstName: 'Sven', lastName: 'Seller', email: 'sven@example.de', profilePublic: true, version: 1 });
});

function facts(eventId: string, version: number, changes: Partial<Facts> = {}): Facts {
  return {
    eventId,
    organizerId: ORGANIZER,
    latitude: '50.94130000',
    longitude: '6.95830000',
    startDateTime: '2031-05-10T08:00:00.000Z',
    endDateTime: '2031-05-10T14:00:00.000Z',
    allowStandRegistration: true,
    name: 'Trödelmarkt am Dom',
    location: 'Roncalliplatz, Köln',
    status: 'planned',
    cancelReason: null,
    registrationDeadline: null,
    notifyOnRegistration: true,
    maxStands: null,
    version,
    ...changes,
  };
}

async function event(changes: Partial<Facts> = {}): Promise<string> {
  const eventId = randomUUID();
  await events.apply(facts(eventId, 1, changes));
  return eventId;
}

async function stand(eventId: string, fields: Partial<StandEntity> = {}): Promise<StandEntity> {
  const repo = ds.getRepository(StandEntity);
  const { identifiers } = await repo.insert({ eventId, status: 'pending' as TStandStatus, categories: ['Kleidung'], ...fields });
  return repo.findOneByOrFail({ id: identifiers[0].id as string });
}

const guest = (email: string | null = 'gisela@example.de') => ({ exhibitorId: null, guestFirstName: 'Gisela', guestLastName: 'Gast', guestEmail: email });

/** The mails in the outbox, as the mailer will read them. */
async function mails(): Promise<Mail[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'MailRequested' }, order: { createdAt: 'ASC' } });
  return rows.map((r) => JOB_PAYLOADS.MailRequested.parse(r.payload));
}

describe('a new registration', () => {
  it("mails a guest who gave an address their manage link, with the event's name, date and place", async () => {
    const eventId = await event();
    const s = await stand(eventId, guest());
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: 'gisela@example.de', kind: 'guest-registered', unsubscribeUrl: null });
    expect(mail.subject).toBe('Deine Standanmeldung für „Trödelmarkt am Dom“ ist eingegangen');
    expect(mail.text).toContain('Hallo Gisela,');
    expect(mail.text).toContain('https://flohmarkt.example.org/anmeldung/TOKEN-abcdefghijklmnopqrs');
    expect(mail.text).toContain('Termin: Samstag, 10. Mai 2031, 10:00–16:00 Uhr');
    expect(mail.text).toContain('Ort: Roncalliplatz, Köln');
    expect(mail.html).toContain('href="https://flohmarkt.example.org/anmeldung/TOKEN-abcdefghijklmnopqrs"');
  });

  it('mails nobody at once when the guest gave no address (the organiser hears of it in the digest)', async () => {
    const eventId = await event();
    const s = await stand(eventId, guest(null));
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    expect(await mails()).toEqual([]);
    expect(await ds.query('SELECT "stand_id" FROM stands.digest_entries')).toEqual([{ stand_id: s.id }]);
  });
});

describe('the decision on a stand', () => {
  it("tells a seller of the approval at the read model's address, with a one-click opt-out", async () => {
    const s = await stand(await event(), { exhibitorId: SELLER, status: 'approved' });
    await ds.transaction((m) => notices.decided(m, s));
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: 'sven@example.de', kind: 'stand-approved', subject: 'Dein Stand beim Flohmarkt „Trödelmarkt am Dom“ ist genehmigt' });
    expect(mail.unsubscribeUrl).toMatch(/^https:\/\/flohmarkt\.example\.org\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
    expect(mail.text).toContain('Hallo Sven,');
    expect(mail.text).toContain(`https://flohmarkt.example.org/abmelden/${mail.unsubscribeUrl!.split('/').at(-1)}`);
  });

  it("tells a guest of the rejection with the organiser's reason", async () => {
    const s = await stand(await event(), { ...guest(), status: 'rejected', rejectionReason: 'Der Platz ist leider schon voll.' });
    await ds.transaction((m) => notices.decided(m, s));
    const [mail] = await mails();
    expect(mail).toMatchObject({ to: 'gisela@example.de', kind: 'stand-rejected' });
    expect(mail.text).toContain('Begründung: Der Platz ist leider schon voll.');
  });

  it('sends nothing more to an address that opted out, and opting out twice changes nothing', async () => {
    const eventId = await event();
    const first = await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await ds.transaction((m) => notices.decided(m, first));
    const token = (await mails())[0].unsubscribeUrl!.split('/').at(-1)!;
    expect(await optOuts.optOut(token)).toMatchObject({ scope: 'stand-updates', optedOut: true });
    expect(await optOuts.optOut(token)).toMatchObject({ optedOut: true });
    await ds.query('TRUNCATE stands.outbox');
    await ds.transaction((m) => notices.decided(m, { ...first, status: 'rejected' } as StandEntity));
    expect(await mails()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed opt-out token', async () => {
    await expect(optOuts.find('A'.repeat(22))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(optOuts.find('../../x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a cancelled or moved event', () => {
  /** A newer version of the facts, applied the way the job handler applies it (notices in its transaction). */
  async function change(eventId: string, changes: Partial<Facts>) {
    await events.apply(facts(eventId, 2, changes), (c, m) => notices.eventFactsChanged(m, c));
  }

  it('tells everyone with a pending or approved stand once per address, with the reason; not the rejected or withdrawn', async () => {
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await stand(eventId, { ...guest(), status: 'pending' });
    await stand(eventId, { ...guest(), status: 'approved' });
    await stand(eventId, { ...guest('abgelehnt@example.de'), status: 'rejected' });
    await stand(eventId, { ...guest('weg@example.de'), status: 'withdrawn' });
    await change(eventId, { status: 'cancelled', cancelReason: 'Sturmwarnung für Samstag.' });
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(['gisela@example.de', 'sven@example.de']);
    expect(sent[0].subject).toBe('Abgesagt: Flohmarkt „Trödelmarkt am Dom“ (Samstag, 10. Mai 2031, 10:00–16:00 Uhr)');
    expect(sent[0].text).toContain('Begründung: Sturmwarnung für Samstag.');
  });

  it('tells them the new date and the old one when the date moves; an edit of anything else tells nobody', async () => {
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await change(eventId, { startDateTime: '2031-05-17T08:00:00.000Z', endDateTime: '2031-05-17T14:00:00.000Z' });
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail.kind).toBe('event-moved');
    expect(mail.text).toContain('Termin: Samstag, 17. Mai 2031, 10:00–16:00 Uhr');
    expect(mail.text).toContain('Bisher: Samstag, 10. Mai 2031, 10:00–16:00 Uhr, Roncalliplatz, Köln');

    // The same message again (a redelivery) changes nothing and tells nobody twice.
    await ds.query('TRUNCATE stands.outbox');
    await change(eventId, { startDateTime: '2031-05-17T08:00:00.000Z', endDateTime: '2031-05-17T14:00:00.000Z' });
    expect(await mails()).toEqual([]);

    const unmoved = await event();
    await stand(unmoved, { exhibitorId: SELLER, status: 'approved' });
    await change(unmoved, { allowStandRegistration: false, notifyOnRegistration: false });
    expect(await mails()).toEqual([]);
  });
});

describe("the organiser's digest", () => {
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);

  async function register(eventId: string, fields: Partial<StandEntity>) {
    const s = await stand(eventId, fields);
    await ds.transaction((m) => notices.registered(m, s, null));
    return s;
  }

  it('bundles the registrations of an event into one mail, then waits out the window before the next', async () => {
    const eventId = await event();
    await register(eventId, guest(null));
    await register(eventId, { exhibitorId: SELLER });
    expect(await digests.sendDue()).toBe(1);
    let sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'olga@example.de', kind: 'registration-digest', subject: '2 neue Standanmeldungen für „Trödelmarkt am Dom“' });
    expect(sent[0].text).toContain('• Gisela Gast (Gast) – Kleidung – Wartend');
    expect(sent[0].text).toContain('• Sven Seller – Kleidung – Wartend');
    expect(sent[0].text).toContain(`https://flohmarkt.example.org/events/${eventId}#anmeldungen`);
    expect(sent[0].unsubscribeUrl).toMatch(/\/api\/mail\/unsubscribe\//);

    await register(eventId, { ...guest(null), guestFirstName: 'Greta' });
    expect(await digests.sendDue(minutes(5))).toBe(0);
    expect(await digests.sendDue(minutes(16))).toBe(1);
    sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[1].subject).toBe('Neue Standanmeldung für „Trödelmarkt am Dom“');
    expect(sent[1].text).toContain('• Greta Gast (Gast)');
    expect(sent[1].text).not.toContain('Gisela');
  });

  it('sends nothing when the event has the switch off or the organiser opted out, and forgets those registrations', async () => {
    const quiet = await event({ notifyOnRegistration: false });
    await register(quiet, guest(null));
    const optedOut = await event();
    await register(optedOut, guest(null));
    await ds.transaction(async (m) => {
      const { token } = await optOuts.tokenFor(m, { address: 'olga@example.de', scope: 'event-digest', eventId: optedOut });
      await m.query('UPDATE stands.mail_opt_outs SET "opted_out_at" = now() WHERE "token" = $1', [token]);
    });
    expect(await digests.sendDue()).toBe(0);
    expect(await mails()).toEqual([]);
    expect(await ds.query('SELECT * FROM stands.digest_entries')).toEqual([]);
  });

  it('leaves out a registration withdrawn before the digest left', async () => {
    const eventId = await event();
    await register(eventId, guest(null));
    const gone = await register(eventId, { exhibitorId: SELLER });
    await ds.getRepository(StandEntity).update({ id: gone.id }, { status: 'withdrawn' });
    await digests.sendDue();
    const [mail] = await mails();
    expect(mail.subject).toBe('Neue Standanmeldung für „Trödelmarkt am Dom“');
    expect(mail.text).not.toContain('Sven');
  });
});

describe("a stand's steps tell once", () => {
  const row = (eventId: string) => ({
    eventId,
    exhibitorId: null,
    standNumber: null,
    description: 'Bücher und Spielzeug aus dem Keller',
    categories: ['Bücher'],
    foodCategories: [],
    activityCategories: [],
    latitude: null,
    longitude: null,
    acceptsPayPal: false,
    guestFirstName: 'Gisela',
    guestLastName: null,
  });

  it('mails the guest their link at registration, the approval once, and a rejection again only with a new reason', async () => {
    const commands = new StandCommands(ds, notices);
    const eventId = await event();
    const { stand, manageToken } = await commands.registerGuestStand(row(eventId), 'gisela@example.de');
    await commands.approve(stand.id);
    await commands.approve(stand.id);
    await commands.reject(stand.id, 'Doppelt angemeldet.');
    await commands.reject(stand.id, 'Doppelt angemeldet.');
    await commands.reject(stand.id, 'Der Platz ist schon voll.');
    const sent = await mails();
    expect(sent.map((m) => m.kind)).toEqual(['guest-registered', 'stand-approved', 'stand-rejected', 'stand-rejected']);
    expect(sent[0].text).toContain(`/anmeldung/${manageToken}`);
    expect(sent[3].text).toContain('Begründung: Der Platz ist schon voll.');
  });

  it('writes no mail when the step does not commit', async () => {
    const commands = new StandCommands(ds, notices);
    await expect(commands.approve(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await mails()).toEqual([]);
  });
});

describe('the waitlist', () => {
  it('tells a seller their place on the waitlist, then that they moved up, with a link to My stands', async () => {
    const s = await stand(await event(), { exhibitorId: SELLER, status: 'pending' });
    await ds.transaction((m) => notices.waitlisted(m, s, 3));
    await ds.transaction((m) => notices.promoted(m, s));
    const [waiting, moved] = await mails();
    expect(waiting).toMatchObject({ to: 'sven@example.de', kind: 'stand-waitlisted', subject: 'Warteliste beim Flohmarkt „Trödelmarkt am Dom“: Platz 3' });
    expect(waiting.text).toContain('Du stehst auf der Warteliste (Platz 3)');
    expect(moved).toMatchObject({ to: 'sven@example.de', kind: 'stand-promoted' });
    expect(moved.text).toContain('https://flohmarkt.example.org/my-stands');
  });
});

describe('a full event', () => {
  it("tells a waitlisted guest their place in the confirmation, lists them in the organiser's digest, and tells them of a cancellation", async () => {
    const eventId = await event();
    const s = await stand(eventId, { ...guest(), status: 'waitlisted' });
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    const [confirmation] = await mails();
    expect(confirmation.text).toContain('Du stehst auf der Warteliste (Platz 1)');
    expect(confirmation.text).toContain('/anmeldung/TOKEN-abcdefghijklmnopqrs');
    await digests.sendDue();
    expect((await mails())[1].text).toContain('• Gisela Gast (Gast) – Kleidung – Warteliste');
    await events.apply(facts(eventId, 2, { status: 'cancelled' }), (c, m) => notices.eventFactsChanged(m, c));
    expect((await mails()).map((m) => m.kind)).toEqual(['guest-registered', 'registration-digest', 'event-cancelled']);
  });
});
