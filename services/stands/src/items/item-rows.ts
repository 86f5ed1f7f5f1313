import type { TItem, TItemPrice, TItemStatus } from '@flohmarkt/contracts';

/** An `items` row as raw SQL reads it (a raw table like follows and alerts: no entity). */
export interface ItemRow {
  id: string;
  stand_id: string;
  title: string;
  price_kind: 'fixed' | 'negotiable' | 'free';
  price_cents: number | null;
  category: string;
  photo: string | null;
  status: TItemStatus;
  created_at: Date;
  updated_at: Date;
}

/**
 * An item reads 'held' while an accepted hold of it lasts (issue 35, holds/): derived here, in the one
 * column list every read of an item uses, rather than written, so a hold that lapses by its time frees
 * the item at that instant without a write. Written only by `FROM "items"` and `RETURNING` (no alias).
 */
export const ITEM_STATUS = `CASE WHEN "items"."status" = 'available' AND EXISTS (
    SELECT 1 FROM "holds" h WHERE h."item_id" = "items"."id" AND h."status" = 'accepted' AND h."ends_at" > now()
  ) THEN 'held' ELSE "items"."status" END`;

export const ITEM_COLUMNS = `"id", "stand_id", "title", "price_kind", "price_cents", "category", "photo", ${ITEM_STATUS} AS "status", "created_at", "updated_at"`;

/** The read shape (contracts ZItem): cents only where the price has an amount. */
export function toItem(row: ItemRow): TItem {
  return {
    id: row.id,
    standId: row.stand_id,
    title: row.title,
    price: row.price_kind === 'free' || row.price_cents === null ? { kind: row.price_kind } : { kind: row.price_kind, cents: row.price_cents },
    category: row.category,
    photo: row.photo,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The two price columns of a checked price: "zu verschenken" and a VB without asking price have no amount. */
export function priceColumns(price: TItemPrice): { kind: TItemPrice['kind']; cents: number | null } {
  return { kind: price.kind, cents: 'cents' in price && price.cents !== undefined ? price.cents : null };
}
