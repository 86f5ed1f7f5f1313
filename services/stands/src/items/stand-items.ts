import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ACTIVE_STAND_STATUSES, API_ERRORS, ITEMS_MAX_PER_STAND, ITEM_MESSAGES, type TItem, type TItemCreate, type TItemUpdate } from '@flohmarkt/contracts';
import { fail, pathId, publish, type Asker } from '@flohmarkt/server-kit';
import { SoldHolds } from '../holds/sold-holds.js';
import { EventsClient } from '../peers/events-client.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { maySeeStand, visibilityNeedsEvent } from '../stands/stand-access.js';
import { enforce } from '../stands/stand-loader.js';
import { StandQueries } from '../stands/stand-queries.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { guestHolds } from '../stands/guest-manage-token.js';
import { itemWriteDecision, writeNeedsEvent } from './item-access.js';
import { ITEM_COLUMNS, priceColumns, toItem, type ItemRow } from './item-rows.js';

/**
 * A stand's items (issue 35). Reads follow the stand's read rule (stand-access.ts maySeeStand, the
 * event from the read model); changes decide with the event as the events service has it now,
 * like every change of a stand (ARCHITECTURE.md, synchronous calls).
 */
@Injectable()
export class StandItems {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queries: StandQueries,
    private readonly events: EventsClient,
    private readonly knownEvents: EventFactsReadModel,
    private readonly soldHolds: SoldHolds,
  ) {}

  /** The items of a stand the asker may read, newest first; with whether the answer is the public's (an approved stand, signed out). */
  async list(rawStandId: string, asker: Asker): Promise<{ items: TItem[]; publicRead: boolean }> {
    const stand = await this.stand(rawStandId);
    const guest = guestHolds(stand, asker.manageToken);
    if (!guest) {
      const event = visibilityNeedsEvent(asker.caller, stand) ? await this.knownEvents.find(stand.eventId) : null;
      if (!maySeeStand(asker.caller, stand, event)) throw fail.notFound(API_ERRORS.standNotFound);
    }
    const rows: ItemRow[] = await this.dataSource.query(`SELECT ${ITEM_COLUMNS} FROM "items" WHERE "stand_id" = $1 ORDER BY "created_at" DESC, "id" DESC`, [
      stand.id,
    ]);
    return { items: rows.map(toItem), publicRead: !guest && asker.caller === null && stand.status === 'approved' };
  }

  /**
   * A new item, counted under the stand row's lock: two creates at once cannot pass the limit, and a
   * stand withdrawn meanwhile takes none. `parse` checks the body once the asker may write (404, 403, then 400).
   */
  async create(rawStandId: string, asker: Asker, parse: () => TItemCreate): Promise<TItem> {
    const stand = await this.stand(rawStandId);
    await this.mayWrite(stand, asker, API_ERRORS.standNotFound);
    const input = parse();
    const price = priceColumns(input.price);
    return this.dataSource.transaction(async (m) => {
      const [locked]: { status: string }[] = await m.query(`SELECT "status" FROM "stands" WHERE "id" = $1 FOR UPDATE`, [stand.id]);
      if (!locked) throw fail.notFound(API_ERRORS.standNotFound);
      if (!(ACTIVE_STAND_STATUSES as readonly string[]).includes(locked.status)) throw fail.invalid(ITEM_MESSAGES.standNotListing);
      const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM "items" WHERE "stand_id" = $1`, [stand.id]);
      if (n >= ITEMS_MAX_PER_STAND) throw fail.invalid(ITEM_MESSAGES.tooMany);
      const [row]: ItemRow[] = await m.query(
        `INSERT INTO "items" ("stand_id", "title", "price_kind", "price_cents", "category") VALUES ($1, $2, $3, $4, $5) RETURNING ${ITEM_COLUMNS}`,
        [stand.id, input.title, price.kind, price.cents, input.category],
      );
      return toItem(row);
    });
  }

  /**
   * The whole item again; `sold: true` marks it sold, `sold: false` makes a sold one available again,
   * left out keeps the status (a held item stays held). A sale ends the item's open hold and tells its
   * holder, in the same transaction (holds/sold-holds.ts); the holder is looked up before it.
   */
  async update(rawItemId: string, asker: Asker, parse: () => TItemUpdate): Promise<TItem> {
    const { item, stand } = await this.changeable(rawItemId, asker);
    const input = parse();
    const price = priceColumns(input.price);
    const holder = input.sold ? await this.soldHolds.holderOf(this.dataSource.manager, item.id, stand) : null;
    return this.dataSource.transaction(async (m) => {
      // Another sale of the item, and a request for it, wait here (or this waits for them).
      const [locked] = (await m.query(`SELECT "status" FROM "items" WHERE "id" = $1 FOR UPDATE`, [item.id])) as { status: string }[];
      // Removed between the read and the write (its stand deleted, a parallel DELETE).
      if (!locked) throw fail.notFound(ITEM_MESSAGES.itemNotFound);
      if (input.sold && locked.status !== 'sold') await this.soldHolds.endForSale(m, { id: item.id, title: input.title }, stand, holder);
      const [[row]]: [ItemRow[], number] = await m.query(
        `UPDATE "items" SET "title" = $2, "price_kind" = $3, "price_cents" = $4, "category" = $5,
           "status" = CASE WHEN $6::boolean IS NULL THEN "status" WHEN $6::boolean THEN 'sold' WHEN "status" = 'sold' THEN 'available' ELSE "status" END,
           "updated_at" = now()
         WHERE "id" = $1 RETURNING ${ITEM_COLUMNS}`,
        [item.id, input.title, price.kind, price.cents, input.category, input.sold ?? null],
      );
      return toItem(row!);
    });
  }

  /** Removes the item; the owner, a guest with the token, the organiser and admins may. */
  async remove(rawItemId: string, asker: Asker): Promise<void> {
    const { item, stand } = await this.changeable(rawItemId, asker);
    // The photo's files go too: media hears of it from the outbox, in the same transaction as the delete.
    await this.dataSource.transaction(async (m) => {
      const [, removed] = (await m.query(`DELETE FROM "items" WHERE "id" = $1`, [item.id])) as [unknown, number];
      if (removed) await publish(m, 'ItemDeleted', { itemId: item.id, standId: stand.id });
    });
  }

  /**
   * The item and its stand, once the asker may change it (404 for an item whose stand they may not
   * see, then 403): the one rule for every change of an item, its photo's too (item-photo-access.ts).
   */
  async changeable(rawItemId: string, asker: Asker): Promise<{ item: ItemRow; stand: StandEntity }> {
    const found = await this.item(rawItemId);
    await this.mayWrite(found.stand, asker, ITEM_MESSAGES.itemNotFound);
    return found;
  }

  private async mayWrite(stand: StandEntity, asker: Asker, notFound: string): Promise<void> {
    const guest = guestHolds(stand, asker.manageToken);
    const event = writeNeedsEvent(asker.caller, stand, guest) ? await this.events.find(stand.eventId) : null;
    enforce(itemWriteDecision(asker.caller, stand, event, guest, notFound));
  }

  private async stand(rawId: string): Promise<StandEntity> {
    const stand = await this.queries.one(pathId(rawId, API_ERRORS.standNotFound));
    if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
    return stand;
  }

  private async item(rawId: string): Promise<{ item: ItemRow; stand: StandEntity }> {
    const id = pathId(rawId, ITEM_MESSAGES.itemNotFound);
    const [item]: ItemRow[] = await this.dataSource.query(`SELECT ${ITEM_COLUMNS} FROM "items" WHERE "id" = $1`, [id]);
    const stand = item ? await this.queries.one(item.stand_id) : null;
    if (!item || !stand) throw fail.notFound(ITEM_MESSAGES.itemNotFound);
    return { item, stand };
  }
}
