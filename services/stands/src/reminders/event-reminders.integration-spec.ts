import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import type { TJobPayload, TStandStatus } from '@flohmarkt/contracts';
import { MailOptOuts } from '../notifications/opt-outs.js';
import type { EventFactsReadModel } from '../read-models/event-facts.js';
import { ReminderWishesReadModel } from '../read-models/reminder-wishes.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { eventFacts, eventsReadModel, knownUsers, outboxMails, specConfig } from '../testing/fixtures.js';
import { EventReminders } from './event-reminders.js';

/*
 * The reminder mails of the evening before as they leave through the outbox (issue 34): who gets one,
 * when, with what, and that nobody ever gets two, whatever runs again or at the same time. The peers
 * are down: every address comes from the read models.
 */

const CONFIG = specConfig({ REMINDER_SWEEP_SECONDS: 30 });

const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const VISITOR = randomUUID();
const SHY = randomUUID();

// Saturday 10 October 2026, 09:00–15:00 CEST; its evening before is Friday 18:00 CEST = 16:00 UTC.
const START = '2026-10-10T07:00:00.000Z';
const EVENING_BEFORE = new Date('2026-10-09T16:00:00.000Z');
const minutes = (n: number) => new Date(EVENING_BEFORE.getTime() + n * 60_000);
// Saturday's own day begins at 00:00 CEST = Friday 22:00 UTC: in UTC it is still the day before until 02:00 Berlin time.
const MARKET_DAY = new Date('2026-10-09T22:00:00.000Z');
const marketDay = (hours: number, mins = 0) => new Date(MARKET_DAY.getTime() + (hours * 60 + mins) * 60_000);
const LEIPZIG = { name: 'Hofflohmarkt Waldstraßenviertel', location: 'Waldstraßenviertel, Leipzig', latitude: '51.34000000', longitude: '12.37000000' };

let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;
let wishes: ReminderWishesReadModel;
let reminders: EventReminders;
let wishVersion = 0;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds, CONFIG);
  users = new UserNamesReadModel(ds);
  wishes = new ReminderWishesReadModel(ds);
  reminders = new EventReminders(ds, CONFIG, users, new MailOptOuts(ds));
});

beforeEach(async () => {
  await ds.query(
    `TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.outbox, stands.mail_opt_outs, stands.mail_addresses,
     stands.reminder_wishes, stands.reminders_sent`,
  );
  await knownUsers(users, [ORGANIZER, 'Olga', 'Orga', 'olga@example.de'], [SELLER, 'Sven', 'Seller', 'sven@example.de']);
  await knownUsers(users, [VISITOR, 'Vera', 'Besuch', 'vera@example.de'], [SHY, 'Sina', 'Still', 'sina@example.de']);
});

async function market(changes: Partial<TJobPayload<'EventFactsChanged'>> = {}): Promise<string> {
  const eventId = randomUUID();
  await events.apply(eventFacts({ eventId, organizerId: ORGANIZER, ...LEIPZIG, startDateTime: START, endDateTime: '2026-10-10T13:00:00.000Z', ...changes }));
  return eventId;
}

/** The organiser moves the market to other times (a newer version of its facts). */
async function move(eventId: string, startDateTime: string, endDateTime: string): Promise<void> {
  await events.apply(eventFacts({ eventId, organizerId: ORGANIZER, ...LEIPZIG, startDateTime, endDateTime, version: 2 }));
}

async function stand(eventId: string, status: TStandStatus, fields: Partial<StandEntity> = {}): Promise<string> {
  const { identifiers } = await ds.getRepository(StandEntity).insert({ eventId, status, categories: ['Bücher'], exhibitorId: SELLER, ...fields });
  return identifiers[0].id as string;
}

/** The stands the first reminders are about: the seller's, approved with a number and address, and a guest's still pending. */
async function sellerAndGuest(eventId: string): Promise<void> {
  const address = { addressStreet: 'Gustav-Adolf-Straße', addressHouseNumber: '73b', addressPostcode: '04105', addressTown: 'Leipzig' };
  await stand(eventId, 'approved', { standNumber: '12', ...address });
  await stand(eventId, 'pending', { exhibitorId: null, guestFirstName: 'Gisela', guestEmail: 'gisela@example.de' });
}

const wish = (userId: string, eventId: string, remind = true) => wishes.apply({ userId, eventId, remind, version: ++wishVersion });

const mails = () => outboxMails(ds);

const byKind = async () => Object.fromEntries((await mails()).map((m) => [m.to, m.kind]));

describe('the reminders of the evening before', () => {
  it('wait until 18:00 Berlin time the day before, then go once to the visitor who asked, each approved seller and the organiser', async () => {
    const eventId = await market();
    await wish(VISITOR, eventId);
    await wish(SHY, eventId, false);
    await sellerAndGuest(eventId);

    expect(await reminders.sendDue(minutes(-1))).toBe(0);
    expect(await reminders.sendDue(minutes(0))).toBe(3);
    expect(await byKind()).toEqual({ 'vera@example.de': 'reminder-visitor', 'sven@example.de': 'reminder-seller', 'olga@example.de': 'reminder-organiser' });
    // Again, later, and as a second replica at the same moment: nothing more.
    const again = await Promise.all([reminders.sendDue(minutes(1)), new EventReminders(ds, CONFIG, users, new MailOptOuts(ds)).sendDue(minutes(1))]);
    expect(again).toEqual([0, 0]);
    expect(await mails()).toHaveLength(3);
  });

  it('say what each needs: the market, the seller’s stand and address, the organiser’s counts, with one-click unsubscribe', async () => {
    const eventId = await market();
    await wish(VISITOR, eventId);
    await sellerAndGuest(eventId);
    await reminders.sendDue(minutes(5));
    const [visitor, seller, organiser] = await mails();
    expect(visitor!.subject).toBe('Morgen: Flohmarkt „Hofflohmarkt Waldstraßenviertel“');
    expect(visitor!.text).toContain('Hallo Vera,');
    expect(visitor!.text).toContain('Samstag, 10. Oktober 2026, 09:00–15:00 Uhr');
    expect(visitor!.text).toContain('Waldstraßenviertel, Leipzig');
    expect(visitor!.text).toContain(`https://flohmarkt.example.org/events/${eventId}/merkliste`);
    expect(seller!.subject).toBe('Morgen: dein Stand beim Flohmarkt „Hofflohmarkt Waldstraßenviertel“');
    expect(seller!.text).toContain('Gustav-Adolf-Straße 73b, 04105 Leipzig');
    expect(seller!.text).toMatch(/zurück/);
    expect(organiser!.text).toContain('1 Stand genehmigt');
    expect(organiser!.text).toContain('1 Anmeldung wartet auf deine Prüfung');
    expect(organiser!.text).toContain(`https://flohmarkt.example.org/events/${eventId}#anmeldungen`);
    for (const mail of [visitor!, seller!, organiser!])
      expect(mail.unsubscribeUrl).toMatch(/^https:\/\/flohmarkt\.example\.org\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
  });

  it('go out at the next sweep when asked for or approved after 18:00, and never once the market has begun', async () => {
    const eventId = await market();
    await reminders.sendDue(minutes(0));
    expect(Object.keys(await byKind())).toEqual(['olga@example.de']);
    await wish(VISITOR, eventId);
    await stand(eventId, 'approved');
    expect(await reminders.sendDue(minutes(60))).toBe(2);
    await wish(SHY, eventId);
    expect(await reminders.sendDue(new Date(new Date(START).getTime() + 60_000))).toBe(0);
    expect(await mails()).toHaveLength(3);
  });

  it('never go out on the market’s own day: a market created at 02:42 that morning, with its stands approved and a wish made then, reminds nobody, then or later', async () => {
    // The same as a sweep that was down through the whole evening before and catches up in the morning.
    const eventId = await market();
    await wish(VISITOR, eventId);
    await sellerAndGuest(eventId);
    expect(await reminders.sendDue(marketDay(2, 43))).toBe(0);
    expect(await reminders.sendDue(marketDay(8, 59))).toBe(0);
    expect(await mails()).toEqual([]);
  });

  it('end when the evening before ends at midnight Berlin time, not UTC: a wish at 23:59 is mailed “Morgen”, one at 00:00 (still Friday in UTC) is not', async () => {
    const eventId = await market();
    await wish(VISITOR, eventId);
    expect(await reminders.sendDue(marketDay(0, -1))).toBe(2);
    await wish(SHY, eventId);
    await stand(eventId, 'approved');
    expect(await reminders.sendDue(marketDay(0))).toBe(0);
    expect(await reminders.sendDue(marketDay(1, 30))).toBe(0);
    expect(await byKind()).toEqual({ 'vera@example.de': 'reminder-visitor', 'olga@example.de': 'reminder-organiser' });
    for (const mail of await mails()) expect(mail.subject).toMatch(/^Morgen: /);
  });

  it('come on the evening before the new day of a market moved on its own day to a later one, saying “Morgen” then', async () => {
    const eventId = await market();
    await wish(VISITOR, eventId);
    expect(await reminders.sendDue(marketDay(2, 43))).toBe(0);
    // That morning the organiser moves it a week on, to Saturday 17 October, 09:00–15:00.
    await move(eventId, '2026-10-17T07:00:00.000Z', '2026-10-17T13:00:00.000Z');
    expect(await reminders.sendDue(new Date('2026-10-16T15:59:00.000Z'))).toBe(0);
    expect(await reminders.sendDue(new Date('2026-10-16T16:00:00.000Z'))).toBe(2);
    const [visitor] = await mails();
    expect(visitor!.subject).toBe('Morgen: Flohmarkt „Hofflohmarkt Waldstraßenviertel“');
    expect(visitor!.text).toContain('Samstag, 17. Oktober 2026, 09:00–15:00 Uhr');
  });

  it('remind nobody of a cancelled market, nor a visitor who switched it off, opted out of reminders or was deleted, nor a guest at an unconfirmed address', async () => {
    const cancelled = await market({ status: 'cancelled', cancelReason: 'Sturmwarnung' });
    await wish(VISITOR, cancelled);
    await stand(cancelled, 'approved');
    const eventId = await market();
    await wish(VISITOR, eventId);
    await wish(VISITOR, eventId, false);
    await wish(SHY, eventId);
    await users.forget(SHY);
    await stand(eventId, 'approved', { exhibitorId: null, guestFirstName: 'Gisela', guestEmail: 'gisela@example.de' });
    // The organiser opted out of reminders with the link of an earlier one.
    await ds.query(
      `INSERT INTO stands.mail_opt_outs ("token", "address", "scope", "event_id", "opted_out_at") VALUES ('tok-olga-reminders-0001', 'olga@example.de', 'reminders', NULL, now())`,
    );
    expect(await reminders.sendDue(minutes(0))).toBe(0);
    expect(await mails()).toEqual([]);
  });

  it('mails a guest seller once their address is confirmed, also after the first sweep; an older wish message never switches a newer one back on', async () => {
    const eventId = await market();
    await stand(eventId, 'approved', { exhibitorId: null, guestFirstName: 'Gisela', guestEmail: 'gisela@example.de' });
    await wishes.apply({ userId: VISITOR, eventId, remind: false, version: 100 });
    expect(await wishes.apply({ userId: VISITOR, eventId, remind: true, version: 99 })).toBe(false);
    await reminders.sendDue(minutes(0));
    expect(Object.keys(await byKind())).toEqual(['olga@example.de']);
    // Gisela follows the confirmation link later that evening: the next sweep reminds her, once.
    await ds.query(`INSERT INTO stands.mail_addresses ("address", "confirmed_at") VALUES ('gisela@example.de', now())`);
    expect(await reminders.sendDue(minutes(30))).toBe(1);
    expect(await reminders.sendDue(minutes(31))).toBe(0);
    expect(await byKind()).toEqual({ 'gisela@example.de': 'reminder-seller', 'olga@example.de': 'reminder-organiser' });
    expect((await mails())[1]!.text).toMatch(/persönlichen Link/);
  });
});
