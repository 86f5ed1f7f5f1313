import type { TItem, TItemStatus } from '@flohmarkt/contracts';

/** A row of `items` as migration Items1764900700000 makes it. */
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

/** The item as everyone reads it (ZItem): a free item has no cents, a negotiable one only when asked. */
export function toSearchItem(row: ItemRow): TItem {
  const price = row.price_kind === 'free' || row.price_cents === null ? { kind: row.price_kind } : { kind: row.price_kind, cents: row.price_cents };
  return {
    id: row.id,
    standId: row.stand_id,
    title: row.title,
    price,
    category: row.category,
    photo: row.photo,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
