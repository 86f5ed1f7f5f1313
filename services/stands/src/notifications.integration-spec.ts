import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import type { TJobPayload } from '@flohmarkt/contracts';
import { CONFIRMATION_REQUESTS_PER_DAY, MailAddresses } from './notifications/mail-addresses.js';
import { MailConfirmations } from './notifications/mail-confirmations.js';
import { sellerRecipient } from './notifications/mail-recipients.js';
import { MailOptOuts } from './notifications/opt-outs.js';
import { RegistrationDigests } from './notifications/registration-digests.js';
import { SettledNotices } from './notifications/settled-notices.js';
import { StandNotices } from './notifications/stand-notices.js';
import type { EventFactsReadModel } from './read-models/event-facts.js';
import { UserNamesReadModel } from './read-models/user-names.js';
import { StandCommands } from './stands/stand-commands.js';
import { StandEntity } from './stands/stand.entity.js';
import { withFreshStandsDatabase } from './testing/fresh-database.js';
import { atTheDom, eventsReadModel, insertStand, knownUsers, newStand, outboxMails, specConfig, type Mail } from './testing/fixtures.js';

/*
 * The mails of the stands service as they leave through its outbox (MailRequested): who gets
 * which, with what, and when not (opt-out, digest window, switched off). The peers are down: every
 * address and name comes from the read models.
 */

const CONFIG = specConfig({ DIGEST_WINDOW_MINUTES: 15, DIGEST_SWEEP_SECONDS: 600, MAIL_SETTLE_S: 300, MAIL_CHANGE_INTERVAL_H: 6, RETENTION_DAYS: 30 });

type Facts = TJobPayload<'EventFactsChanged'>;

const ORGANIZER = randomUUID();
const SELLER = randomUUID();

let ds: DataSource;
let events: EventFactsReadModel;
let users: UserNamesReadModel;
let optOuts: MailOptOuts;
let notices: StandNotices;
let digests: RegistrationDigests;
let settled: SettledNotices;
let confirmations: MailConfirmations;

withFreshStandsDatabase((fresh) => {
  ds = fresh.ds;
  events = eventsReadModel(ds, CONFIG);
  users = new UserNamesReadModel(ds);
  optOuts = new MailOptOuts(ds);
  notices = new StandNotices(CONFIG, users, optOuts);
  digests = new RegistrationDigests(ds, CONFIG, users, optOuts);
  settled = new SettledNotices(ds, CONFIG, notices);
  confirmations = new MailConfirmations(ds, notices);
});

beforeEach(async () => {
  await ds.query(
    `TRUNCATE stands.event_facts, stands.user_names, stands.stands, stands.outbox, stands.mail_opt_outs, stands.digest_entries, stands.digests_sent,
     stands.mail_addresses, stands.mail_confirmation_tokens, stands.held_guest_receipts, stands.settling_notices, stands.decisions_told, stands.event_changes_told`,
  );
  await knownUsers(users, [ORGANIZER, 'Olga', 'Orga', 'olga@example.de'], [SELLER, 'Sven', 'Seller', 'sven@example.de']);
});

const facts = (eventId: string, version: number, changes: Partial<Facts> = {}) => atTheDom({ eventId, organizerId: ORGANIZER, version, ...changes });

async function event(changes: Partial<Facts> = {}): Promise<string> {
  const eventId = randomUUID();
  await events.apply(facts(eventId, 1, changes));
  return eventId;
}

const stand = (eventId: string, fields: Partial<StandEntity> = {}) =>
  insertStand(ds, { eventId, status: 'pending', categories: ['Kleidung'], description: null, ...fields });

const guest = (email: string | null = 'gisela@example.de') => ({ exhibitorId: null, guestFirstName: 'Gisela', guestLastName: 'Gast', guestEmail: email });

/** The mails in the outbox, as the mailer will read them. */
const mails = () => outboxMails(ds);

/** A time after the settle window (MAIL_SETTLE_S: 5 minutes here) of everything done until now. */
const later = (minutes = 6) => new Date(Date.now() + minutes * 60_000);

/** The guest's address as confirmed, as if they had followed the link of an earlier request. */
async function confirmed(address = 'gisela@example.de'): Promise<void> {
  await ds.query(`INSERT INTO stands.mail_addresses ("address", "confirmed_at") VALUES ($1, now())`, [address]);
}

/** How many mails each address got. */
async function perAddress(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const mail of await mails()) counts[mail.to] = (counts[mail.to] ?? 0) + 1;
  return counts;
}

const confirmationToken = (mail: Mail) => /\/e-mail-bestaetigen\/([A-Za-z0-9_-]{22})\n/.exec(mail.text)?.[1] ?? '';

const row = (eventId: string) => newStand({ eventId, description: 'Bücher und Spielzeug aus dem Keller', guestFirstName: 'Gisela', guestLastName: 'Gast' });

/** A day later for the confirmation budget: every request so far was made 25 hours ago. */
const aDayLater = () => ds.query(`UPDATE stands.mail_confirmation_tokens SET "created_at" = now() - interval '25 hours'`);

describe("a guest's address", () => {
  it('gets one request to confirm it first, holding nothing a user typed, with a one-click opt-out; nothing else until confirmed', async () => {
    const eventId = await event();
    const s = await stand(eventId, guest());
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: 'gisela@example.de', kind: 'mail-confirmation', subject: 'Bitte bestätige deine E-Mail-Adresse' });
    expect(mail.text).toContain('Hallo,\n');
    expect(mail.text).toContain('Flohmarkt am Samstag, 10. Mai 2031 angegeben');
    expect(confirmationToken(mail)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mail.text).toContain(`https://flohmarkt.example.org/e-mail-bestaetigen/${confirmationToken(mail)}`);
    expect(mail.unsubscribeUrl).toMatch(/^https:\/\/flohmarkt\.example\.org\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
    for (const typed of ['Gisela', 'Gast', 'Trödelmarkt', 'Roncalli', 'Köln', 'Kleidung', 'TOKEN-']) {
      expect(mail.text, typed).not.toContain(typed);
      expect(mail.html, typed).not.toContain(typed);
    }

    // A decision and a moved market reach nobody while the address is not confirmed.
    await ds.getRepository(StandEntity).update({ id: s.id }, { status: 'approved' });
    await ds.transaction((m) => notices.decided(m, { ...s, status: 'approved' } as StandEntity));
    await events.apply(facts(eventId, 2, { location: 'Neumarkt, Köln' }), (c, m) => notices.eventFactsChanged(m, c));
    expect(await settled.sendDue(later())).toBe(2);
    expect((await mails()).map((m) => m.kind)).toEqual(['mail-confirmation']);
  });

  it('is asked once in 24 h however often it registers; the link releases every registration made with it, once; the next one needs no link', async () => {
    const commands = new StandCommands(ds, notices);
    const markets = [await event(), await event({ name: 'Hofflohmarkt Nippes' }), await event()];
    const registered: Awaited<ReturnType<StandCommands['registerGuestStand']>>[] = [];
    for (const eventId of markets) registered.push(await commands.registerGuestStand(row(eventId), 'gisela@example.de'));
    await commands.approve(registered[0].stand.id);
    await commands.withdrawGuestStand((await ds.getRepository(StandEntity).findOneByOrFail({ id: registered[2].stand.id })).manageTokenHash!);
    await settled.sendDue(later());
    const [request, ...more] = await mails();
    expect(request.kind).toBe('mail-confirmation');
    expect(more).toEqual([]);

    // The link: each registration still standing brings its receipt, the first its decision too; once however often it is followed.
    await confirmations.confirm(confirmationToken(request));
    await confirmations.confirm(confirmationToken(request));
    const sent = await mails();
    expect(sent.slice(1).map((m) => m.kind)).toEqual(['guest-registered', 'stand-approved', 'guest-registered']);
    expect(sent[1].text).toContain(`/anmeldung/${registered[0].manageToken}`);
    expect(sent[3].text).toContain(`/anmeldung/${registered[1].manageToken}`);
    expect(sent[3].subject).toContain('Hofflohmarkt Nippes');
    expect(sent.some((m) => m.text.includes(registered[2].manageToken))).toBe(false);
    expect(sent.slice(1).every((m) => m.unsubscribeUrl)).toBe(true);

    // Confirmed stays confirmed: the next registration brings its receipt at once, no request.
    const next = await commands.registerGuestStand(row(await event()), 'gisela@example.de');
    expect((await mails()).at(-1)).toMatchObject({ kind: 'guest-registered' });
    expect((await mails()).at(-1)!.text).toContain(`/anmeldung/${next.manageToken}`);
    expect(await perAddress()).toEqual({ 'gisela@example.de': 5 });
  });

  it('is asked at most once per mailbox in 24 h (plus-addresses and case count as one), and again a day later', async () => {
    const commands = new StandCommands(ds, notices);
    const eventId = await event();
    const addresses = ['gisela+1@example.de', 'Gisela+2@Example.de', 'gisela@example.de', 'gisela+4@example.de', 'gisela.gast@example.de'];
    for (const address of addresses) await commands.registerGuestStand(row(eventId), address);
    expect(CONFIRMATION_REQUESTS_PER_DAY).toBe(1);
    // Each goes to the address as given; the fifth is another mailbox (dots count outside gmail.com).
    expect((await mails()).map((m) => m.to)).toEqual(['gisela+1@example.de', 'gisela.gast@example.de']);
    await aDayLater();
    await commands.registerGuestStand(row(eventId), 'gisela+5@example.de');
    expect((await mails()).at(-1)).toMatchObject({ to: 'gisela+5@example.de', kind: 'mail-confirmation' });
  });

  it("counts as confirmed when it is an account's address (its provider verified it): the receipt at once, no request", async () => {
    const s = await stand(await event(), guest('sven@example.de'));
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: 'sven@example.de', kind: 'guest-registered', aboutGuestStand: true });
    expect(mail.text).toContain('/anmeldung/TOKEN-abcdefghijklmnopqrs');
    expect(mail.text).toContain('Hallo Gisela,');
  });

  it('greets by the first name only when it reads as a name: a sentence or a link typed there is left out', async () => {
    await confirmed();
    const eventId = await event();
    for (const guestFirstName of ['Gewinner! Besuche http://evil.example/win', 'evil.example', 'Anna-Lena', 'Zoë Marie']) {
      await ds.transaction(async (m) => notices.registered(m, await stand(eventId, { ...guest(), guestFirstName }), 'TOKEN-abcdefghijklmnopqrs'));
    }
    const greetings = (await mails()).map((m) => m.text.split('\n').find((line) => line.startsWith('Hallo')));
    expect(greetings).toEqual(['Hallo,', 'Hallo,', 'Hallo Anna-Lena,', 'Hallo Zoë Marie,']);
    for (const mail of await mails()) expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('evil');
  });

  it("names a guest stand's seller once the address may be mailed: an account's, or one its owner confirmed", async () => {
    const eventId = await event();
    const withAccountAddress = await stand(eventId, guest('sven@example.de'));
    expect(await sellerRecipient(ds.manager, users, withAccountAddress)).toEqual({ address: 'sven@example.de', firstName: 'Gisela', guestStand: true });
    const own = await stand(eventId, { exhibitorId: SELLER });
    expect(await sellerRecipient(ds.manager, users, own)).toEqual({ address: 'sven@example.de', firstName: 'Sven' });

    const registered = await stand(eventId, guest());
    await ds.transaction((m) => notices.registered(m, registered, 'TOKEN-abcdefghijklmnopqrs'));
    expect(await sellerRecipient(ds.manager, users, registered)).toBeNull();
    await confirmations.confirm(confirmationToken((await mails())[0]));
    expect(await sellerRecipient(ds.manager, users, registered)).toEqual({ address: 'gisela@example.de', firstName: 'Gisela', guestStand: true });
  });

  it('gets no request again after its owner opted out with the one-click link, not even a day later', async () => {
    const eventId = await event();
    await ds.transaction(async (m) => notices.registered(m, await stand(eventId, guest()), 'TOKEN-abcdefghijklmnopqrs'));
    const [request] = await mails();
    await optOuts.optOut(request.unsubscribeUrl!.split('/').at(-1)!);
    await aDayLater();
    await ds.transaction(async (m) => notices.registered(m, await stand(eventId, guest()), 'TOKEN-bcdefghijklmnopqrst'));
    expect(await mails()).toHaveLength(1);
  });

  it('is asked again a day later, and either link confirms the address: both registrations bring their receipts', async () => {
    const eventId = await event();
    const first = await stand(eventId, guest());
    await ds.transaction(async (m) => notices.registered(m, first, 'TOKEN-abcdefghijklmnopqrs'));
    await aDayLater();
    await ds.transaction(async (m) => notices.registered(m, await stand(eventId, guest()), 'TOKEN-bcdefghijklmnopqrst'));
    const [request, second] = await mails();
    expect(second.kind).toBe('mail-confirmation');
    expect(confirmationToken(second)).not.toBe(confirmationToken(request));
    await confirmations.confirm(confirmationToken(request));
    const sent = await mails();
    expect(sent.map((m) => m.kind)).toEqual(['mail-confirmation', 'mail-confirmation', 'guest-registered', 'guest-registered']);
    expect(sent.slice(2).map((m) => /\/anmeldung\/(TOKEN-\w+)/.exec(m.text)?.[1])).toEqual(['TOKEN-abcdefghijklmnopqrs', 'TOKEN-bcdefghijklmnopqrst']);
    // The second link finds the address confirmed: nothing more.
    await confirmations.confirm(confirmationToken(second));
    expect(await mails()).toHaveLength(4);
  });

  it('sends the receipt of a registration made while its address is being confirmed: the registration waits for the confirmation', async () => {
    const eventId = await event();
    await ds.transaction(async (m) => notices.registered(m, await stand(eventId, guest()), 'TOKEN-abcdefghijklmnopqrs'));
    const [request] = await mails();
    const second = await stand(eventId, guest());
    // The owner's click has confirmed the address but not yet committed when the second registration comes in.
    let commit!: () => void;
    const clicked = new Promise<void>((resolve) => (commit = resolve));
    const confirming = ds.transaction(async (m) => {
      await MailAddresses.confirm(m, confirmationToken(request));
      await clicked;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const registering = ds.transaction((m) => notices.registered(m, second, 'TOKEN-bcdefghijklmnopqrst'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await Promise.all([confirming, registering]);
    expect((await mails()).at(-1)).toMatchObject({ kind: 'guest-registered' });
    expect((await mails()).at(-1)!.text).toContain('/anmeldung/TOKEN-bcdefghijklmnopqrst');
  });

  it('answers 404 for an unknown or malformed confirmation token', async () => {
    await expect(confirmations.confirm('A'.repeat(22))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Dieser Bestätigungslink ist ungültig.' });
    await expect(confirmations.confirm('../../x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('brings no mail at once when the guest gave none (the organiser hears of it in the digest)', async () => {
    const eventId = await event();
    const s = await stand(eventId, guest(null));
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    expect(await mails()).toEqual([]);
    expect(await ds.query('SELECT "stand_id" FROM stands.digest_entries')).toEqual([{ stand_id: s.id }]);
  });
});

describe('the decision on a stand', () => {
  it("tells a seller of the approval once it has settled, at the read model's address, with a one-click opt-out", async () => {
    const s = await stand(await event(), { exhibitorId: SELLER, status: 'approved' });
    await ds.transaction((m) => notices.decided(m, s));
    expect(await settled.sendDue(later(4))).toBe(0);
    expect(await mails()).toEqual([]);
    expect(await settled.sendDue(later())).toBe(1);
    const [mail] = await mails();
    // About the seller's own registration (made signed in): the mailer counts it as their own.
    expect(mail).toMatchObject({
      to: 'sven@example.de',
      kind: 'stand-approved',
      subject: 'Dein Stand beim Flohmarkt „Trödelmarkt am Dom“ ist genehmigt',
      aboutGuestStand: false,
    });
    expect(mail.unsubscribeUrl).toMatch(/^https:\/\/flohmarkt\.example\.org\/api\/mail\/unsubscribe\/[A-Za-z0-9_-]{22}$/);
    expect(mail.text).toContain('Hallo Sven,');
    expect(mail.text).toContain(`https://flohmarkt.example.org/abmelden/${mail.unsubscribeUrl!.split('/').at(-1)}`);
  });

  it("tells a confirmed guest of the rejection with the organiser's reason", async () => {
    await confirmed();
    const s = await stand(await event(), { ...guest(), status: 'rejected', rejectionReason: 'Der Platz ist leider schon voll.' });
    await ds.transaction((m) => notices.decided(m, s));
    await settled.sendDue(later());
    const [mail] = await mails();
    // A registration made signed out: whoever typed the address need not own it, so the mailer counts it as someone else's doing.
    expect(mail).toMatchObject({ to: 'gisela@example.de', kind: 'stand-rejected', aboutGuestStand: true });
    expect(mail.text).toContain('Begründung: Der Platz ist leider schon voll.');
  });

  it('tells only the state at the end of a burst of toggles, nothing for one undone, and one mail per real change', async () => {
    const commands = new StandCommands(ds, notices);
    const s = await stand(await event(), { exhibitorId: SELLER });
    const step = async (work: () => Promise<unknown>) => {
      await work();
      await settled.sendDue(later());
    };
    // Ten toggles within the window: the seller hears the approval they end with.
    for (let i = 0; i < 5; i++) {
      await commands.reject(s.id, `Grund ${i}`);
      await commands.approve(s.id);
    }
    await settled.sendDue(later());
    expect((await mails()).map((m) => m.kind)).toEqual(['stand-approved']);
    // Rejected and approved again within the window: undone, nothing.
    await commands.reject(s.id, 'Der Platz ist voll.');
    await step(() => commands.approve(s.id));
    expect(await mails()).toHaveLength(1);
    await step(() => commands.reject(s.id, 'Der Platz ist voll.'));
    await step(() => commands.reject(s.id, 'Der Platz ist voll.'));
    await step(() => commands.reject(s.id, 'Doppelt angemeldet.'));
    const sent = await mails();
    expect(sent.map((m) => m.kind)).toEqual(['stand-approved', 'stand-rejected', 'stand-rejected']);
    expect(sent[2].text).toContain('Begründung: Doppelt angemeldet.');
    expect(await perAddress()).toEqual({ 'sven@example.de': 3 });
  });

  it('sends nothing more to an address that opted out, and opting out twice changes nothing', async () => {
    const eventId = await event();
    const first = await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await ds.transaction((m) => notices.decided(m, first));
    await settled.sendDue(later());
    const token = (await mails())[0].unsubscribeUrl!.split('/').at(-1)!;
    expect(await optOuts.optOut(token)).toMatchObject({ scope: 'stand-updates', optedOut: true });
    expect(await optOuts.optOut(token)).toMatchObject({ optedOut: true });
    await ds.query('TRUNCATE stands.outbox');
    await ds.getRepository(StandEntity).update({ id: first.id }, { status: 'rejected' });
    await ds.transaction((m) => notices.decided(m, first));
    await settled.sendDue(later());
    expect(await mails()).toEqual([]);
  });

  it('answers 404 for an unknown or malformed opt-out token', async () => {
    await expect(optOuts.find('A'.repeat(22))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(optOuts.find('../../x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('writes no mail when the step does not commit', async () => {
    const commands = new StandCommands(ds, notices);
    await expect(commands.approve(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await settled.sendDue(later());
    expect(await mails()).toEqual([]);
  });
});

describe('a cancelled or moved event', () => {
  /** A newer version of the facts, applied the way the job handler applies it (notices in its transaction). */
  async function change(eventId: string, version: number, changes: Partial<Facts>) {
    await events.apply(facts(eventId, version, changes), (c, m) => notices.eventFactsChanged(m, c));
  }

  it('tells everyone with a pending or approved stand once per address, with the reason; not the rejected or withdrawn', async () => {
    await confirmed();
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await stand(eventId, { ...guest(), status: 'pending' });
    await stand(eventId, { ...guest(), status: 'approved' });
    await stand(eventId, { ...guest('abgelehnt@example.de'), status: 'rejected' });
    await stand(eventId, { ...guest('weg@example.de'), status: 'withdrawn' });
    await change(eventId, 2, { status: 'cancelled', cancelReason: 'Sturmwarnung für Samstag.' });
    expect(await mails()).toEqual([]);
    await settled.sendDue(later());
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(['gisela@example.de', 'sven@example.de']);
    expect(sent[0].subject).toBe('Abgesagt: Flohmarkt „Trödelmarkt am Dom“ (Samstag, 10. Mai 2031, 10:00–16:00 Uhr)');
    expect(sent[0].text).toContain('Begründung: Sturmwarnung für Samstag.');
  });

  it('tells them the new date and the old one when the date moves; an edit of anything else tells nobody', async () => {
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await change(eventId, 2, { startDateTime: '2031-05-17T08:00:00.000Z', endDateTime: '2031-05-17T14:00:00.000Z' });
    await settled.sendDue(later());
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    expect(mail.kind).toBe('event-moved');
    expect(mail.text).toContain('Termin: Samstag, 17. Mai 2031, 10:00–16:00 Uhr');
    expect(mail.text).toContain('Bisher: Samstag, 10. Mai 2031, 10:00–16:00 Uhr, Roncalliplatz, Köln');

    // The same message again (a redelivery) changes nothing and tells nobody twice.
    await ds.query('TRUNCATE stands.outbox');
    await change(eventId, 2, { startDateTime: '2031-05-17T08:00:00.000Z', endDateTime: '2031-05-17T14:00:00.000Z' });
    await settled.sendDue(later());
    expect(await mails()).toEqual([]);

    const unmoved = await event();
    await stand(unmoved, { exhibitorId: SELLER, status: 'approved' });
    await change(unmoved, 2, { allowStandRegistration: false, notifyOnRegistration: false });
    await settled.sendDue(later());
    expect(await mails()).toEqual([]);
  });

  it('tells nobody of a move undone within the window, and of moves within 6 hours once, then the state after the interval', async () => {
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await change(eventId, 2, { location: 'Neumarkt, Köln' });
    await change(eventId, 3, {});
    await settled.sendDue(later());
    expect(await mails()).toEqual([]);

    await change(eventId, 4, { location: 'Neumarkt, Köln' });
    await settled.sendDue(later());
    await change(eventId, 5, { location: 'Heumarkt, Köln' });
    await settled.sendDue(later(12));
    await change(eventId, 6, { location: 'Alter Markt, Köln' });
    await settled.sendDue(later(3 * 60));
    expect((await mails()).map((m) => m.kind)).toEqual(['event-moved']);
    await settled.sendDue(later(6 * 60 + 10));
    const [first, second, ...more] = await mails();
    expect(more).toEqual([]);
    expect(first.text).toContain('Ort: Neumarkt, Köln');
    expect(second.text).toContain('Ort: Alter Markt, Köln');
    expect(second.text).toContain('Bisher: Samstag, 10. Mai 2031, 10:00–16:00 Uhr, Neumarkt, Köln');
    expect(await perAddress()).toEqual({ 'sven@example.de': 2 });
  });

  it('tells nobody when a market under way only ends earlier or later; a new start or place and a cancellation still, against the new end', async () => {
    const begun = Date.now();
    const at = (hours: number) => new Date(begun + hours * 3600_000).toISOString();
    const eventId = await event({ startDateTime: at(-1), endDateTime: at(5) });
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    // The organiser ends it early, then puts the end back a little later: each settles with nothing told.
    await change(eventId, 2, { startDateTime: at(-1), endDateTime: at(0) });
    expect(await settled.sendDue(later())).toBe(1);
    await change(eventId, 3, { startDateTime: at(-1), endDateTime: at(1) });
    await settled.sendDue(later());
    expect(await mails()).toEqual([]);
    const [told] = (await ds.query(`SELECT "end_date_time", "told_at" FROM stands.event_changes_told WHERE "event_id" = $1`, [eventId])) as {
      end_date_time: Date;
      told_at: Date | null;
    }[];
    expect(told).toEqual({ end_date_time: new Date(at(1)), told_at: null });

    // A new place is told as before, and what they knew was the new end.
    await change(eventId, 4, { startDateTime: at(-1), endDateTime: at(1), location: 'Neumarkt, Köln' });
    await settled.sendDue(later());
    const [moved, ...more] = await mails();
    expect(more).toEqual([]);
    expect(moved.kind).toBe('event-moved');
    expect(moved.text).toContain('Ort: Neumarkt, Köln');

    // A cancellation as before.
    await change(eventId, 5, { startDateTime: at(-1), endDateTime: at(1), location: 'Neumarkt, Köln', status: 'cancelled', cancelReason: 'Gewitter.' });
    await settled.sendDue(later());
    expect((await mails()).map((m) => m.kind)).toEqual(['event-moved', 'event-cancelled']);
  });

  it('still tells a market not begun yet that it ends at another time', async () => {
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await change(eventId, 2, { endDateTime: '2031-05-10T12:00:00.000Z' });
    await settled.sendDue(later());
    expect((await mails()).map((m) => m.kind)).toEqual(['event-moved']);
  });

  it('tells a cancellation once it settled, even while a move waits out its interval', async () => {
    const eventId = await event();
    await stand(eventId, { exhibitorId: SELLER, status: 'approved' });
    await change(eventId, 2, { location: 'Neumarkt, Köln' });
    await settled.sendDue(later());
    await change(eventId, 3, { location: 'Heumarkt, Köln' });
    await settled.sendDue(later(12));
    await change(eventId, 4, { location: 'Heumarkt, Köln', status: 'cancelled', cancelReason: 'Sturmwarnung für Samstag.' });
    await settled.sendDue(later(18));
    expect((await mails()).map((m) => m.kind)).toEqual(['event-moved', 'event-cancelled']);
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

  it('lists a name in the digest only as far as it reads as one: a sentence with a link typed as the name stays out', async () => {
    const eventId = await event();
    await register(eventId, { ...guest(null), guestFirstName: 'Dein Konto wird gesperrt!', guestLastName: 'Jetzt bestätigen: evil.example/login' });
    await register(eventId, { ...guest(null), guestFirstName: 'Jean-Luc', guestLastName: "D'Artagnan" });
    expect(await digests.sendDue()).toBe(1);
    const [digest] = await mails();
    expect(digest.text).toContain('• – (Gast) – Kleidung – Wartend');
    expect(digest.text).toContain("• Jean-Luc D'Artagnan (Gast) – Kleidung – Wartend");
    expect(digest.text).not.toMatch(/gesperrt|evil\.example/);
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
  it('mails a guest their link once they confirmed the registration, the approval once, and a rejection again only with a new reason', async () => {
    const commands = new StandCommands(ds, notices);
    const eventId = await event();
    const { stand, manageToken } = await commands.registerGuestStand(row(eventId), 'gisela@example.de');
    await confirmations.confirm(confirmationToken((await mails())[0]));
    for (const step of [
      () => commands.approve(stand.id),
      () => commands.approve(stand.id),
      () => commands.reject(stand.id, 'Doppelt angemeldet.'),
      () => commands.reject(stand.id, 'Doppelt angemeldet.'),
      () => commands.reject(stand.id, 'Der Platz ist schon voll.'),
    ]) {
      await step();
      await settled.sendDue(later());
    }
    const sent = await mails();
    expect(sent.map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'stand-approved', 'stand-rejected', 'stand-rejected']);
    expect(sent[1].text).toContain(`/anmeldung/${manageToken}`);
    expect(sent[4].text).toContain('Begründung: Der Platz ist schon voll.');
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
  it("tells a waitlisted guest their place in the receipt, lists them in the organiser's digest, and tells them of a cancellation", async () => {
    const eventId = await event();
    const s = await stand(eventId, { ...guest(), status: 'waitlisted' });
    await ds.transaction((m) => notices.registered(m, s, 'TOKEN-abcdefghijklmnopqrs'));
    await confirmations.confirm(confirmationToken((await mails())[0]));
    const [, receipt] = await mails();
    expect(receipt.text).toContain('Du stehst auf der Warteliste (Platz 1)');
    expect(receipt.text).toContain('/anmeldung/TOKEN-abcdefghijklmnopqrs');
    await digests.sendDue();
    expect((await mails())[2].text).toContain('• Gisela Gast (Gast) – Kleidung – Warteliste');
    await events.apply(facts(eventId, 2, { status: 'cancelled' }), (c, m) => notices.eventFactsChanged(m, c));
    await settled.sendDue(later());
    expect((await mails()).map((m) => m.kind)).toEqual(['mail-confirmation', 'guest-registered', 'registration-digest', 'event-cancelled']);
  });
});
