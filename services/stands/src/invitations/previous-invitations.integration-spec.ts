import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { API_ERRORS, SERIES_MESSAGES, type TJobPayload, type TStandStatus } from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { OptOutsController } from '../notifications/opt-outs.controller.js';
import type { EventFactsReadModel } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { atTheDom, eventsReadModel, knownUsers, outboxMails, refusal, specConfig, type Mail } from '../testing/fixtures.js';
import { PreviousInvitations } from './previous-invitations.js';

/*
 * "Frühere Aussteller einladen" (issue 34) as its mails leave through the outbox: who of the previous
 * market's sellers is invited to the next date of a series or to a copy, once per market however
 * often the organiser asks, and the German 404/403/400s. The peers are down: facts, names and
 * addresses come from the read models.
 */

const CONFIG = specConfig();

const DAY = 24 * 3600_000;
const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const LATE_SELLER = randomUUID();
const STRANGER = randomUUID();
const organiser: CallerContext = { id: ORGANIZER, role: 'organizer' };

let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;
let optOuts: MailOptOuts;
let invitations: PreviousInvitations;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds, CONFIG);
  users = new UserNamesReadModel(ds);
  optOuts = new MailOptOuts(ds);
  invitations = new PreviousInvitations(ds, CONFIG, users, optOuts);
});

beforeEach(async () => {
  await ds.query(
    `TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.outbox, stands.mail_opt_outs, stands.mail_addresses, stands.previous_invitations`,
  );
  await knownUsers(users, [ORGANIZER, 'Olga', 'Orga', 'olga@example.de'], [SELLER, 'Sven', 'Sammler', 'Sven@Example.de']);
  await knownUsers(users, [LATE_SELLER, 'Lena', 'Later', 'lena@example.de'], [STRANGER, 'Fremd', null, 'fremd@example.de']);
  await ds.query(`INSERT INTO stands.mail_addresses ("address", "confirmed_at") VALUES ('gisela@example.de', now())`);
});

/** A market as the events service announces it (EventFactsChanged), `inDays` from now. */
async function market({ inDays, ...facts }: Partial<TJobPayload<'EventFactsChanged'>> & { inDays: number }): Promise<string> {
  const eventId = randomUUID();
  const start = new Date(Date.now() + inDays * DAY);
  const when = { startDateTime: start.toISOString(), endDateTime: new Date(start.getTime() + 6 * 3600_000).toISOString() };
  await events.apply(atTheDom({ eventId, organizerId: ORGANIZER, ...when, ...facts }));
  return eventId;
}

async function stand(eventId: string, status: TStandStatus, who: Partial<StandEntity>): Promise<string> {
  const inserted = await ds.getRepository(StandEntity).insert({ eventId, status, categories: ['Bücher'], ...who });
  return inserted.identifiers[0]!.id as string;
}

/** The usual previous market: an approved user, an approved guest with a confirmed address, a pending user. */
async function withSellers(eventId: string): Promise<{ userStand: string; guestStand: string }> {
  const userStand = await stand(eventId, 'approved', { exhibitorId: SELLER });
  const guestStand = await stand(eventId, 'approved', { exhibitorId: null, guestFirstName: 'Gisela', guestLastName: 'Gast', guestEmail: 'gisela@example.de' });
  await stand(eventId, 'pending', { exhibitorId: LATE_SELLER });
  return { userStand, guestStand };
}

const sent = async () => (await outboxMails(ds)).sort((a, b) => a.to.localeCompare(b.to));

const tokenOf = (mail: Mail) => mail.unsubscribeUrl!.split('/').at(-1)!;

describe('inviting the sellers of the previous date of a series', () => {
  it('mails each approved seller of last time once, with the link that fills in the form from their stand', async () => {
    const series = randomUUID();
    const first = await market({ inDays: -7, seriesId: series });
    const { userStand, guestStand } = await withSellers(first);
    const second = await market({ inDays: 7, seriesId: series });

    expect(await invitations.invite(organiser, second)).toEqual({ invited: 2 });
    const [toGuest, toUser, ...more] = await sent();
    expect(more).toEqual([]);
    expect(toGuest).toMatchObject({ to: 'gisela@example.de', kind: 'invitation-previous-sellers' });
    expect(toUser).toMatchObject({ to: 'Sven@Example.de' });
    expect(toGuest!.subject).toMatch(/^Neuer Termin: „Trödelmarkt am Dom“ am \S+, \d+\. \S+ \d{4}$/);
    expect(toGuest!.text).toContain(`https://flohmarkt.example.org/events/${second}/register-stand?from=${guestStand}`);
    expect(toUser!.text).toContain(`https://flohmarkt.example.org/events/${second}/register-stand?from=${userStand}`);
    expect(toUser!.text).toContain('Hallo Sven,');
    expect(toUser!.text).toContain('Olga Orga lädt dich zum Flohmarkt „Trödelmarkt am Dom“ ein');
    expect(toUser!.text).toContain('Roncalliplatz, Köln');
    expect(toUser!.text).toContain('Du bekommst diese Mail, weil du beim letzten Termin einen Stand hattest und Olga Orga dich einlädt.');
    expect(toUser!.unsubscribeUrl).toMatch(/\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);

    // Asked again: nobody is mailed twice.
    expect(await invitations.invite(organiser, second)).toEqual({ invited: 0 });
    expect(await sent()).toHaveLength(2);
  });

  it('invites nobody twice when the organiser asks twice at once', async () => {
    const series = randomUUID();
    await withSellers(await market({ inDays: -7, seriesId: series }));
    const second = await market({ inDays: 7, seriesId: series });
    const answers = await Promise.all([invitations.invite(organiser, second), invitations.invite(organiser, second)]);
    expect(answers.map((a) => a.invited).sort()).toEqual([0, 2]);
    expect(await sent()).toHaveLength(2);
  });

  it('skips a seller already registered at the new date, the organiser, an unconfirmed guest address, and a cancelled date in between', async () => {
    const series = randomUUID();
    const first = await market({ inDays: -14, seriesId: series, name: 'Erster Termin' });
    await withSellers(first);
    await stand(first, 'approved', { exhibitorId: ORGANIZER });
    await stand(first, 'approved', { exhibitorId: null, guestFirstName: 'Ute', guestEmail: 'ute@example.de' });
    await market({ inDays: -7, seriesId: series, status: 'cancelled', name: 'Abgesagter Termin' });
    const third = await market({ inDays: 7, seriesId: series });
    await stand(third, 'waitlisted', { exhibitorId: SELLER });

    expect(await invitations.invite(organiser, third)).toEqual({ invited: 1 });
    const [mail, ...more] = await sent();
    expect(more).toEqual([]);
    expect(mail!.to).toBe('gisela@example.de');
    expect(mail!.text).toContain('Beim letzten Termin, „Erster Termin“ am');
  });

  it('lets the organiser and an admin invite, nobody else; an unknown or malformed market is a 404', async () => {
    const series = randomUUID();
    await withSellers(await market({ inDays: -7, seriesId: series }));
    const second = await market({ inDays: 7, seriesId: series });
    expect(await refusal(invitations.invite({ id: STRANGER, role: 'organizer' }, second))).toMatchObject({
      code: 'FORBIDDEN',
      message: API_ERRORS.forbidden,
    });
    expect(await refusal(invitations.invite(organiser, randomUUID()))).toMatchObject({ code: 'NOT_FOUND', message: API_ERRORS.eventNotFound });
    expect(await refusal(invitations.invite(organiser, 'kein-flohmarkt'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await sent()).toEqual([]);
    expect(await invitations.invite({ id: STRANGER, role: 'admin' }, second)).toEqual({ invited: 2 });
  });

  it('refuses a market without an earlier date or original, in German', async () => {
    const alone = await market({ inDays: 7 });
    expect(await refusal(invitations.invite(organiser, alone))).toMatchObject({ code: 'VALIDATION', message: SERIES_MESSAGES.noPreviousMarket });
    // The first date of a series has nobody before it.
    const series = randomUUID();
    const first = await market({ inDays: 7, seriesId: series });
    await withSellers(await market({ inDays: 14, seriesId: series }));
    expect(await refusal(invitations.invite(organiser, first))).toMatchObject({ message: SERIES_MESSAGES.noPreviousMarket });
  });

  it('refuses once registration is closed: cancelled, or its deadline passed', async () => {
    const series = randomUUID();
    await withSellers(await market({ inDays: -7, seriesId: series }));
    const cancelled = await market({ inDays: 7, seriesId: series, status: 'cancelled' });
    expect(await refusal(invitations.invite(organiser, cancelled))).toMatchObject({ code: 'VALIDATION', message: SERIES_MESSAGES.invitationsClosed });
    const late = await market({ inDays: 8, seriesId: series, registrationDeadline: new Date(Date.now() - 3600_000).toISOString() });
    expect(await refusal(invitations.invite(organiser, late))).toMatchObject({ message: SERIES_MESSAGES.invitationsClosed });
    expect(await sent()).toEqual([]);
  });
});

describe('inviting to a copy', () => {
  it('invites the sellers of the market it was copied from', async () => {
    const original = await market({ inDays: -30, name: 'Hofflohmarkt im Frühling' });
    const { guestStand } = await withSellers(original);
    const copy = await market({ inDays: 30, copiedFromId: original, name: 'Hofflohmarkt im Herbst' });
    expect(await invitations.invite(organiser, copy)).toEqual({ invited: 2 });
    const [toGuest] = await sent();
    expect(toGuest!.subject).toContain('Neuer Termin: „Hofflohmarkt im Herbst“ am');
    expect(toGuest!.text).toContain('„Hofflohmarkt im Frühling“');
    expect(toGuest!.text).toContain(`/events/${copy}/register-stand?from=${guestStand}`);
  });

  it('finds nobody to invite in a copy of another organiser’s market', async () => {
    const original = await market({ inDays: -30, organizerId: STRANGER });
    await withSellers(original);
    const copy = await market({ inDays: 30, copiedFromId: original });
    expect(await refusal(invitations.invite(organiser, copy))).toMatchObject({ message: SERIES_MESSAGES.noPreviousMarket });
  });
});

describe('the opt-out of invitations', () => {
  it('stops this organiser’s invitations to the address, and the opt-out page names the organiser', async () => {
    const series = randomUUID();
    await withSellers(await market({ inDays: -7, seriesId: series }));
    const second = await market({ inDays: 7, seriesId: series });
    await invitations.invite(organiser, second);
    const [toGuest] = await sent();
    const page = new OptOutsController(optOuts, ds);
    expect(await page.optOut(tokenOf(toGuest!))).toEqual({ scope: 'invitations', eventName: 'Olga Orga', unsubscribed: true });

    const third = await market({ inDays: 14, seriesId: series });
    await withSellers(second);
    expect(await invitations.invite(organiser, third)).toEqual({ invited: 1 });
    expect((await sent()).map((m) => m.to)).toEqual(['gisela@example.de', 'Sven@Example.de', 'Sven@Example.de']);
  });
});

describe('deletions', () => {
  it('forgets a deleted user’s invitations and a deleted market’s', async () => {
    const series = randomUUID();
    await withSellers(await market({ inDays: -7, seriesId: series }));
    const second = await market({ inDays: 7, seriesId: series });
    await invitations.invite(organiser, second);
    const keys = async () =>
      ((await ds.query(`SELECT "seller_key" FROM stands.previous_invitations ORDER BY "seller_key"`)) as { seller_key: string }[]).map((r) => r.seller_key);
    expect(await keys()).toEqual(['gisela@example.de', SELLER].sort());
    await invitations.forgetUser(SELLER);
    expect(await keys()).toEqual(['gisela@example.de']);
    await invitations.forgetEvent(second);
    expect(await keys()).toEqual([]);
  });
});
