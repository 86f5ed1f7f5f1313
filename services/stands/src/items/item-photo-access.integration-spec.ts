import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, MEDIA_ERRORS, itemPhotoPath, type TItem } from '@flohmarkt/contracts';
import { HoldMails } from '../holds/hold-mails.js';
import { SoldHolds } from '../holds/sold-holds.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { newManageToken } from '../stands/guest-manage-token.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import type { StandEntity } from '../stands/stand.entity.js';
import type { FreshDatabase } from '../testing/fresh-database.js';
import { eventFacts, insertStand } from '../testing/fixtures.js';
import { GATEWAY_TOKEN, SERVICE_TOKEN, jsonCalls, refused, user, withStandsApp } from '../testing/stands-app.js';
import { ItemPhotoAccess } from './item-photo-access.js';
import { ItemPhotoAccessController } from './item-photo-access.controller.js';
import { ItemsController } from './items.controller.js';
import { StandItems } from './stand-items.js';

/*
 * The media service's item photo calls (issue 35, contracts ITEM_PHOTO_ACCESS and ITEM_PHOTO_SET)
 * through the stands service's HTTP app: who may change an item's photo (the item write rule), and
 * the path the item then names, as its public read shows it. The events service answers from a stub.
 */

const EVENT = randomUUID();
const ORGANIZER = user('organizer');
const SELLER = user();
const STRANGER = user();
const ADMIN = user('admin');

let fresh: FreshDatabase;
let base: string;

withStandsApp(
  {
    controllers: [ItemsController, ItemPhotoAccessController],
    providers: [
      // Every market as the events service has it now: organised by ORGANIZER.
      { provide: EventsClient, useValue: { find: async (id: string) => ({ id, organizerId: ORGANIZER['x-user-id'] }) } },
      EventFactsReadModel,
      StandQueries,
      StandItems,
      ItemPhotoAccess,
      // StandItems' sale (holds/sold-holds.ts), never reached here.
      UserNamesReadModel,
      PhotoStatesReadModel,
      StandPresenter,
      MailOptOuts,
      HoldMails,
      SoldHolds,
    ],
    events: [eventFacts({ eventId: EVENT, organizerId: ORGANIZER['x-user-id'] })],
  },
  (started) => ({ base, fresh } = started),
);

const send = jsonCalls(() => base, { who: SELLER, token: SERVICE_TOKEN });

/** A stand of SELLER at a market of its own (approved unless told) with one item; answers both ids. */
async function itemOf(values: Partial<StandEntity> = {}): Promise<{ standId: string; itemId: string }> {
  const standId = (await insertStand(fresh.ds, { eventId: randomUUID(), exhibitorId: SELLER['x-user-id'], ...values })).id;
  const [{ id: itemId }]: { id: string }[] = await fresh.ds.query(
    `INSERT INTO "items" ("stand_id", "title", "price_kind", "price_cents", "category") VALUES ($1, 'Stehlampe', 'fixed', 1250, 'Möbel') RETURNING "id"`,
    [standId],
  );
  return { standId, itemId };
}

const access = (itemId: string, who: Record<string, string> = SELLER) => send('GET', `/internal/items/${itemId}/photo-access`, undefined, who);
const setPhoto = (itemId: string, photo: string | null, who: Record<string, string> = SELLER) =>
  send('POST', `/internal/items/${itemId}/photo`, { photo }, who);
const publicItems = async (standId: string) => (await send<TItem[]>('GET', `/stands/${standId}/items`, undefined, {}, GATEWAY_TOKEN)).body;

describe('the item photo calls', () => {
  it("name the item's stand for its owner, and the path set shows in the item's public read until it is set to null", async () => {
    const { standId, itemId } = await itemOf();
    expect(await access(itemId)).toEqual({ status: 200, body: { itemId, standId } });
    const path = itemPhotoPath(standId, itemId, randomUUID());
    expect(await setPhoto(itemId, path)).toEqual({ status: 200, body: { itemId, standId, photo: path } });
    expect((await publicItems(standId)).map((i) => i.photo)).toEqual([path]);
    expect(await setPhoto(itemId, null)).toEqual({ status: 200, body: { itemId, standId, photo: null } });
    expect((await publicItems(standId)).map((i) => i.photo)).toEqual([null]);
  });

  it('let the organiser and an admin change the photo, and refuse a stranger with 403 and an unknown item with 404', async () => {
    const { standId, itemId } = await itemOf();
    expect((await access(itemId, ORGANIZER)).status).toBe(200);
    expect((await setPhoto(itemId, itemPhotoPath(standId, itemId, randomUUID()), ADMIN)).status).toBe(200);
    expect(await access(itemId, STRANGER)).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    expect(await setPhoto(itemId, null, STRANGER)).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    expect(await access(randomUUID())).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    expect(await access('kein-angebot')).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    expect(await setPhoto(randomUUID(), null)).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
  });

  it('answer 404 to a stranger for an item of a pending stand, and let its owner change it', async () => {
    const { itemId } = await itemOf({ status: 'pending' });
    expect(await access(itemId, STRANGER)).toEqual(refused(404, ITEM_MESSAGES.itemNotFound));
    expect((await access(itemId)).status).toBe(200);
  });

  it("open to the guest whose stand's manage token comes along, as the item itself does, and to no other token", async () => {
    const token = newManageToken();
    const { standId, itemId } = await itemOf({ exhibitorId: null, manageTokenHash: token.hash });
    const guest = { 'x-manage-token': token.token };
    expect(await access(itemId, guest)).toEqual({ status: 200, body: { itemId, standId } });
    const path = itemPhotoPath(standId, itemId, randomUUID());
    expect(await setPhoto(itemId, path, guest)).toEqual({ status: 200, body: { itemId, standId, photo: path } });
    expect(await access(itemId, { 'x-manage-token': newManageToken().token })).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    expect(await access(itemId, {})).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    // Another guest's stand: that token opens its own items only.
    const other = newManageToken();
    const foreign = await itemOf({ exhibitorId: null, manageTokenHash: other.hash });
    expect(await setPhoto(foreign.itemId, null, guest)).toEqual(refused(403, ITEM_MESSAGES.editForbidden));
    // A withdrawn stand's link is spent.
    await fresh.ds.query(`UPDATE "stands" SET "status" = 'withdrawn' WHERE "id" = $1`, [standId]);
    expect((await access(itemId, guest)).status).toBe(404);
  });

  it("refuse the gateway's credential: these are media's questions", async () => {
    const { itemId } = await itemOf();
    expect((await send('GET', `/internal/items/${itemId}/photo-access`, undefined, SELLER, GATEWAY_TOKEN)).status).toBe(401);
  });

  it("take only a path of this item's own photos", async () => {
    const { standId, itemId } = await itemOf();
    const other = await itemOf();
    const foreign = [
      itemPhotoPath(other.standId, other.itemId, randomUUID()),
      itemPhotoPath(standId, other.itemId, randomUUID()),
      `/api/media/stands/${standId}/${randomUUID()}.jpg`,
      itemPhotoPath(standId, itemId, 'nicht-eine-id'),
      'https://example.org/foto.jpg',
    ];
    for (const path of foreign) expect(await setPhoto(itemId, path)).toEqual(refused(400, MEDIA_ERRORS.photoNotFound));
    expect((await publicItems(standId)).map((i) => i.photo)).toEqual([null]);
  });
});
