import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  API_ERRORS,
  HOLDS_MAX_OPEN_PER_VISITOR,
  HOLD_MESSAGES,
  ITEM_MESSAGES,
  PICKUP_CODE_LENGTH,
  ZHold,
  ZUserStandsExport,
  type THold,
  type TItem,
  type TStand,
} from '@flohmarkt/contracts';
import { ComeBackSubscriptions } from '../come-back/subscriptions.js';
import { UserStandDataController } from '../exports-for-user/user-stand-data.controller.js';
import { ItemsController } from '../items/items.controller.js';
import { StandItems } from '../items/stand-items.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { newManageToken } from '../stands/guest-manage-token.js';
import { StandController } from '../stands/stand.controller.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { eventFacts, insertStand, outboxMails } from '../testing/fixtures.js';
import { COMMANDS_WITHOUT_MAILS, STAND_READS, jsonCalls, refused, user, withStandsApp } from '../testing/stands-app.js';
import { OPEN_SQL } from './hold-rows.js';
import { PICKUP_CODE_ALPHABET } from './pickup-code.js';
import { HOLDS_CONTROLLERS, HOLDS_PROVIDERS } from './holds.controller.js';
import { Holds } from './holds.js';

/*
 * Free holds (issue 35) through the stands service's HTTP app, against a real database: asking,
 * deciding (signed in, by the mail's link, by the manage token), the item's 'held' for everyone
 * else, the limits, lapsing, the mails in the outbox, the export and the user's deletion.
 */

const PUBLIC_URL = 'https://flohmarkt.example';
const ORGANIZER = user('organizer');
const SELLER = user();
const HOLDER = user();
/** An account whose name is a sentence with a link: the seller's mail must not carry it in the platform's words. */
const SPAMMER = user();
const OTHER = user();
const STRANGER = user();
/** A holder who switched hold mails off. */
const QUIET = user();
const ADMIN = user('admin');
const ANONYMOUS = {};
const SELLER_MAIL = 'sabine.seller@example.de';
const HOLDER_MAIL = 'hanna.holt@example.de';
const QUIET_MAIL = 'quirin.quiet@example.de';

let ds: DataSource;
let app: INestApplication;
let base: string;

withStandsApp(
  {
    controllers: [...HOLDS_CONTROLLERS, ItemsController, StandController],
    providers: [
      COMMANDS_WITHOUT_MAILS,
      // The markets as the events service has them now: organised by ORGANIZER.
      { provide: EventsClient, useValue: { find: async (id: string) => ({ id, organizerId: ORGANIZER['x-user-id'] }) } },
      ...STAND_READS,
      MailOptOuts,
      StandItems,
      ...HOLDS_PROVIDERS,
    ],
    env: { PUBLIC_URL },
    users: [
      [SELLER['x-user-id'], 'Sabine', 'Seller', SELLER_MAIL],
      [HOLDER['x-user-id'], 'Hanna', 'holt', HOLDER_MAIL],
      [SPAMMER['x-user-id'], 'Gewinn! Besuche evil.example', 'x', 'spam@example.org'],
      [QUIET['x-user-id'], 'Quirin', 'Quiet', QUIET_MAIL],
    ],
  },
  (started) => ({ app, base, ds } = started),
);

const send = jsonCalls(() => base, { who: HOLDER, idempotent: true });

/*
 * Each test starts with nobody holding anything, whatever ran before it: the visitors are shared, and
 * their open holds count against HOLDS_MAX_OPEN_PER_VISITOR. Ended, not deleted: the mails stay readable.
 */
beforeEach(async () => {
  await ds.query(`UPDATE "holds" SET "status" = 'ended' WHERE "status" IN (${OPEN_SQL})`);
});

/** A market of its own for each stand (one stand per seller and market): on 7 June 2031, or begun two hours ago. */
async function newMarket(when: 'upcoming' | 'begun' = 'upcoming'): Promise<string> {
  const eventId = randomUUID();
  const begun = { startDateTime: new Date(Date.now() - 2 * 3600_000).toISOString(), endDateTime: new Date(Date.now() + 4 * 3600_000).toISOString() };
  await app.get(EventFactsReadModel).apply(eventFacts({ eventId, organizerId: ORGANIZER['x-user-id'], ...(when === 'begun' ? begun : {}) }));
  return eventId;
}

async function stand(values: Partial<StandEntity> = {}): Promise<string> {
  const eventId = values.eventId ?? (await newMarket());
  return (await insertStand(ds, { exhibitorId: SELLER['x-user-id'], ...values, eventId })).id;
}

async function item(standId: string, title = 'Kinderfahrrad, 20 Zoll', free = false): Promise<string> {
  const [row] = (await ds.query(
    `INSERT INTO "items" ("stand_id", "title", "price_kind", "price_cents", "category") VALUES ($1, $2, $3, $4, 'Bücher') RETURNING "id"`,
    [standId, title, free ? 'free' : 'fixed', free ? null : 2500],
  )) as { id: string }[];
  return row.id;
}

const requestHold = (itemId: string, who: Record<string, string> = HOLDER) => send<THold>('POST', `/items/${itemId}/holds`, undefined, who);
const decide = (holdId: string, decision: string, who: Record<string, string> = SELLER, token?: string) =>
  send<THold>('PATCH', `/holds/${holdId}`, { decision, ...(token === undefined ? {} : { token }) }, who);
const itemStatus = async (standId: string, itemId: string, who: Record<string, string> = ANONYMOUS) =>
  (await send<TItem[]>('GET', `/stands/${standId}/items`, undefined, who)).body.find((i) => i.id === itemId)?.status;

/** A text to find as it is within a pattern. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The mails the outbox holds for a hold, in order: recipient, kind, text. */
const mailsAbout = async (holdId: string) => (await outboxMails(ds)).filter((mail) => mail.text.includes(`/holds/${holdId}`));

/** The token of the seller's mail link to the hold's page. */
async function mailToken(holdId: string): Promise<string> {
  const [mail] = await mailsAbout(holdId);
  const match = new RegExp(`/holds/${holdId}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match) throw new Error('no link with a token in the seller’s mail');
  return match[1]!;
}

describe('a hold, asked and accepted', () => {
  it('shows the pickup code to holder and seller, "held" to everyone else, and mails the seller and then the holder', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const asked = await requestHold(itemId);
    expect(asked).toMatchObject({ status: 201, body: { itemId, status: 'requested' } });
    const holdId = asked.body.id;

    // The seller's mail: to the account's address, naming the visitor by display name, with the two links to the page.
    const [request] = await mailsAbout(holdId);
    expect(request).toMatchObject({ to: SELLER_MAIL, kind: 'hold-requested' });
    expect(request!.text).toContain('Hanna H.');
    expect(request!.text).toContain('Kinderfahrrad, 20 Zoll');
    expect(request!.text).toContain('Hofflohmarkt Südstadt');
    expect(request!.text).toContain('Bezahlt wird am Stand, wie immer.');
    const token = await mailToken(holdId);
    expect(request!.text).toContain(`${PUBLIC_URL}/holds/${holdId}?token=${token}&decision=accept`);
    expect(request!.text).toContain(`${PUBLIC_URL}/holds/${holdId}?token=${token}&decision=decline`);
    expect(request!.text).toContain(`${PUBLIC_URL}/abmelden/`);
    expect(request!.text + request!.html).not.toContain(HOLDER_MAIL);
    // In the HTML part both answers are buttons to tap, their long links not written out as text.
    const link = (decision: string) => `${PUBLIC_URL}/holds/${holdId}?token=${token}&amp;decision=${decision}`;
    expect(request!.html).toMatch(new RegExp(`<a href="${escapeRegExp(link('accept'))}" style="[^"]*display:inline-block[^"]*">Annehmen</a>`));
    expect(request!.html).toMatch(new RegExp(`<a href="${escapeRegExp(link('decline'))}" style="[^"]*display:inline-block[^"]*">Ablehnen</a>`));
    expect(request!.html).not.toContain(`>${link('accept')}`);
    expect(request!.html).not.toContain('Annehmen: ');
    // Asked, not yet accepted: still available to others.
    expect(await itemStatus(standId, itemId)).toBe('available');

    const accepted = await decide(holdId, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: holdId, status: 'accepted', holderName: 'Hanna H.', standId });
    expect(accepted.body.pickupCode).toHaveLength(PICKUP_CODE_LENGTH);
    expect([...accepted.body.pickupCode!].every((c) => PICKUP_CODE_ALPHABET.includes(c))).toBe(true);
    expect(ZHold.safeParse(accepted.body).success).toBe(true);

    const mine = await send<THold[]>('GET', '/me/holds');
    expect(mine.cacheControl).toBe('private, no-store');
    // The open hold first; the holder's ended holds of other tests (if any ran before) after it.
    expect(mine.body[0]).toEqual(expect.objectContaining({ id: holdId, status: 'accepted', pickupCode: accepted.body.pickupCode }));
    expect(mine.body.filter((hold) => hold.id === holdId)).toHaveLength(1);
    expect(mine.body[0]).not.toHaveProperty('holderName');
    expect(mine.body[0]).toMatchObject({
      item: { title: 'Kinderfahrrad, 20 Zoll', price: { kind: 'fixed', cents: 2500 } },
      event: { name: 'Hofflohmarkt Südstadt' },
    });

    const sellers = await send<THold[]>('GET', `/stands/${standId}/holds`, undefined, SELLER);
    expect(sellers.body).toEqual([expect.objectContaining({ id: holdId, pickupCode: accepted.body.pickupCode, holderName: 'Hanna H.' })]);
    expect(JSON.stringify(sellers.body)).not.toContain(HOLDER_MAIL);

    // "reserviert" for everyone else, and for the holder too: the item is not to be had.
    expect(await itemStatus(standId, itemId)).toBe('held');
    expect(await itemStatus(standId, itemId, STRANGER)).toBe('held');

    // The holder's mail: the code, the market's date and place.
    const answer = (await mailsAbout(holdId)).find((mail) => mail.kind === 'hold-accepted');
    expect(answer).toMatchObject({ to: HOLDER_MAIL });
    expect(answer!.text).toContain(accepted.body.pickupCode);
    expect(answer!.text).toContain('Köln');
    expect(answer!.text).toContain('2031');
    // Its link opens this hold (the page links on to all of the holder's), and says so.
    expect(answer!.text).toMatch(new RegExp(`Reservierung ansehen:\\s+\\S+/holds/${holdId}\\s`));
  });

  it('names a visitor whose name does not read as one „Ein Besucher“ in the seller’s mail', async () => {
    const standId = await stand();
    const asked = await requestHold(await item(standId, 'Schaukelpferd'), SPAMMER);
    const [request] = await mailsAbout(asked.body.id);
    expect(request!.text).toContain('Ein Besucher möchte dein Angebot „Schaukelpferd“');
    expect(request!.text).not.toContain('evil.example');
  });

  it('asks the seller about an item they give away without a word about paying', async () => {
    // A visitor of their own: HOLDER's open holds count towards HOLDS_MAX_OPEN_PER_VISITOR in the tests below.
    const asked = await requestHold(await item(await stand(), 'Umzugskartons', true), user());
    const [request] = await mailsAbout(asked.body.id);
    expect(request!.text).toContain('Umzugskartons');
    expect(request!.text).toContain('Es ist zu verschenken, wie du angegeben hast.');
    expect(request!.text).not.toContain('Bezahlt');
  });

  it('lets the seller decide by the mail’s link without signing in, hides the hold from a wrong token and a stranger, refuses a second decision', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    const token = await mailToken(holdId);

    // A stranger (a wrong token too) is told what its read tells them: no such hold.
    expect(await decide(holdId, 'accept', STRANGER)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
    expect(await decide(holdId, 'accept', ANONYMOUS, 'x'.repeat(22))).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
    expect(await decide(holdId, 'keep', STRANGER)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
    // The organiser is a stranger to it; admins and the holder may end it, never accept it.
    expect(await decide(holdId, 'accept', ORGANIZER)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
    expect(await decide(holdId, 'accept', ADMIN)).toEqual(refused(403, HOLD_MESSAGES.decisionForbidden));
    expect(await decide(holdId, 'accept', HOLDER)).toEqual(refused(403, HOLD_MESSAGES.decisionForbidden));
    expect(await decide(holdId, 'keep', ANONYMOUS, token)).toEqual(refused(400, HOLD_MESSAGES.decisionInvalid));

    // The page of the link reads the hold with the token (the seller's view), and reading changes nothing.
    const page = await send<THold>('GET', `/holds/${holdId}?token=${token}`, undefined, ANONYMOUS);
    expect(page).toMatchObject({ status: 200, cacheControl: 'private, no-store', body: { status: 'requested', holderName: 'Hanna H.' } });
    expect(await send('GET', `/holds/${holdId}?token=${'y'.repeat(22)}`, undefined, ANONYMOUS)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
    expect(await send('GET', `/holds/${holdId}`, undefined, STRANGER)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));

    const declined = await decide(holdId, 'decline', ANONYMOUS, token);
    expect(declined).toMatchObject({ status: 200, body: { status: 'declined', pickupCode: null } });
    expect(declined.body.decidedAt).not.toBeNull();
    expect(await decide(holdId, 'accept', ANONYMOUS, token)).toEqual(refused(409, HOLD_MESSAGES.decisionNotOpen));
    expect(await decide(holdId, 'decline', SELLER)).toEqual(refused(409, HOLD_MESSAGES.decisionNotOpen));
    expect((await mailsAbout(holdId)).map((m) => [m.to, m.kind])).toEqual([
      [SELLER_MAIL, 'hold-requested'],
      [HOLDER_MAIL, 'hold-declined'],
    ]);
    expect(await itemStatus(standId, itemId)).toBe('available');
    expect(await send('GET', `/holds/${randomUUID()}`)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
    expect(await decide(randomUUID(), 'end')).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
  });

  it('is ended by the holder (or an admin), and the item is free again for another request', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const first = (await requestHold(itemId)).body.id;
    await decide(first, 'accept');
    expect(await decide(first, 'end', HOLDER)).toMatchObject({ status: 200, body: { status: 'ended', pickupCode: null } });
    expect(await itemStatus(standId, itemId)).toBe('available');
    expect(await decide(first, 'end', HOLDER)).toEqual(refused(409, HOLD_MESSAGES.decisionNotOpen));

    const second = await requestHold(itemId, OTHER);
    expect(second.status).toBe(201);
    // A visitor the read model knows no name of is "Ein Besucher" to the seller.
    expect((await send<THold>('GET', `/holds/${second.body.id}`, undefined, SELLER)).body.holderName).toBe('Ein Besucher');
    expect(await decide(second.body.id, 'end', ADMIN)).toMatchObject({ status: 200, body: { status: 'ended' } });
    // The holder ending their own hold is told nothing more.
    expect((await mailsAbout(first)).map((m) => m.kind)).toEqual(['hold-requested', 'hold-accepted']);
  });

  it('tells the holder when the seller ends an accepted hold, which they count on until then', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    await decide(holdId, 'accept');
    expect(await decide(holdId, 'end', SELLER)).toMatchObject({ status: 200, body: { status: 'ended', pickupCode: null } });
    expect(await itemStatus(standId, itemId)).toBe('available');
    const mails = await mailsAbout(holdId);
    expect(mails.map((m) => [m.to, m.kind])).toEqual([
      [SELLER_MAIL, 'hold-requested'],
      [HOLDER_MAIL, 'hold-accepted'],
      [HOLDER_MAIL, 'hold-ended'],
    ]);
    expect(mails[2]?.text).toContain('nicht mehr für dich zurück');
  });

  it('lets a guest seller decide with the manage token and list the stand’s holds, and mails a guest only at a confirmed address', async () => {
    const unconfirmed = newManageToken();
    const quiet = await stand({ exhibitorId: null, guestFirstName: 'Gerd', guestEmail: 'gerd@example.de', manageTokenHash: unconfirmed.hash });
    const quietHold = (await requestHold(await item(quiet))).body.id;
    expect(await mailsAbout(quietHold)).toEqual([]);

    const manage = newManageToken();
    await ds.query(`INSERT INTO "mail_addresses" ("address", "confirmed_at") VALUES ('gisela@example.de', now())`);
    const guestStand = await stand({ exhibitorId: null, guestFirstName: 'Gisela', guestEmail: 'gisela@example.de', manageTokenHash: manage.hash });
    const holdId = (await requestHold(await item(guestStand))).body.id;
    expect((await mailsAbout(holdId)).map((m) => m.to)).toEqual(['gisela@example.de']);

    const header = { 'x-manage-token': manage.token };
    expect(await send('GET', `/stands/${guestStand}/holds`, undefined, { 'x-manage-token': unconfirmed.token })).toEqual(
      refused(403, HOLD_MESSAGES.decisionForbidden),
    );
    expect((await send<THold[]>('GET', `/stands/${guestStand}/holds`, undefined, header)).body).toEqual([
      expect.objectContaining({ id: holdId, holderName: 'Hanna H.' }),
    ]);
    expect(await decide(holdId, 'accept', header)).toMatchObject({ status: 200, body: { status: 'accepted' } });
  });

  it('answers the stand’s list to its owner only: 403 to others who see the stand, 404 to those who do not', async () => {
    const standId = await stand();
    expect(await send('GET', `/stands/${standId}/holds`, undefined, STRANGER)).toEqual(refused(403, HOLD_MESSAGES.decisionForbidden));
    expect(await send('GET', `/stands/${standId}/holds`, undefined, ORGANIZER)).toEqual(refused(403, HOLD_MESSAGES.decisionForbidden));
    const pending = await stand({ status: 'pending' });
    expect(await send('GET', `/stands/${pending}/holds`, undefined, STRANGER)).toEqual(refused(404, API_ERRORS.standNotFound));
    expect(await send('GET', `/stands/${randomUUID()}/holds`, undefined, SELLER)).toEqual(refused(404, API_ERRORS.standNotFound));
  });
});

describe('where the holder picks the item up', () => {
  const ADDRESS = { addressStreet: 'Hohe Straße', addressHouseNumber: '12', addressPostcode: '50667', addressTown: 'Köln' };
  const PLACED = { latitude: '50.93660000', longitude: '6.95720000' };
  /** The holder's mail of each outcome of a hold on this stand's item, accepted first. */
  async function holderMails(standId: string): Promise<Record<string, string>> {
    const accepted = (await requestHold(await item(standId))).body.id;
    await decide(accepted, 'accept');
    await decide(accepted, 'end');
    const declined = (await requestHold(await item(standId, 'Puppenwagen'))).body.id;
    await decide(declined, 'decline');
    const mails = [...(await mailsAbout(accepted)), ...(await mailsAbout(declined))].filter((mail) => mail.to === HOLDER_MAIL);
    return Object.fromEntries(mails.map((mail) => [mail.kind, mail.text]));
  }

  it('names the stand by its title and its address, apart from the market’s place, in every mail to the holder', async () => {
    const standId = await stand({ standNumber: '12', ...ADDRESS });
    const mails = await holderMails(standId);
    expect(Object.keys(mails).sort()).toEqual(['hold-accepted', 'hold-declined', 'hold-ended']);
    expect(mails['hold-accepted']).toContain('Abholen kannst du es am Stand „Stand #12“: Hohe Straße 12, 50667 Köln.');
    for (const text of Object.values(mails)) {
      expect(text).toMatch(/Stand:\s+Stand #12\n/);
      expect(text).toMatch(/Adresse:\s+Hohe Straße 12, 50667 Köln\n/);
      // The market's own place is still there, called what it is.
      expect(text).toMatch(/Ort des Flohmarkts:\s+Köln\n/);
    }
  });

  it('keeps a hidden house number out of the mail before the market day, and names it on the day', async () => {
    // The market on 7 June 2031: the approximate stand's house number is hidden until then.
    const hidden = await stand({ ...ADDRESS, ...PLACED, locationPrecision: 'approximate' });
    const before = await holderMails(hidden);
    for (const text of Object.values(before)) {
      expect(text).not.toContain('Hohe Straße 12');
      expect(text).toMatch(/Adresse:\s+Hohe Straße, 50667 Köln \(Hausnummer ab dem Markttag\)\n/);
      // Named by its street, as the public names it before the day.
      expect(text).toMatch(/Stand:\s+Hohe Straße\n/);
    }
    expect(before['hold-accepted']).toContain(
      `Abholen kannst du es am Stand „Hohe Straße“, Hohe Straße, 50667 Köln. Die Hausnummer zeigt die Seite des Stands ab dem Markttag: ${PUBLIC_URL}/stands/${hidden}`,
    );

    // A market that has begun: the address is the public's now.
    const onTheDay = await stand({ ...ADDRESS, ...PLACED, locationPrecision: 'approximate', eventId: await newMarket('begun'), holdMinutes: 180 });
    const accepted = (await requestHold(await item(onTheDay))).body.id;
    await decide(accepted, 'accept');
    const mail = (await mailsAbout(accepted)).find((m) => m.kind === 'hold-accepted');
    expect(mail!.text).toContain('Abholen kannst du es am Stand „Hohe Straße 12“: Hohe Straße 12, 50667 Köln.');
  });

  /** The holder's „Reserviert“ mail of a hold on this stand's item. */
  async function acceptedMail(standId: string): Promise<{ text: string; html: string }> {
    const holdId = (await requestHold(await item(standId))).body.id;
    await decide(holdId, 'accept');
    return (await mailsAbout(holdId)).find((mail) => mail.kind === 'hold-accepted')!;
  }
  const ROUTE = 'https://www.openstreetmap.org/directions?route=%3B50.9366%2C6.9572#map=16/50.9366/6.9572';

  it('gives the accepted hold the route to the stand’s place, as a button and as a written-out link', async () => {
    const mail = await acceptedMail(await stand({ standNumber: '12', ...ADDRESS, ...PLACED }));
    expect(mail.text).toContain(`Route zum Stand:\n${ROUTE}\n`);
    expect(mail.html).toMatch(new RegExp(`<a href="${escapeRegExp(ROUTE)}" style="[^"]*">Route zum Stand</a>`));
    // Only the accepted hold has a place to go to.
    const declined = (await requestHold(await item(await stand({ ...ADDRESS, ...PLACED })))).body.id;
    await decide(declined, 'decline');
    for (const other of await mailsAbout(declined)) expect(other.text).not.toContain('openstreetmap');
  });

  it('gives no route to an approximate stand before the market day (its place is hidden like its house number), and the exact one on the day', async () => {
    const before = await acceptedMail(await stand({ ...ADDRESS, ...PLACED, locationPrecision: 'approximate' }));
    expect(before.text + before.html).not.toContain('openstreetmap');
    const onTheDay = await acceptedMail(
      await stand({ ...ADDRESS, ...PLACED, locationPrecision: 'approximate', eventId: await newMarket('begun'), holdMinutes: 180 }),
    );
    expect(onTheDay.text).toContain(`Route zum Stand:\n${ROUTE}\n`);
  });

  it('names a stand without number or address as the holder may see it, with the way to its place on the map', async () => {
    // "Nur Nummer": the seller's name is not the holder's to read.
    const standId = await stand({ nameDisplay: 'number', ...PLACED });
    const mails = await holderMails(standId);
    expect(mails['hold-accepted']).toContain(
      `Abholen kannst du es am Stand „Stand ohne Nummer“ auf dem Flohmarkt; wo er steht, zeigt die Seite des Stands: ${PUBLIC_URL}/stands/${standId}`,
    );
    for (const text of Object.values(mails)) {
      expect(text).not.toContain('Sabine');
      expect(text).not.toMatch(/Adresse:/);
    }
  });
});

describe('what may be held', () => {
  it('refuses the own item, a sold item, an unknown or invisible item, a market whose hold time is over', async () => {
    const standId = await stand();
    expect(await requestHold(await item(standId), SELLER)).toEqual(refused(400, HOLD_MESSAGES.ownItem));
    const sold = await item(standId);
    await ds.query(`UPDATE "items" SET "status" = 'sold' WHERE "id" = $1`, [sold]);
    expect(await requestHold(sold)).toEqual(refused(400, HOLD_MESSAGES.itemNotHoldable));
    expect(await requestHold(randomUUID())).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    expect(await requestHold('not-an-id')).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    expect(await requestHold(await item(await stand({ status: 'pending' })))).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    expect(await requestHold(await item(await stand({ eventId: await newMarket('begun') })))).toEqual(refused(400, HOLD_MESSAGES.tooLate));
    // A longer hold time keeps the request open after the start.
    const longer = await item(await stand({ eventId: await newMarket('begun'), holdMinutes: 180 }));
    expect((await requestHold(longer)).status).toBe(201);
  });

  it('keeps one open hold per item, also for two requests at once', async () => {
    const itemId = await item(await stand());
    const answers = await Promise.all([requestHold(itemId, HOLDER), requestHold(itemId, OTHER), requestHold(itemId, STRANGER)]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201)).toEqual(Array(2).fill(refused(409, HOLD_MESSAGES.alreadyHeld)));
  });

  it(`refuses a visitor's ${HOLDS_MAX_OPEN_PER_VISITOR + 1}th open hold, also when they arrive at once`, async () => {
    const visitor = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand();
    const items = await Promise.all(Array.from({ length: HOLDS_MAX_OPEN_PER_VISITOR + 2 }, (_, i) => item(standId, `Buch Nummer ${i}`)));
    const answers = await Promise.all(items.map((id) => requestHold(id, visitor)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(HOLDS_MAX_OPEN_PER_VISITOR);
    expect(answers.filter((a) => a.status !== 201)).toEqual(Array(2).fill(refused(409, HOLD_MESSAGES.tooManyHolds)));
    // An ended hold no longer counts.
    const open = answers.find((a) => a.status === 201)!.body.id;
    await decide(open, 'end', visitor);
    const free = answers.findIndex((a) => a.status !== 201);
    expect((await requestHold(items[free]!, visitor)).status).toBe(201);
  });

  it('ends the open hold when the seller marks the item sold', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    await decide(holdId, 'accept');
    const sold = await send<TItem>(
      'PUT',
      `/items/${itemId}`,
      { title: 'Kinderfahrrad, 20 Zoll', price: { kind: 'fixed', cents: 2500 }, category: 'Bücher', sold: true },
      SELLER,
    );
    expect(sold).toMatchObject({ status: 200, body: { status: 'sold' } });
    expect((await send<THold>('GET', `/holds/${holdId}`)).body).toMatchObject({ status: 'ended', pickupCode: null });
  });
});

describe('a sale of an item someone holds', () => {
  const sell = (itemId: string, sold = true, title = 'Kinderfahrrad, 20 Zoll') =>
    send<TItem>('PUT', `/items/${itemId}`, { title, price: { kind: 'fixed', cents: 2500 }, category: 'Bücher', sold }, SELLER);
  const soldMails = async (holdId: string) => (await mailsAbout(holdId)).filter((mail) => mail.kind === 'hold-sold');

  it('tells the holder of an accepted hold once that the item is sold, with the way out of hold mails; a sale again tells nobody', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    await decide(holdId, 'accept');
    // Saved under its new title: the mail names the item as the sale left it.
    expect(await sell(itemId, true, 'Kinderfahrrad, 20 Zoll, blau')).toMatchObject({ status: 200, body: { status: 'sold' } });
    const [mail, ...more] = await soldMails(holdId);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: HOLDER_MAIL, subject: 'Verkauft: „Kinderfahrrad, 20 Zoll, blau“' });
    expect(mail!.text).toContain('Hallo Hanna');
    expect(mail!.text).toContain('„Kinderfahrrad, 20 Zoll, blau“ beim Flohmarkt „Hofflohmarkt Südstadt“ verkauft; deine Reservierung ist damit beendet');
    expect(mail!.text).toContain(`${PUBLIC_URL}/holds/${holdId}`);
    expect(mail!.text).toContain(`${PUBLIC_URL}/abmelden/`);
    expect((await send<THold>('GET', `/holds/${holdId}`)).body).toMatchObject({ status: 'ended', pickupCode: null });

    // The sale sent again (a retry), and sold, available and sold again: the hold ended once, and was told once.
    expect((await sell(itemId)).status).toBe(200);
    expect((await sell(itemId, false)).body.status).toBe('available');
    expect((await sell(itemId)).body.status).toBe('sold');
    expect(await soldMails(holdId)).toHaveLength(1);
    // The seller hears nothing of their own sale.
    expect((await mailsAbout(holdId)).map((m) => [m.to, m.kind])).toEqual([
      [SELLER_MAIL, 'hold-requested'],
      [HOLDER_MAIL, 'hold-accepted'],
      [HOLDER_MAIL, 'hold-sold'],
    ]);
  });

  it('tells a visitor whose request was still open that it ended with the sale', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    await sell(itemId);
    const mails = await soldMails(holdId);
    expect(mails.map((m) => m.to)).toEqual([HOLDER_MAIL]);
    expect(mails[0]!.text).toContain('verkauft; deine Reservierungsanfrage ist damit beendet');
  });

  it('tells one holder once of two sales at once', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    await decide(holdId, 'accept');
    const sales = await Promise.all([sell(itemId), sell(itemId), sell(itemId)]);
    expect(sales.map((sale) => sale.status)).toEqual([200, 200, 200]);
    expect(await soldMails(holdId)).toHaveLength(1);
  });

  it('tells nobody whose hold was declined, ended or past its end before the sale, nor a holder who opted out of hold mails', async () => {
    const standId = await stand();
    const declined = await item(standId, 'Lampe');
    const declinedHold = (await requestHold(declined)).body.id;
    await decide(declinedHold, 'decline');
    const ended = await item(standId, 'Sessel');
    const endedHold = (await requestHold(ended)).body.id;
    await decide(endedHold, 'accept');
    await decide(endedHold, 'end', HOLDER);
    const lapsed = await item(standId, 'Teppich');
    const lapsedHold = (await requestHold(lapsed)).body.id;
    await ds.query(`UPDATE "holds" SET "ends_at" = now() - interval '1 minute' WHERE "id" = $1`, [lapsedHold]);
    const quiet = await item(standId, 'Spiegel');
    const quietHold = (await requestHold(quiet, QUIET)).body.id;
    // The holder's one click in an earlier hold mail (its row, as MailOptOuts.optOut leaves it).
    await ds.query(
      `INSERT INTO "mail_opt_outs" ("token", "address", "scope", "event_id", "opted_out_at") VALUES ($1, $2, 'holds', NULL, now()) ON CONFLICT DO NOTHING`,
      [randomUUID().replaceAll('-', ''), QUIET_MAIL],
    );

    for (const itemId of [declined, ended, lapsed, quiet]) expect((await sell(itemId, true, 'Verkauft')).status).toBe(200);
    for (const holdId of [declinedHold, endedHold, lapsedHold, quietHold]) expect(await soldMails(holdId)).toEqual([]);
    expect((await send<THold>('GET', `/holds/${declinedHold}`)).body.status).toBe('declined');
    expect((await send<THold>('GET', `/holds/${lapsedHold}`)).body.status).toBe('lapsed');
    expect((await send<THold>('GET', `/holds/${quietHold}`, undefined, QUIET)).body.status).toBe('ended');
  });
});

describe('the seller’s mailbox against rounds of asking and ending', () => {
  /** A visitor of their own per test: the open holds of HOLDER count against their limit in the specs after these. */
  const visitor = () => ({ 'x-user-id': randomUUID(), 'x-user-role': 'participant' });

  /** An item of its own title, and the seller's request mails naming it. */
  async function namedItem(standId: string): Promise<{ itemId: string; requestMails: () => Promise<{ to: string }[]> }> {
    const title = `Plattenspieler ${randomUUID().slice(0, 8)}`;
    const itemId = await item(standId, title);
    return { itemId, requestMails: async () => (await outboxMails(ds)).filter((mail) => mail.kind === 'hold-requested' && mail.text.includes(title)) };
  }

  it('mails the seller once of 20 rounds of one visitor asking for one item and ending it; every hold is made and listed', async () => {
    const standId = await stand();
    const { itemId, requestMails } = await namedItem(standId);
    const asker = visitor();
    const holds: string[] = [];
    for (let round = 0; round < 20; round++) {
      const asked = await requestHold(itemId, asker);
      expect(asked).toMatchObject({ status: 201, body: { status: 'requested' } });
      holds.push(asked.body.id);
      expect(await decide(asked.body.id, 'end', asker)).toMatchObject({ status: 200, body: { status: 'ended' } });
    }
    expect((await requestMails()).map((mail) => mail.to)).toEqual([SELLER_MAIL]);
    // The one mail is of the first round; the seller's list has them all.
    expect(await mailsAbout(holds[0]!)).toHaveLength(1);
    const listed = await send<THold[]>('GET', `/stands/${standId}/holds`, undefined, SELLER);
    expect(listed.body.map((hold) => hold.id).sort()).toEqual([...holds].sort());

    // Asked again at once, in parallel: one hold, and still no second mail.
    const again = await Promise.all(Array.from({ length: 4 }, () => requestHold(itemId, asker)));
    expect(again.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await requestMails()).toHaveLength(1);
  });

  it('still mails another visitor’s request for the item and the same round a day later; the visitor’s request for another item of the stand only lists it', async () => {
    const standId = await stand();
    const [asker, another] = [visitor(), visitor()];
    const first = await namedItem(standId);
    const held = (await requestHold(first.itemId, asker)).body.id;
    await decide(held, 'end', asker);
    const other = (await requestHold(first.itemId, another)).body.id;
    expect(await mailsAbout(other)).toEqual([expect.objectContaining({ to: SELLER_MAIL, kind: 'hold-requested' })]);
    await decide(other, 'decline');

    // One visitor cannot spend the seller's budget for mails others cause by asking for many items at once.
    const second = await namedItem(standId);
    const secondHold = (await requestHold(second.itemId, asker)).body.id;
    expect(await second.requestMails()).toEqual([]);
    expect((await send<THold[]>('GET', `/stands/${standId}/holds`, undefined, SELLER)).body.map((hold) => hold.id)).toContain(secondHold);

    // A day after the mail the visitor's next request for the first item is news again.
    const quiet = (await requestHold(first.itemId, asker)).body.id;
    expect(await mailsAbout(quiet)).toEqual([]);
    await decide(quiet, 'end', asker);
    await ds.query(`UPDATE "holds" SET "seller_told_at" = "seller_told_at" - interval '25 hours' WHERE "stand_id" = $1`, [standId]);
    const later = (await requestHold(first.itemId, asker)).body.id;
    expect(await mailsAbout(later)).toEqual([expect.objectContaining({ to: SELLER_MAIL, kind: 'hold-requested' })]);
    expect(await first.requestMails()).toHaveLength(3);
  });

  it('marks only a request that mailed someone: a seller without an address is told of the next one once they have it', async () => {
    const manage = newManageToken();
    const address = `gesa-${randomUUID().slice(0, 8)}@example.de`;
    const guestStand = await stand({ exhibitorId: null, guestFirstName: 'Gesa', guestEmail: address, manageTokenHash: manage.hash });
    const { itemId, requestMails } = await namedItem(guestStand);
    const asker = visitor();
    const unheard = (await requestHold(itemId, asker)).body.id;
    await decide(unheard, 'end', asker);
    expect(await requestMails()).toEqual([]);
    await ds.query(`INSERT INTO "mail_addresses" ("address", "confirmed_at") VALUES ($1, now())`, [address]);
    expect((await requestHold(itemId, asker)).status).toBe(201);
    expect((await requestMails()).map((mail) => mail.to)).toEqual([address]);
  });
});

describe('a stand that leaves', () => {
  it('ends the open holds of a stand that is no longer approved (withdrawn, rejected)', async () => {
    // A visitor of its own: the holds HOLDER keeps open from the tests above count against the 10 one may have.
    const holder = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand();
    const asking = async (title: string) => {
      const answer = await requestHold(await item(standId, title), holder);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.id;
    };
    const accepted = await asking('Kinderfahrrad, 20 Zoll');
    await decide(accepted, 'accept');
    const asked = await asking('Puppenwagen');
    await ds.query(`UPDATE "stands" SET "status" = 'withdrawn' WHERE "id" = $1`, [standId]);
    for (const holdId of [accepted, asked]) {
      const read = await send<THold>('GET', `/holds/${holdId}`, undefined, holder);
      expect(read.body.status, JSON.stringify(read.body)).toBe('ended');
    }
  });
});

describe('the end of a hold by its time', () => {
  it('reads lapsed at once after ends_at, refuses a decision, frees the item, and the job writes it', async () => {
    const standId = await stand();
    const itemId = await item(standId);
    const holdId = (await requestHold(itemId)).body.id;
    await decide(holdId, 'accept');
    // The clock moved past the hold's end.
    await ds.query(`UPDATE "holds" SET "ends_at" = now() - interval '1 second' WHERE "id" = $1`, [holdId]);
    expect((await send<THold>('GET', `/holds/${holdId}`)).body).toMatchObject({ status: 'lapsed', pickupCode: null });
    expect(await itemStatus(standId, itemId)).toBe('available');
    expect(await decide(holdId, 'end')).toEqual(refused(409, HOLD_MESSAGES.decisionNotOpen));

    const other = (await requestHold(await item(standId), OTHER)).body.id;
    await ds.query(`UPDATE "holds" SET "ends_at" = now() - interval '1 second' WHERE "id" = $1`, [other]);
    expect(await app.get(Holds).lapseDue()).toBeGreaterThanOrEqual(1);
    expect(await ds.query(`SELECT "status" FROM "holds" WHERE "id" = ANY($1::uuid[]) ORDER BY "status"`, [[holdId, other]])).toEqual([
      { status: 'lapsed' },
      { status: 'lapsed' },
    ]);
    // The item takes a new request.
    expect((await requestHold(itemId, OTHER)).status).toBe(201);
  });
});

describe('the stand’s hold time', () => {
  it('is in every read of the stand: visitors learn until when the seller keeps an item', async () => {
    const standId = await stand({ holdMinutes: 90 });
    for (const who of [SELLER, ORGANIZER, ADMIN, ANONYMOUS, STRANGER]) {
      expect((await send<TStand>('GET', `/stands/${standId}`, undefined, who)).body.holdMinutes).toBe(90);
    }
  });

  it('is written by the stand’s edit: a whole number of 15 to 240 minutes, left out kept', async () => {
    const standId = await stand();
    const edit = { description: 'Bücher und Platten', categories: ['Bücher'], latitude: 50.9478, longitude: 6.919 };
    expect((await send<TStand>('GET', `/stands/${standId}`, undefined, SELLER)).body.holdMinutes).toBe(60);
    expect(await send<TStand>('PUT', `/stands/${standId}`, { ...edit, holdMinutes: 120 }, SELLER)).toMatchObject({ status: 200, body: { holdMinutes: 120 } });
    expect(await send<TStand>('PUT', `/stands/${standId}`, edit, SELLER)).toMatchObject({ status: 200, body: { holdMinutes: 120 } });
    for (const wrong of [10, 241, 60.5, '60']) {
      expect(await send('PUT', `/stands/${standId}`, { ...edit, holdMinutes: wrong }, SELLER)).toEqual(refused(400, HOLD_MESSAGES.holdMinutesInvalid));
    }
    // The request's end follows the stand's time: the market's start plus 120 minutes.
    const asked = (await requestHold(await item(standId))).body.id;
    expect((await send<THold>('GET', `/holds/${asked}`)).body.endsAt).toBe('2031-06-07T08:00:00.000Z');
  });
});

describe('a holder’s data', () => {
  it('is in their export and goes with their deletion', async () => {
    const holder = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand();
    const held = (await requestHold(await item(standId, 'Schallplatten'), holder)).body.id;
    await decide(held, 'accept');
    const exportOf = () => new UserStandDataController(ds, new ComeBackSubscriptions(ds), app.get(Holds)).read(holder['x-user-id']);
    const exported = await exportOf();
    expect(ZUserStandsExport.safeParse(exported).success).toBe(true);
    expect(exported.holds).toEqual([expect.objectContaining({ id: held, status: 'accepted', item: expect.objectContaining({ title: 'Schallplatten' }) })]);
    expect(exported.holds[0]).not.toHaveProperty('holderName');

    await app.get(Holds).forgetHolder(holder['x-user-id']);
    expect((await exportOf()).holds).toEqual([]);
    expect(await send('GET', `/holds/${held}`, undefined, SELLER)).toEqual(refused(404, HOLD_MESSAGES.holdNotFound));
  });
});
