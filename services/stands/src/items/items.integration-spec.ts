import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { API_ERRORS, ITEM_MESSAGES, VALIDATION, type TItem, type TJobPayload, type TStand } from '@flohmarkt/contracts';
import { HoldMails } from '../holds/hold-mails.js';
import { SoldHolds } from '../holds/sold-holds.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { EventsClient } from '../peers/events-client.js';
import { EventStandsController } from '../stands/event-stands.controller.js';
import { newManageToken } from '../stands/guest-manage-token.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandController } from '../stands/stand.controller.js';
import { StandEntity } from '../stands/stand.entity.js';
import { UserStandsController } from '../stands/user-stands.controller.js';
import type { FreshDatabase } from '../testing/fresh-database.js';
import { eventFacts, insertStand } from '../testing/fixtures.js';
import { COMMANDS_WITHOUT_MAILS, STAND_READS, jsonCalls, refused, user, withStandsApp } from '../testing/stands-app.js';
import { ItemsController } from './items.controller.js';
import { StandItems } from './stand-items.js';

/*
 * A stand's items (issue 35) through the stands service's HTTP app: who may list, add, change, mark
 * sold and remove them, the limit of 20, and the count on the stand's reads. The events service
 * answers from a stub with the market's organiser.
 */

const EVENT = randomUUID();
const ORGANIZER = user('organizer');
const SELLER = user();
const STRANGER = user();
const ADMIN = user('admin');
const ANONYMOUS = {};

let fresh: FreshDatabase;
let app: INestApplication;
let base: string;

withStandsApp(
  {
    controllers: [ItemsController, UserStandsController, StandController, EventStandsController],
    providers: [
      COMMANDS_WITHOUT_MAILS,
      // The market as the events service has it now: organised by ORGANIZER.
      { provide: EventsClient, useValue: { find: async (id: string) => (id === EVENT ? { id, organizerId: ORGANIZER['x-user-id'] } : null) } },
      ...STAND_READS,
      StandItems,
      // A sale ends the item's hold and mails its holder (holds/sold-holds.ts).
      MailOptOuts,
      HoldMails,
      SoldHolds,
    ],
    events: [eventFacts({ eventId: EVENT, organizerId: ORGANIZER['x-user-id'] })],
  },
  (started) => ({ app, base, fresh } = started),
);

const send = jsonCalls(() => base, { who: SELLER, idempotent: true });
const stand = async (values: Partial<StandEntity> = {}) => (await insertStand(fresh.ds, { eventId: EVENT, ...values })).id;

const lamp = { title: 'Stehlampe aus Messing', price: { kind: 'fixed', cents: 1250 }, category: 'Möbel' };
const addItem = (standId: string, who: Record<string, string> = SELLER, item: object = lamp) => send<TItem>('POST', `/stands/${standId}/items`, item, who);

describe('the owner’s items', () => {
  it('adds, changes, marks sold and back, and removes an item; the list is newest first', async () => {
    const standId = await stand({ exhibitorId: SELLER['x-user-id'], eventId: randomUUID() });
    const created = await addItem(standId);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      standId,
      title: 'Stehlampe aus Messing',
      price: { kind: 'fixed', cents: 1250 },
      category: 'Möbel',
      photo: null,
      status: 'available',
    });
    const free = await addItem(standId, SELLER, { title: '  Kinderbücher  ', price: { kind: 'free' }, category: 'Bücher' });
    expect(free.body).toMatchObject({ title: 'Kinderbücher', price: { kind: 'free' } });
    expect(free.body.price).not.toHaveProperty('cents');

    const listed = await send<TItem[]>('GET', `/stands/${standId}/items`, undefined, ANONYMOUS);
    expect(listed.status).toBe(200);
    expect(listed.body.map((i) => i.id)).toEqual([free.body.id, created.body.id]);

    const changed = await send<TItem>('PUT', `/items/${created.body.id}`, { ...lamp, price: { kind: 'negotiable' }, sold: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ price: { kind: 'negotiable' }, status: 'sold' });
    // Left out: the status stays; false: available again.
    expect((await send<TItem>('PUT', `/items/${created.body.id}`, lamp)).body.status).toBe('sold');
    expect((await send<TItem>('PUT', `/items/${created.body.id}`, { ...lamp, sold: false })).body).toMatchObject({
      status: 'available',
      price: { kind: 'fixed', cents: 1250 },
    });

    expect((await send('DELETE', `/items/${created.body.id}`)).status).toBe(204);
    expect((await send<TItem[]>('GET', `/stands/${standId}/items`)).body.map((i) => i.id)).toEqual([free.body.id]);
    expect(await send('DELETE', `/items/${created.body.id}`)).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    // Media hears of it from the outbox (its photo's files go), once.
    const told = (await app.get(DataSource).query(`SELECT "payload" FROM "outbox" WHERE "name" = 'ItemDeleted'`)) as { payload: TJobPayload<'ItemDeleted'> }[];
    expect(told.map((row) => row.payload).filter((p) => p.itemId === created.body.id)).toEqual([{ itemId: created.body.id, standId: created.body.standId }]);
  });

  it('refuses the 21st item, also when many arrive at once', async () => {
    const standId = await stand({ exhibitorId: SELLER['x-user-id'], eventId: randomUUID() });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => addItem(standId, SELLER, { ...lamp, title: `Lampe Nummer ${i}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status !== 201)).toEqual(Array(5).fill(refused(400, ITEM_MESSAGES.tooMany)));
    expect(await addItem(standId)).toEqual(refused(400, ITEM_MESSAGES.tooMany));
    expect((await send<TItem[]>('GET', `/stands/${standId}/items`)).body).toHaveLength(20);
  });

  it('refuses a bad price, a bad title, an unknown category and hostile text in German with a 400', async () => {
    const standId = await stand({ exhibitorId: SELLER['x-user-id'], eventId: randomUUID() });
    expect(await addItem(standId, SELLER, { ...lamp, price: { kind: 'fixed', cents: -5 } })).toEqual(refused(400, ITEM_MESSAGES.centsInvalid));
    expect(await addItem(standId, SELLER, { ...lamp, price: { kind: 'gratis' } })).toEqual(refused(400, ITEM_MESSAGES.priceInvalid));
    expect(await addItem(standId, SELLER, { ...lamp, price: { kind: 'fixed', cents: 12.5 } })).toEqual(refused(400, ITEM_MESSAGES.centsInvalid));
    expect(await addItem(standId, SELLER, { ...lamp, title: 'ab' })).toEqual(refused(400, ITEM_MESSAGES.titleRequired));
    expect(await addItem(standId, SELLER, { ...lamp, title: 'x'.repeat(81) })).toEqual(refused(400, ITEM_MESSAGES.titleTooLong));
    expect(await addItem(standId, SELLER, { ...lamp, category: 'Waffen' })).toEqual(refused(400, VALIDATION.invalidStandCategory));
    expect(await addItem(standId, SELLER, { ...lamp, title: 42 })).toEqual(refused(400, ITEM_MESSAGES.titleRequired));
    // Unstorable text (NUL, a lone surrogate) is the house's 400, never a database error.
    for (const title of ['Lampe\u0000mit Null', 'Lampe \ud800 halb']) {
      expect(await addItem(standId, SELLER, { ...lamp, title })).toEqual(refused(400, VALIDATION.invalidCharacters));
    }
    // Direction overrides (a disguise) are dropped like in every other text; a title of nothing else is blank.
    expect(await addItem(standId, SELLER, { ...lamp, title: '\u202E\u202E\u202E\u202E' })).toEqual(refused(400, ITEM_MESSAGES.titleRequired));
    const created = await addItem(standId, SELLER, { ...lamp, title: 'Stehlampe \u202Eaus Messing' });
    expect(created.body.title).toBe('Stehlampe aus Messing');
    expect(await send('PUT', `/items/${created.body.id}`, { ...lamp, title: 'Lampe\u0000' })).toEqual(refused(400, VALIDATION.invalidCharacters));
    expect((await send('PUT', `/items/${created.body.id}`, { ...lamp, sold: 'ja' })).status).toBe(400);
    expect((await send('PUT', `/items/${created.body.id}`, { ...lamp, price: { kind: 'fixed' } })).status).toBe(400);
    expect((await send<TItem[]>('GET', `/stands/${standId}/items`)).body.map((i) => i.title)).toEqual(['Stehlampe aus Messing']);
  });

  it('takes no items on a withdrawn or rejected stand', async () => {
    const withdrawn = await stand({ exhibitorId: SELLER['x-user-id'], eventId: randomUUID(), status: 'withdrawn' });
    expect(await addItem(withdrawn)).toEqual(refused(400, ITEM_MESSAGES.standNotListing));
    const rejected = await stand({ exhibitorId: SELLER['x-user-id'], eventId: randomUUID(), status: 'rejected' });
    expect(await addItem(rejected)).toEqual(refused(400, ITEM_MESSAGES.standNotListing));
  });
});

describe('who else may', () => {
  it('a stranger and an anonymous caller may not add, change or remove (403); organiser and admin may remove', async () => {
    const owner = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand({ exhibitorId: owner['x-user-id'] });
    const first = await addItem(standId, owner);
    const second = await addItem(standId, owner);
    for (const who of [STRANGER, ANONYMOUS]) {
      expect(await addItem(standId, who)).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
      expect(await send('PUT', `/items/${first.body.id}`, { ...lamp, sold: true }, who)).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
      expect(await send('DELETE', `/items/${first.body.id}`, undefined, who)).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    }
    // The permission comes before the body: a stranger's bad body is still a 403.
    expect(await addItem(standId, STRANGER, { title: 1 })).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    expect((await send('DELETE', `/items/${first.body.id}`, undefined, ORGANIZER)).status).toBe(204);
    expect((await send('DELETE', `/items/${second.body.id}`, undefined, ADMIN)).status).toBe(204);
    expect((await send<TItem[]>('GET', `/stands/${standId}/items`)).body).toEqual([]);
  });

  it('a guest with their stand’s manage token may add and change; a wrong or another stand’s token is refused', async () => {
    const mine = newManageToken();
    const other = newManageToken();
    const standId = await stand({ guestFirstName: 'Gerda', status: 'pending', manageTokenHash: mine.hash });
    await stand({ guestFirstName: 'Otto', status: 'pending', manageTokenHash: other.hash });
    const created = await addItem(standId, { 'x-manage-token': mine.token });
    expect(created.status).toBe(201);
    expect((await send<TItem>('PUT', `/items/${created.body.id}`, { ...lamp, sold: true }, { 'x-manage-token': mine.token })).body.status).toBe('sold');
    // Their pending stand's items: the guest reads them with the token, the public does not.
    expect((await send<TItem[]>('GET', `/stands/${standId}/items`, undefined, { 'x-manage-token': mine.token })).body).toHaveLength(1);
    // The pending stand is not the public's: without a valid token it is not there at all.
    for (const wrong of [other.token, newManageToken().token, 'kein-token', '']) {
      expect(await addItem(standId, { 'x-manage-token': wrong })).toEqual(refused(404, API_ERRORS.standNotFound));
      expect(await send('DELETE', `/items/${created.body.id}`, undefined, { 'x-manage-token': wrong })).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    }
    // On an approved guest stand, a wrong token is the 403.
    const approved = await stand({ guestFirstName: 'Gerda', manageTokenHash: newManageToken().hash });
    expect(await addItem(approved, { 'x-manage-token': mine.token })).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
  });

  it('a pending stand’s items are hidden from strangers like the stand (404), shown to the owner and organiser', async () => {
    const seller = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand({ exhibitorId: seller['x-user-id'], status: 'pending' });
    await addItem(standId, seller);
    expect(await send('GET', `/stands/${standId}/items`, undefined, ANONYMOUS)).toEqual(refused(404, API_ERRORS.standNotFound));
    expect(await send('GET', `/stands/${standId}/items`, undefined, STRANGER)).toEqual(refused(404, API_ERRORS.standNotFound));
    expect(await addItem(standId, STRANGER)).toEqual(refused(404, API_ERRORS.standNotFound));
    const owners = await send<TItem[]>('GET', `/stands/${standId}/items`, undefined, seller);
    expect(owners.body).toHaveLength(1);
    expect(owners.cacheControl).toBe('private, no-store');
    expect((await send<TItem[]>('GET', `/stands/${standId}/items`, undefined, ORGANIZER)).body).toHaveLength(1);
    expect(await send('GET', `/stands/${randomUUID()}/items`, undefined, ANONYMOUS)).toEqual(refused(404, API_ERRORS.standNotFound));
    expect(await send('GET', `/stands/kein-stand/items`, undefined, ANONYMOUS)).toEqual(refused(404, API_ERRORS.standNotFound));
  });
});

describe('the count on the stand’s reads', () => {
  it('counts every listed item, sold ones included, on the stand and in the event’s list', async () => {
    const seller = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand({ exhibitorId: seller['x-user-id'] });
    const empty = await stand({ exhibitorId: randomUUID() });
    const first = await addItem(standId, seller);
    await addItem(standId, seller);
    await send('PUT', `/items/${first.body.id}`, { ...lamp, sold: true }, seller);
    expect((await send<TStand>('GET', `/stands/${standId}`, undefined, ANONYMOUS)).body.itemCount).toBe(2);
    expect((await send<TStand>('GET', `/stands/${empty}`, undefined, ANONYMOUS)).body.itemCount).toBe(0);
    const list = (await send<TStand[]>('GET', `/events/${EVENT}/stands`, undefined, ANONYMOUS)).body;
    expect(list.find((s) => s.id === standId)?.itemCount).toBe(2);
    expect(list.find((s) => s.id === empty)?.itemCount).toBe(0);
    // The seller's own list (built apart from the event's) counts the same.
    const own = (await send<TStand[]>('GET', `/users/${seller['x-user-id']}/stands`, undefined, seller)).body;
    expect(own.map((s) => [s.id, s.itemCount])).toEqual([[standId, 2]]);
  });

  it('a seller’s self-deletion (UserDeleted) removes their stands and with them their items', async () => {
    const seller = { 'x-user-id': randomUUID(), 'x-user-role': 'participant' };
    const standId = await stand({ exhibitorId: seller['x-user-id'], eventId: randomUUID() });
    const kept = await stand({ exhibitorId: randomUUID(), eventId: randomUUID() });
    await addItem(standId, seller);
    await addItem(kept, { 'x-user-id': (await fresh.ds.getRepository(StandEntity).findOneByOrFail({ id: kept })).exhibitorId!, 'x-user-role': 'participant' });
    await app.get(StandCommands).removeOfUser(seller['x-user-id']);
    const left: { stand_id: string }[] = await fresh.ds.query(`SELECT stand_id FROM items WHERE stand_id = ANY($1::uuid[])`, [[standId, kept]]);
    expect(left.map((r) => r.stand_id)).toEqual([kept]);
  });
});
