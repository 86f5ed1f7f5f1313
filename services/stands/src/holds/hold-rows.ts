import { OPEN_HOLD_STATUSES, type THold, type THoldStatus } from '@flohmarkt/contracts';

/** The open statuses as SQL lists them ('requested', 'accepted'). */
export const OPEN_SQL = OPEN_HOLD_STATUSES.map((s) => `'${s}'`).join(', ');

/** A hold with what its reads show of the item and the market, as HOLD_SELECT reads it. */
export interface HoldRow {
  id: string;
  item_id: string;
  stand_id: string;
  holder_id: string;
  status: THoldStatus;
  pickup_code: string | null;
  decision_token_hash: string;
  ends_at: Date;
  created_at: Date;
  decided_at: Date | null;
  title: string;
  price_kind: 'fixed' | 'negotiable' | 'free';
  price_cents: number | null;
  event_id: string;
  event_name: string | null;
  event_start: Date | null;
  event_location: string | null;
}

/**
 * Every read of a hold. An open hold past its end reads 'lapsed' at once, before the job or the next
 * request writes it so: nobody sees an expired hold as open. Filter and order after it (`h`, `i`, `s`, `e`).
 */
export const HOLD_SELECT = `SELECT h."id", h."item_id", h."stand_id", h."holder_id",
    CASE WHEN h."status" IN (${OPEN_SQL}) AND h."ends_at" <= now() THEN 'lapsed' ELSE h."status" END AS "status",
    h."pickup_code", h."decision_token_hash", h."ends_at", h."created_at", h."decided_at",
    i."title", i."price_kind", i."price_cents", s."event_id",
    e."name" AS "event_name", e."start_date_time" AS "event_start", e."location" AS "event_location"
  FROM "holds" h
  JOIN "items" i ON i."id" = h."item_id"
  JOIN "stands" s ON s."id" = h."stand_id"
  LEFT JOIN "event_facts" e ON e."event_id" = s."event_id"`;

/** Open holds first (the ones still running), then newest first. */
export const HOLD_ORDER = `ORDER BY (h."status" IN (${OPEN_SQL}) AND h."ends_at" > now()) DESC, h."created_at" DESC, h."id" DESC`;

/** Who reads a hold: its holder (the pickup code, no holder name), or the seller (also the holder's display name). */
export type HoldView = { as: 'holder' } | { as: 'seller'; holderName: string };

/** The read shape (contracts ZHold). `stand.label` is the stand's name as this reader may see it. */
export function toHold(row: HoldRow, standLabel: string, view: HoldView): THold {
  return {
    id: row.id,
    itemId: row.item_id,
    standId: row.stand_id,
    eventId: row.event_id,
    status: row.status,
    // The code only while the hold stands: after its end it opens nothing.
    pickupCode: row.status === 'accepted' ? row.pickup_code : null,
    ...(view.as === 'seller' ? { holderName: view.holderName } : {}),
    endsAt: row.ends_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    item: {
      title: row.title,
      price: row.price_kind === 'free' || row.price_cents === null ? { kind: row.price_kind } : { kind: row.price_kind, cents: row.price_cents },
    },
    stand: { label: standLabel },
    // A market the read model no longer names (deleted): its hold still reads, without the facts.
    event: {
      name: row.event_name ?? '',
      startDateTime: (row.event_start ?? row.ends_at).toISOString(),
      location: row.event_location ?? '',
    },
  };
}
