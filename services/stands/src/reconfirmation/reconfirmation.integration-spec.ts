import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { FactoryProvider, INestApplication } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  API_ERRORS,
  MARKET_DAY_MESSAGES,
  RECONFIRMATION_OFF,
  ZConfirmation,
  formatDate,
  type TConfirmation,
  type TJobPayload,
  type TReconfirmation,
} from '@flohmarkt/contracts';
import type { JobHandlers } from '@flohmarkt/server-kit';
import { STANDS_JOB_HANDLERS } from '../jobs/stands-job-handlers.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventsClient } from '../peers/events-client.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { ReminderWishesReadModel } from '../read-models/reminder-wishes.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandEntity } from '../stands/stand.entity.js';
import { eventFacts, insertStand, outboxMails, type Mail, type Person } from '../testing/fixtures.js';
import { STAND_READS, jsonCalls, refused, user, withStandsApp } from '../testing/stands-app.js';
import { ReconfirmationAsks } from './reconfirmation-asks.js';
import { RECONFIRMATION_CONTROLLERS, RECONFIRMATION_PROVIDERS } from './reconfirmation.controller.js';
import { Reconfirmations } from './reconfirmations.js';

/*
 * "Bist du dabei?" (issue 36) through the stands service's HTTP app, against a real database: the
 * question at once when a market's facts switch it on or a stand is approved after the ask time,
 * the mail with its two links, "ja" and "nein" by the link without signing in, the waitlist moving
 * up, the deadline releasing the silent ones, the organiser's one reminder, the guest who cannot be
 * mailed, and the link spent at the start.
 */

const PUBLIC_URL = 'https://flohmarkt.example';
const HOUR = 3600_000;
const ORGANIZER = user('organizer');
const STRANGER = user();
/** Sellers with account addresses: each market takes a fresh trio (one active stand per user and market). */
const sellers = Array.from({ length: 24 }, (_, i) => ({ id: randomUUID(), address: `seller${i}@example.de` }));

/** The clock the answers compare with (PrivacyClock): fixed by a test, else the real time. */
class SpecClock extends PrivacyClock {
  at: Date | null = null;
  override now(): Date {
    return this.at ?? new Date();
  }
}

const ASKING: TReconfirmation = { enabled: true, askHoursBefore: 72, deadlineHoursBefore: 2 };

let ds: DataSource;
let app: INestApplication;
let base: string;
let handlers: JobHandlers<'stands'>;
const clock = new SpecClock();
const versions = new Map<string, number>();
/** Each market's start as its latest facts said it: the day its mails name. */
const starts = new Map<string, Date>();

withStandsApp(
  {
    controllers: [...RECONFIRMATION_CONTROLLERS],
    providers: [
      { provide: PrivacyClock, useValue: clock },
      // The markets as the events service has them now: organised by ORGANIZER, no team; the settings come from the read model.
      { provide: EventsClient, useValue: { find: async (id: string) => ({ id, organizerId: ORGANIZER['x-user-id'], team: [] }) } },
      ...STAND_READS,
      ReminderWishesReadModel,
      MailOptOuts,
      StandNotices,
      StandCommands,
      ...RECONFIRMATION_PROVIDERS,
    ],
    env: { PUBLIC_URL, MAIL_SETTLE_S: '0' },
    users: sellers.map(({ id, address }, i): Person => [id, `Seller${i}`, 'Muster', address]),
  },
  (started) => {
    ({ app, base, ds } = started);
    // The stands queue's handlers as the app builds them; only EventFactsChanged is used here.
    const provider = STANDS_JOB_HANDLERS as FactoryProvider<JobHandlers<'stands'>>;
    handlers = provider.useFactory(
      app.get(StandCommands),
      app.get(EventFactsReadModel),
      app.get(UserNamesReadModel),
      app.get(PhotoStatesReadModel),
      app.get(ReminderWishesReadModel),
      app.get(StandNotices),
      undefined,
      undefined,
      undefined,
      app.get(ReconfirmationAsks),
    ) as JobHandlers<'stands'>;
  },
);

const send = jsonCalls(() => base, { idempotent: true });

/** A market's facts as EventFactsChanged carries them: starting `startsIn` from now, six hours long. */
function facts(eventId: string, startsIn: number, reconfirmation: TReconfirmation, maxStands: number | null = null): TJobPayload<'EventFactsChanged'> {
  const version = (versions.get(eventId) ?? 0) + 1;
  versions.set(eventId, version);
  const start = Date.now() + startsIn;
  starts.set(eventId, new Date(start));
  const when = { startDateTime: new Date(start).toISOString(), endDateTime: new Date(start + 6 * HOUR).toISOString() };
  return eventFacts({ eventId, organizerId: ORGANIZER['x-user-id'], ...when, notifyOnRegistration: false, maxStands, reconfirmation, version });
}

/** The stands queue's handler applies the market's facts (as the relay delivers them). */
const deliver = (message: TJobPayload<'EventFactsChanged'>) => handlers.EventFactsChanged!(message);

const stand = (eventId: string, values: Partial<StandEntity>) => insertStand(ds, { description: 'Bücher und Spiele', ...values, eventId });

const reload = (id: string) => ds.getRepository(StandEntity).findOneByOrFail({ id });

/** The mails in the outbox to one address, in order. */
async function mailsTo(address: string, kind?: string): Promise<Mail[]> {
  return (await outboxMails(ds)).filter((mail) => mail.to === address && (!kind || mail.kind === kind));
}

/** The token of the "ja" link in the latest mail of this kind to the address. */
async function linkToken(address: string, kind = 'reconfirmation-asked'): Promise<string> {
  const mails = await mailsTo(address, kind);
  const match = /\/dabei\/([A-Za-z0-9_-]{22})\?antwort=ja/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no "ja" link in the ${kind} mail to ${address}`);
  return match[1]!;
}

const answer = (token: string, value: unknown) => send<TConfirmation>('POST', `/confirmations/${token}`, { answer: value });
const read = (token: string) => send<TConfirmation>('GET', `/confirmations/${token}`);

/** A market of its own, 3 hours ahead with its sellers' stands approved; the facts switch the reconfirmation on afterwards. */
async function marketWithStands(count: number, maxStands: number | null = null) {
  const eventId = randomUUID();
  await deliver(facts(eventId, 3 * HOUR, RECONFIRMATION_OFF, maxStands));
  const mine = sellers.splice(0, count);
  const stands = [];
  for (const seller of mine) stands.push(await stand(eventId, { exhibitorId: seller.id }));
  return { eventId, sellers: mine, stands };
}

/** Such a market whose facts then switch the reconfirmation on: its sellers are asked. */
async function askedMarket(count: number) {
  const market = await marketWithStands(count);
  await deliver(facts(market.eventId, 3 * HOUR, ASKING));
  return market;
}

describe('asking', () => {
  it('asks at once when the facts of a market 3 hours ahead switch it on (ask 72 h, deadline 2 h): one mail each with both links', async () => {
    const {
      eventId,
      sellers: [a, b],
      stands,
    } = await marketWithStands(2);
    expect(await mailsTo(a!.address, 'reconfirmation-asked')).toHaveLength(0);

    await deliver(facts(eventId, 3 * HOUR, ASKING));

    for (const [i, seller] of [a!, b!].entries()) {
      const [mail] = await mailsTo(seller.address, 'reconfirmation-asked');
      expect(mail).toBeDefined();
      // The market's own day (its start three hours after the facts, in Berlin), not one counted again from now: a test
      // passing 21:00 in Berlin would name the next day.
      expect(mail!.subject).toBe(`Bist du dabei? Hofflohmarkt Südstadt am ${formatDate(starts.get(eventId)!)}`);
      const token = await linkToken(seller.address);
      expect(mail!.text).toContain(`${PUBLIC_URL}/dabei/${token}?antwort=ja`);
      expect(mail!.text).toContain(`${PUBLIC_URL}/dabei/${token}?antwort=nein`);
      expect(mail!.text).toContain('Köln');
      expect(mail!.text).toContain('Warteliste');
      // The one-click opt-out of the stand notices: the List-Unsubscribe header and the visible page.
      expect(mail!.unsubscribeUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/`));
      expect(mail!.text).toContain(`${PUBLIC_URL}/abmelden/`);
      expect((await reload(stands[i]!.id)).confirmation).toBe('asked');
    }

    // Asked once: the next facts, the job's pass and a second pass send nothing more.
    await deliver(facts(eventId, 3 * HOUR, ASKING));
    expect(await app.get(Reconfirmations).runDue(new Date())).toMatchObject({ asked: 0 });
    expect(await mailsTo(a!.address, 'reconfirmation-asked')).toHaveLength(1);
  });

  it('asks a stand approved after the ask time in the approving transaction', async () => {
    const eventId = randomUUID();
    await deliver(facts(eventId, 3 * HOUR, ASKING));
    const [seller] = sellers.splice(0, 1);
    const pending = await stand(eventId, { exhibitorId: seller!.id, status: 'pending' });
    expect(await mailsTo(seller!.address, 'reconfirmation-asked')).toHaveLength(0);

    await app.get(StandCommands).approve(pending.id);

    expect(await mailsTo(seller!.address, 'reconfirmation-asked')).toHaveLength(1);
    expect((await reload(pending.id)).confirmation).toBe('asked');
  });

  it('does not ask before the ask time, nor at a market without it; the job asks once the time has come', async () => {
    const early = randomUUID();
    await deliver(facts(early, 100 * HOUR, ASKING));
    const off = randomUUID();
    await deliver(facts(off, 3 * HOUR, RECONFIRMATION_OFF));
    const [s1, s2] = sellers.splice(0, 2);
    const waiting = await stand(early, { exhibitorId: s1!.id });
    const never = await stand(off, { exhibitorId: s2!.id });

    const reconfirmations = app.get(Reconfirmations);
    await reconfirmations.runDue(new Date());
    expect((await reload(waiting.id)).confirmation).toBe('not-asked');
    expect((await reload(never.id)).confirmation).toBe('not-asked');

    // 29 hours later the 72 hours before the start have begun.
    await reconfirmations.runDue(new Date(Date.now() + 29 * HOUR));
    expect((await reload(waiting.id)).confirmation).toBe('asked');
    expect(await mailsTo(s1!.address, 'reconfirmation-asked')).toHaveLength(1);
    expect((await reload(never.id)).confirmation).toBe('not-asked');
  });

  it('does not ask (nor ever release) a guest whose address is not confirmed; a confirmed guest is asked', async () => {
    const eventId = randomUUID();
    await deliver(facts(eventId, 3 * HOUR, RECONFIRMATION_OFF));
    const unconfirmed = await stand(eventId, { exhibitorId: null, guestEmail: 'gast.offen@example.de', guestFirstName: 'Gerd' });
    await ds.query(`INSERT INTO "mail_addresses" ("address", "confirmed_at") VALUES ('gast.bestaetigt@example.de', now())`);
    const confirmed = await stand(eventId, { exhibitorId: null, guestEmail: 'gast.bestaetigt@example.de', guestFirstName: 'Greta' });

    await deliver(facts(eventId, 3 * HOUR, ASKING));

    expect(await mailsTo('gast.offen@example.de')).toHaveLength(0);
    expect((await reload(unconfirmed.id)).confirmation).toBe('not-asked');
    expect(await mailsTo('gast.bestaetigt@example.de', 'reconfirmation-asked')).toHaveLength(1);
    expect((await reload(confirmed.id)).confirmation).toBe('asked');

    // Past the deadline only the asked guest is released; the one never asked keeps the place.
    await app.get(Reconfirmations).runDue(new Date(Date.now() + 1.5 * HOUR));
    expect(await reload(unconfirmed.id)).toMatchObject({ status: 'approved', confirmation: 'not-asked' });
    expect(await reload(confirmed.id)).toMatchObject({ status: 'released', confirmation: 'released' });
  });
});

describe('answering by the link', () => {
  it('"ja" confirms without signing in, again changes nothing; opening the link changes nothing', async () => {
    const {
      eventId,
      sellers: [seller],
      stands,
    } = await askedMarket(1);
    const token = await linkToken(seller!.address);

    const opened = await read(token);
    expect(opened.status).toBe(200);
    expect(opened.cacheControl).toBe('private, no-store');
    expect(ZConfirmation.safeParse(opened.body).success).toBe(true);
    expect(opened.body).toMatchObject({
      standId: stands[0]!.id,
      status: 'approved',
      confirmation: 'asked',
      event: { id: eventId, name: 'Hofflohmarkt Südstadt' },
    });
    expect((await reload(stands[0]!.id)).confirmation).toBe('asked');

    const yes = await answer(token, 'yes');
    expect(yes.status).toBe(200);
    expect(yes.body).toMatchObject({ status: 'approved', confirmation: 'confirmed' });
    expect(await answer(token, 'yes')).toMatchObject({ status: 200, body: expect.objectContaining({ confirmation: 'confirmed' }) });
    expect(await read(token)).toMatchObject({ body: expect.objectContaining({ confirmation: 'confirmed' }) });

    // A confirmed stand stays at the deadline.
    await app.get(Reconfirmations).runDue(new Date(Date.now() + 1.5 * HOUR));
    expect(await reload(stands[0]!.id)).toMatchObject({ status: 'approved', confirmation: 'confirmed' });
  });

  it('"nein" releases the place at once, tells the seller, and the first on the waitlist moves up; the old link cannot confirm again', async () => {
    const {
      eventId,
      sellers: [seller, other],
      stands,
    } = await marketWithStands(2, 2);
    const [first, second] = sellers.splice(0, 2);
    const waitingFirst = await stand(eventId, { exhibitorId: first!.id, status: 'waitlisted', waitlistedAt: new Date(Date.now() - 2 * HOUR) });
    const waitingSecond = await stand(eventId, { exhibitorId: second!.id, status: 'waitlisted', waitlistedAt: new Date(Date.now() - HOUR) });
    await deliver(facts(eventId, 3 * HOUR, ASKING, 2));
    const token = await linkToken(seller!.address);
    expect(await mailsTo(first!.address, 'reconfirmation-asked')).toHaveLength(0);

    const no = await answer(token, 'no');
    expect(no.status).toBe(200);
    expect(no.body).toMatchObject({ standId: stands[0]!.id, status: 'released', confirmation: 'released' });
    expect(await reload(stands[0]!.id)).toMatchObject({ status: 'released', confirmation: 'released' });
    expect(await reload(waitingFirst.id)).toMatchObject({ status: 'pending' });
    expect(await reload(waitingSecond.id)).toMatchObject({ status: 'waitlisted' });
    expect(await reload(stands[1]!.id)).toMatchObject({ status: 'approved', confirmation: 'asked' });
    expect(await mailsTo(first!.address, 'stand-promoted')).toHaveLength(1);
    const [released] = await mailsTo(seller!.address, 'reconfirmation-released');
    expect(released!.subject).toBe('Dein Platz beim Flohmarkt „Hofflohmarkt Südstadt“ ist freigegeben');
    expect(released!.text).toContain('„nein“');

    // A released stand: "ja" by the old link is refused, "nein" again answers the released state.
    expect(await answer(token, 'yes')).toEqual(refused(409, MARKET_DAY_MESSAGES.confirmationReleased));
    expect(await answer(token, 'no')).toMatchObject({ status: 200, body: expect.objectContaining({ status: 'released' }) });
    expect(await mailsTo(seller!.address, 'reconfirmation-released')).toHaveLength(1);
    void other;
  });

  it('two "nein" clicks at once release once', async () => {
    const {
      sellers: [seller],
      stands,
    } = await askedMarket(1);
    const token = await linkToken(seller!.address);
    const answers = await Promise.all([answer(token, 'no'), answer(token, 'no')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await reload(stands[0]!.id)).status).toBe('released');
    expect(await mailsTo(seller!.address, 'reconfirmation-released')).toHaveLength(1);
  });

  it('refuses a bad body, an unknown or malformed token, a withdrawn stand, and after the start', async () => {
    const {
      sellers: [seller, other],
      stands,
    } = await askedMarket(2);
    const token = await linkToken(seller!.address);

    expect(await answer(token, 'vielleicht')).toEqual(refused(400, MARKET_DAY_MESSAGES.invalidAnswer));
    expect(await send('POST', `/confirmations/${token}`, [])).toEqual(refused(400, MARKET_DAY_MESSAGES.invalidAnswer));
    expect(await read('A'.repeat(22))).toEqual(refused(404, MARKET_DAY_MESSAGES.confirmationNotFound));
    expect(await answer('kaputt', 'yes')).toEqual(refused(404, MARKET_DAY_MESSAGES.confirmationNotFound));

    await app.get(StandCommands).withdraw(stands[1]!.id);
    expect(await answer(await linkToken(other!.address), 'yes')).toEqual(refused(409, MARKET_DAY_MESSAGES.confirmationClosed));

    clock.at = new Date(Date.now() + 4 * HOUR);
    try {
      expect(await read(token)).toEqual(refused(410, MARKET_DAY_MESSAGES.confirmationExpired));
      expect(await answer(token, 'yes')).toEqual(refused(410, MARKET_DAY_MESSAGES.confirmationExpired));
    } finally {
      clock.at = null;
    }
  });
});

describe('the deadline', () => {
  it('releases the unanswered stands (the waitlist moves up, the seller is told why); a late "ja" is refused', async () => {
    const {
      eventId,
      sellers: [silent, yes],
      stands,
    } = await marketWithStands(2, 2);
    const [waiting] = sellers.splice(0, 1);
    const waitingStand = await stand(eventId, { exhibitorId: waiting!.id, status: 'waitlisted', waitlistedAt: new Date() });
    await deliver(facts(eventId, 3 * HOUR, ASKING, 2));
    expect((await answer(await linkToken(yes!.address), 'yes')).status).toBe(200);
    const silentToken = await linkToken(silent!.address);

    // Past the deadline (1 hour from now), before any job ran: the link reads released, and opening it changed nothing.
    clock.at = new Date(Date.now() + 1.5 * HOUR);
    try {
      expect(await read(silentToken)).toMatchObject({ status: 200, body: expect.objectContaining({ status: 'released', confirmation: 'released' }) });
      expect((await reload(stands[0]!.id)).status).toBe('approved');
      expect(await answer(silentToken, 'yes')).toEqual(refused(409, MARKET_DAY_MESSAGES.confirmationReleased));
    } finally {
      clock.at = null;
    }
    expect(await reload(stands[0]!.id)).toMatchObject({ status: 'released', confirmation: 'released' });
    expect(await reload(stands[1]!.id)).toMatchObject({ status: 'approved', confirmation: 'confirmed' });
    expect(await reload(waitingStand.id)).toMatchObject({ status: 'pending' });
    const [told] = await mailsTo(silent!.address, 'reconfirmation-released');
    expect(told!.text).toContain('nicht beantwortet');
  });

  it('the job releases at the deadline, once', async () => {
    const {
      sellers: [silent],
      stands,
    } = await askedMarket(1);
    const reconfirmations = app.get(Reconfirmations);
    expect(await reconfirmations.runDue(new Date(Date.now() + 0.5 * HOUR))).toMatchObject({ released: 0 });
    expect((await reload(stands[0]!.id)).status).toBe('approved');
    const later = new Date(Date.now() + 1.5 * HOUR);
    const runs = await Promise.all([reconfirmations.releaseDue(later), reconfirmations.releaseDue(later)]);
    expect(runs[0]! + runs[1]!).toBeGreaterThanOrEqual(1);
    expect((await reload(stands[0]!.id)).status).toBe('released');
    expect(await mailsTo(silent!.address, 'reconfirmation-released')).toHaveLength(1);
  });
});

describe('the reminder', () => {
  it('reminds the open stands once with new links; the first links keep working; anyone but the organiser 403', async () => {
    const {
      eventId,
      sellers: [open, answered, guestless],
      stands,
    } = await askedMarket(3);
    const firstToken = await linkToken(open!.address);
    expect((await answer(await linkToken(answered!.address), 'yes')).status).toBe(200);
    void guestless;

    expect(await send('POST', `/events/${eventId}/confirmations/remind`, undefined, STRANGER)).toEqual(refused(403, API_ERRORS.standManagementForbidden));
    const reminded = await send<{ reminded: number }>('POST', `/events/${eventId}/confirmations/remind`, undefined, ORGANIZER);
    expect(reminded).toMatchObject({ status: 200, body: { reminded: 2 } });
    expect(await send('POST', `/events/${eventId}/confirmations/remind`, undefined, ORGANIZER)).toEqual(refused(409, MARKET_DAY_MESSAGES.remindedAlready));

    expect(await mailsTo(answered!.address, 'reconfirmation-reminded')).toHaveLength(0);
    const [reminder] = await mailsTo(open!.address, 'reconfirmation-reminded');
    expect(reminder!.subject).toBe(`Erinnerung: Bist du dabei? Hofflohmarkt Südstadt am ${formatDate(starts.get(eventId)!)}`);
    const secondToken = await linkToken(open!.address, 'reconfirmation-reminded');
    expect(secondToken).not.toBe(firstToken);
    expect(reminder!.text).toContain(`${PUBLIC_URL}/dabei/${secondToken}?antwort=nein`);

    expect(await read(secondToken)).toMatchObject({ status: 200, body: expect.objectContaining({ standId: stands[0]!.id }) });
    expect(await answer(firstToken, 'yes')).toMatchObject({ status: 200, body: expect.objectContaining({ confirmation: 'confirmed' }) });
    expect(await answer(secondToken, 'yes')).toMatchObject({ status: 200, body: expect.objectContaining({ confirmation: 'confirmed' }) });
  });

  it('is refused once the market is cancelled or the deadline has passed, mailing nobody', async () => {
    const cancelled = await askedMarket(1);
    await deliver({ ...facts(cancelled.eventId, 3 * HOUR, ASKING), status: 'cancelled', cancelReason: 'Unwetter' });
    expect(await send('POST', `/events/${cancelled.eventId}/confirmations/remind`, undefined, ORGANIZER)).toEqual(
      refused(409, MARKET_DAY_MESSAGES.remindClosed),
    );
    expect(await mailsTo(cancelled.sellers[0]!.address, 'reconfirmation-reminded')).toHaveLength(0);

    const late = await askedMarket(1);
    // Three hours ahead with the deadline two hours before the start: half an hour past it.
    clock.at = new Date(Date.now() + 1.5 * HOUR);
    try {
      expect(await send('POST', `/events/${late.eventId}/confirmations/remind`, undefined, ORGANIZER)).toEqual(refused(409, MARKET_DAY_MESSAGES.remindClosed));
    } finally {
      clock.at = null;
    }
    expect(await mailsTo(late.sellers[0]!.address, 'reconfirmation-reminded')).toHaveLength(0);
  });

  it('is refused at a market without the reconfirmation, and for an unknown market', async () => {
    const { eventId } = await marketWithStands(0);
    expect(await send('POST', `/events/${eventId}/confirmations/remind`, undefined, ORGANIZER)).toEqual(refused(409, MARKET_DAY_MESSAGES.reconfirmationOff));
    expect(await send('POST', `/events/kaputt/confirmations/remind`, undefined, ORGANIZER)).toEqual(refused(404, API_ERRORS.eventNotFound));
  });
});
